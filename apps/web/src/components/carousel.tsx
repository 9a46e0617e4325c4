import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { isRightToLeft } from '@vela/i18n';
import { i18n, useT } from '../lib/i18n.ts';
import { arrowKeyStep, indexAtPosition, trackLength, trackOffsetPercent } from './carousel-logic.ts';
import {
  useAutoplay,
  useCarouselHold,
  useCarouselSwipe,
  useCarouselTrack,
  usePageHidden,
} from './use-carousel.ts';
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

/**
 * Every place on the track, copies included. Only the slide in view is reachable by Tab and by
 * assistive technology; the copies never are.
 */
function CarouselSlides(
  props: Pick<CarouselProps, 'count' | 'renderSlide' | 'slideKey'> & { loop: boolean; index: number },
) {
  const { count, loop, index, renderSlide, slideKey } = props;
  const places = trackLength(count, loop);
  return Array.from({ length: places }, (_, place) => {
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
}

/** One dot per slide, the one in view highlighted; decoration only, so hidden from assistive technology. */
function CarouselDots({ count, index }: { count: number; index: number }) {
  return (
    <div className="carousel__dots" aria-hidden data-testid="carousel-dots">
      {Array.from({ length: count }, (_, dot) => (
        <span key={dot} className={`carousel__dot${dot === index ? ' carousel__dot--active' : ''}`} />
      ))}
    </div>
  );
}

/**
 * A horizontal carousel with optional loop and autoplay, swipe (touch, pen or mouse), arrow keys and
 * a dot indicator. It replaces antd-mobile's Swiper, whose spring and gesture libraries were most of
 * the home screen's JavaScript; the slide moves with a CSS transition. Autoplay waits while a finger
 * is on it, while the pointer hovers it or focus is inside it, and while the page is hidden.
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
  const track = useCarouselTrack(count, loop, durationMs);
  const { held, handlers: holdHandlers } = useCarouselHold();
  const { dragPx, handlers: swipeHandlers } = useCarouselSwipe({
    count,
    thresholdPx,
    rtl,
    viewportRef,
    track,
  });
  const { position, index, go } = track;
  const paused = held || dragPx !== null || hidden;
  useAutoplay({ autoplay, count, paused, index, intervalMs, go });

  if (count <= 0) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = arrowKeyStep(event.key, rtl);
    if (step === 0 || count < 2) return;
    event.preventDefault();
    go(step);
  };
  const offset = trackOffsetPercent(position, rtl);
  const moving = track.animating && dragPx === null;

  return (
    <div
      className="carousel"
      dir={rtl ? 'rtl' : 'ltr'}
      role={label ? 'region' : undefined}
      aria-label={label}
      {...holdHandlers}
    >
      <div ref={viewportRef} className="carousel__viewport" {...swipeHandlers} onKeyDown={onKeyDown}>
        <div
          className="carousel__track"
          data-position={position}
          style={{
            transform: `translate3d(calc(${offset}% + ${dragPx ?? 0}px), 0, 0)`,
            transition: moving ? `transform ${durationMs}ms ease` : 'none',
          }}
          onTransitionEnd={(event) => {
            if (event.target === event.currentTarget) track.settle();
          }}
        >
          <CarouselSlides
            count={count}
            loop={loop}
            index={index}
            renderSlide={renderSlide}
            slideKey={slideKey}
          />
        </div>
      </div>
      {count > 1 ? <CarouselDots count={count} index={index} /> : null}
    </div>
  );
}
