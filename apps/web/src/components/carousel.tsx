import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { isRightToLeft } from '@vela/i18n';
import { i18n, useT } from '../lib/i18n.ts';
import {
  arrowKeyStep,
  indexAtPosition,
  positionOfIndex,
  settledPosition,
  stepPosition,
  swipeStep,
  trackLength,
  trackOffsetPercent,
} from './carousel-maths.ts';
import './carousel.css';

export interface CarouselProps {
  count: number;
  /** Renders slide `index`; with `loop`, the first and last slides are rendered twice (once as a copy). */
  renderSlide: (index: number) => ReactNode;
  slideKey: (index: number) => string | number;
  loop?: boolean;
  autoplay?: boolean;
  intervalMs: number;
  /** Duration of the move from one slide to the next. */
  durationMs: number;
  /** How far a finger must travel sideways for a swipe to change the slide. */
  thresholdPx: number;
  /** Names the carousel as a region of the page for assistive technology. */
  label?: string;
}

/** The carousel reads in the language's direction, which lib/i18n also gives the document. */
function useRightToLeft(): boolean {
  useT();
  return i18n.language !== undefined && isRightToLeft(i18n.language);
}

/** Whether the page is in the background, where autoplay would only burn the battery. */
function usePageHidden(): boolean {
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.hidden);
  useEffect(() => {
    const update = () => setHidden(document.hidden);
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return hidden;
}

/** A sideways move shorter than this is a tap, not yet a swipe. */
const SLOP_PX = 6;

/**
 * A horizontal carousel with optional loop and autoplay, swipe (touch, pen or mouse), arrow keys and
 * a dot indicator. It replaces antd-mobile's Swiper, whose spring and gesture libraries were most of
 * the home screen's JavaScript; the slide moves with a CSS transition. Autoplay waits while a finger
 * is on it, while the pointer hovers it or focus is inside it, and while the page is hidden. Only the
 * slide in view is reachable by Tab and by assistive technology; the copies never are.
 */
export function Carousel({
  count,
  renderSlide,
  slideKey,
  loop = false,
  autoplay = false,
  intervalMs,
  durationMs,
  thresholdPx,
  label,
}: CarouselProps) {
  const rtl = useRightToLeft();
  const hidden = usePageHidden();
  const viewportRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(() => positionOfIndex(0, count, loop));
  const [animating, setAnimating] = useState(false);
  const [dragPx, setDragPx] = useState<number | null>(null);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const gesture = useRef<{ id: number; x: number; y: number; sideways: boolean | null } | null>(null);
  const swallowClick = useRef(false);
  const index = indexAtPosition(position, count, loop);

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

  // Keyed on the slide shown rather than the track position, so settling from a copy onto the same
  // slide does not restart the interval.
  const paused = held.hover || held.focus || dragPx !== null || hidden;
  useEffect(() => {
    if (!autoplay || count < 2 || paused) return;
    const timer = setTimeout(() => go(1), intervalMs);
    return () => clearTimeout(timer);
  }, [autoplay, count, paused, index, intervalMs, go]);

  if (count <= 0) return null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || (event.pointerType === 'mouse' && event.button !== 0)) return;
    swallowClick.current = false;
    settle();
    gesture.current = { id: event.pointerId, x: event.clientX, y: event.clientY, sideways: null };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.id !== event.pointerId) return;
    const dx = event.clientX - g.x;
    const dy = event.clientY - g.y;
    if (g.sideways === null) {
      if (Math.abs(dx) < SLOP_PX && Math.abs(dy) < SLOP_PX) return;
      g.sideways = Math.abs(dx) > Math.abs(dy);
      if (!g.sideways) {
        gesture.current = null;
        return;
      }
      swallowClick.current = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    const width = viewportRef.current?.clientWidth ?? 0;
    setDragPx(width > 0 ? Math.max(-width, Math.min(width, dx)) : dx);
  };
  const endGesture = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const g = gesture.current;
    if (!g || g.id !== event.pointerId) return;
    gesture.current = null;
    if (!g.sideways) return;
    const step = cancelled ? 0 : swipeStep(event.clientX - g.x, thresholdPx, rtl);
    setDragPx(null);
    if (step !== 0) go(step);
    else setAnimating(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = arrowKeyStep(event.key, rtl);
    if (step === 0 || count < 2) return;
    event.preventDefault();
    go(step);
  };

  const places = trackLength(count, loop);
  const slides = Array.from({ length: places }, (_, place) => {
    const slide = indexAtPosition(place, count, loop);
    const copy = places !== count && (place === 0 || place === places - 1);
    const current = !copy && slide === index;
    return (
      <div
        key={copy ? `copy-${place}` : slideKey(slide)}
        className="carousel__slide"
        aria-hidden={!current}
        inert={!current}
      >
        {renderSlide(slide)}
      </div>
    );
  });
  const offset = trackOffsetPercent(position, rtl);
  const moving = animating && dragPx === null;

  return (
    <div
      className="carousel"
      dir={rtl ? 'rtl' : 'ltr'}
      role={label ? 'region' : undefined}
      aria-label={label}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHeld((h) => ({ ...h, hover: true }))}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHeld((h) => ({ ...h, hover: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      <div
        ref={viewportRef}
        className="carousel__viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => endGesture(e, false)}
        onPointerCancel={(e) => endGesture(e, true)}
        onKeyDown={onKeyDown}
        onClickCapture={(event) => {
          // A swipe that ends over a banner is not a tap on it.
          if (!swallowClick.current) return;
          swallowClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        <div
          className="carousel__track"
          data-position={position}
          style={{
            transform: `translate3d(calc(${offset}% + ${dragPx ?? 0}px), 0, 0)`,
            transition: moving ? `transform ${durationMs}ms ease` : 'none',
          }}
          onTransitionEnd={(event) => {
            if (event.target === event.currentTarget) settle();
          }}
        >
          {slides}
        </div>
      </div>
      {count > 1 ? (
        <div className="carousel__dots" aria-hidden data-testid="carousel-dots">
          {Array.from({ length: count }, (_, dot) => (
            <span key={dot} className={`carousel__dot${dot === index ? ' carousel__dot--active' : ''}`} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
