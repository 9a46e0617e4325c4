/**
 * Index arithmetic of the carousel, kept out of React so it is tested as plain functions.
 *
 * The slides sit side by side on a track that moves one viewport width per slide. A looping track
 * holds a copy of the last slide before the first and a copy of the first after the last: moving
 * past either end slides onto the copy, and once that move has finished the track jumps, without
 * animation, to the real slide the copy shows. The jump is invisible because both look the same.
 * "Position" is a place on the track (copies included); "index" is the slide it shows.
 */

function looping(count: number, loop: boolean): boolean {
  return loop && count > 1;
}

function mod(value: number, modulus: number): number {
  return ((value % modulus) + modulus) % modulus;
}

/** Number of places on the track: the slides, plus the two copies when looping. */
export function trackLength(count: number, loop: boolean): number {
  return looping(count, loop) ? count + 2 : count;
}

/** The track position that shows slide `index`. */
export function positionOfIndex(index: number, count: number, loop: boolean): number {
  return looping(count, loop) ? index + 1 : index;
}

/** The slide a track position shows (a copy shows the slide it copies). */
export function indexAtPosition(position: number, count: number, loop: boolean): number {
  if (count <= 0) return 0;
  if (!looping(count, loop)) return Math.min(Math.max(position, 0), count - 1);
  return mod(position - 1, count);
}

/** Where the track jumps once a move has ended on a copy; any other position stays. */
export function settledPosition(position: number, count: number, loop: boolean): number {
  if (!looping(count, loop)) return position;
  if (position <= 0) return count;
  if (position >= count + 1) return 1;
  return position;
}

/**
 * One step forward (+1) or back (-1) from `position`. Steps start from the settled position, so a
 * step taken while a move onto a copy is still finishing never runs off the track; without a loop
 * the ends stop the track.
 */
export function stepPosition(position: number, step: number, count: number, loop: boolean): number {
  const from = settledPosition(position, count, loop);
  return Math.min(Math.max(from + step, 0), trackLength(count, loop) - 1);
}

/**
 * The track's translation in percent of the viewport width. Right to left, slide 2 lies to the
 * left of slide 1, so the track moves right to bring it in.
 */
export function trackOffsetPercent(position: number, rtl: boolean): number {
  return (rtl ? 1 : -1) * position * 100;
}

/**
 * The step a finished swipe makes: forward when the finger travelled at least `thresholdPx` against
 * the reading direction (leftwards in English, rightwards in Arabic), back when it travelled as far
 * the other way, otherwise none and the slide springs back.
 */
export function swipeStep(dxPx: number, thresholdPx: number, rtl: boolean): -1 | 0 | 1 {
  const forward = rtl ? dxPx : -dxPx;
  if (forward >= thresholdPx) return 1;
  if (forward <= -thresholdPx) return -1;
  return 0;
}

/** The step an arrow key makes: the arrow pointing where the reading goes moves forward. */
export function arrowKeyStep(key: string, rtl: boolean): -1 | 0 | 1 {
  if (key === 'ArrowRight') return rtl ? -1 : 1;
  if (key === 'ArrowLeft') return rtl ? 1 : -1;
  return 0;
}

/**
 * What a pointer that has moved (dx, dy) from where it went down means: still undecided within the
 * slop, a swipe when it went more sideways than up or down, otherwise a scroll of the page, which
 * the carousel leaves alone.
 */
export function gestureAxis(dxPx: number, dyPx: number, slopPx: number): 'undecided' | 'sideways' | 'other' {
  if (Math.abs(dxPx) < slopPx && Math.abs(dyPx) < slopPx) return 'undecided';
  return Math.abs(dxPx) > Math.abs(dyPx) ? 'sideways' : 'other';
}

/**
 * How far the track follows a dragging finger: as far as it moved, but never more than one slide
 * either way. An unmeasured viewport (width 0) does not limit it.
 */
export function dragOffsetPx(dxPx: number, viewportWidthPx: number): number {
  return viewportWidthPx > 0 ? Math.max(-viewportWidthPx, Math.min(viewportWidthPx, dxPx)) : dxPx;
}
