import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import {
  dragOffsetPx,
  gestureAxis,
  indexAtPosition,
  positionOfIndex,
  settledPosition,
  stepPosition,
  swipeStep,
} from './carousel-logic.ts';

/** A sideways move shorter than this is a tap, not yet a swipe. */
const SLOP_PX = 6;

/** Whether the page is in the background, where autoplay would only burn the battery. */
export function usePageHidden(): boolean {
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.hidden);
  useEffect(() => {
    const update = () => setHidden(document.hidden);
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return hidden;
}

/**
 * The track's position and motion. `go` moves one step with the transition; `settle` ends a move,
 * jumping from a copy onto the real slide it shows.
 */
export function useCarouselTrack(count: number, loop: boolean, durationMs: number) {
  const [position, setPosition] = useState(() => positionOfIndex(0, count, loop));
  const [animating, setAnimating] = useState(false);

  // A new list starts again at its first slide.
  useEffect(() => {
    setAnimating(false);
    setPosition(positionOfIndex(0, count, loop));
  }, [count, loop]);

  const settle = useCallback(() => {
    setAnimating(false);
    setPosition((p) => settledPosition(p, count, loop));
  }, [count, loop]);

  const go = useCallback(
    (step: number) => {
      setAnimating(true);
      setPosition((p) => stepPosition(p, step, count, loop));
    },
    [count, loop],
  );

  // The end of the move settles a copy onto its real slide. transitionend is the usual signal; the
  // timer covers reduced motion (no transition at all) and a move interrupted before it ended.
  useEffect(() => {
    if (!animating) return;
    const timer = setTimeout(settle, durationMs + 50);
    return () => clearTimeout(timer);
  }, [animating, position, durationMs, settle]);

  const index = indexAtPosition(position, count, loop);
  return { position, index, animating, setAnimating, settle, go };
}

/**
 * Steps forward every `intervalMs` while autoplay is on, there is more than one slide, and nothing
 * pauses it. Keyed on the slide shown rather than the track position, so settling from a copy onto
 * the same slide does not restart the interval.
 */
export function useAutoplay(options: {
  autoplay: boolean;
  count: number;
  paused: boolean;
  index: number;
  intervalMs: number;
  go(step: number): void;
}) {
  const { autoplay, count, paused, index, intervalMs, go } = options;
  useEffect(() => {
    if (!autoplay || count < 2 || paused) return;
    const timer = setTimeout(() => go(1), intervalMs);
    return () => clearTimeout(timer);
  }, [autoplay, count, paused, index, intervalMs, go]);
}

/** Whether a hovering mouse or focus inside holds the carousel still, and the handlers that track it. */
export function useCarouselHold() {
  const [held, setHeld] = useState({ hover: false, focus: false });
  const handlers = {
    onPointerEnter: (e: PointerEvent) => e.pointerType === 'mouse' && setHeld((h) => ({ ...h, hover: true })),
    onPointerLeave: (e: PointerEvent) =>
      e.pointerType === 'mouse' && setHeld((h) => ({ ...h, hover: false })),
    onFocus: () => setHeld((h) => ({ ...h, focus: true })),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget)) setHeld((h) => ({ ...h, focus: false }));
    },
  };
  return { held: held.hover || held.focus, handlers };
}

/**
 * Swiping the carousel with touch, pen or mouse. The track follows the finger (`dragPx`, null when
 * no swipe runs); on release it moves a slide when the swipe went far enough, else springs back.
 * A swipe that ends over a slide does not count as a tap on it.
 */
export function useCarouselSwipe(options: {
  count: number;
  thresholdPx: number;
  rtl: boolean;
  viewportRef: RefObject<HTMLElement | null>;
  track: { settle(): void; go(step: number): void; setAnimating(animating: boolean): void };
}) {
  const { count, thresholdPx, rtl, viewportRef, track } = options;
  const [dragPx, setDragPx] = useState<number | null>(null);
  const gesture = useRef<{ id: number; x: number; y: number; sideways: boolean | null } | null>(null);
  const swallowClick = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (count < 2 || (event.pointerType === 'mouse' && event.button !== 0)) return;
    swallowClick.current = false;
    track.settle();
    gesture.current = { id: event.pointerId, x: event.clientX, y: event.clientY, sideways: null };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const g = gesture.current;
    if (!g || g.id !== event.pointerId) return;
    const dx = event.clientX - g.x;
    if (g.sideways === null) {
      const axis = gestureAxis(dx, event.clientY - g.y, SLOP_PX);
      if (axis === 'undecided') return;
      g.sideways = axis === 'sideways';
      if (!g.sideways) {
        gesture.current = null;
        return;
      }
      swallowClick.current = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    setDragPx(dragOffsetPx(dx, viewportRef.current?.clientWidth ?? 0));
  };
  const endGesture = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const g = gesture.current;
    if (!g || g.id !== event.pointerId) return;
    gesture.current = null;
    if (!g.sideways) return;
    const step = cancelled ? 0 : swipeStep(event.clientX - g.x, thresholdPx, rtl);
    setDragPx(null);
    if (step !== 0) track.go(step);
    else track.setAnimating(true);
  };
  const onClickCapture = (event: MouseEvent) => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  const handlers = {
    onPointerDown,
    onPointerMove,
    onPointerUp: (e: PointerEvent<HTMLElement>) => endGesture(e, false),
    onPointerCancel: (e: PointerEvent<HTMLElement>) => endGesture(e, true),
    onClickCapture,
  };
  return { dragPx, handlers };
}
