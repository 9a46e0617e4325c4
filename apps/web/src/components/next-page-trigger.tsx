import { useEffect, useRef } from 'react';

/**
 * The end of an infinitely scrolled list: asks for the next page when it comes near the bottom of
 * the screen. Give it a `key` per page, so that it is re-created for every page and a page too
 * short to fill the screen is followed by the next at once.
 */
export function NextPageTrigger({ onVisible, testId }: { onVisible(): void; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '0px 0px 240px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return <div ref={ref} style={{ height: 1 }} data-testid={testId} />;
}
