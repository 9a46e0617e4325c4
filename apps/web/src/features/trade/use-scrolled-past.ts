import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element behind `target` has begun to slide under the sticky bar behind `bar` (any part
 * of it is hidden there): the trade page's bar then shows the live price that is scrolling away, so
 * a price stays in view while the user fills an order further down.
 */
export function useScrolledPast<T extends Element, B extends HTMLElement>() {
  const target = useRef<T>(null);
  const bar = useRef<B>(null);
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = target.current;
    // Without IntersectionObserver (the test DOM has none) the bar keeps showing only the coin.
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const inset = bar.current?.offsetHeight ?? 0;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setPast(entry.intersectionRatio < 1 && entry.boundingClientRect.top < inset);
      },
      { rootMargin: `-${inset}px 0px 0px 0px`, threshold: [0, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { target, bar, past };
}
