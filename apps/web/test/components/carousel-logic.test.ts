import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arrowKeyStep,
  dragOffsetPx,
  gestureAxis,
  indexAtPosition,
  positionOfIndex,
  settledPosition,
  stepPosition,
  swipeStep,
  trackLength,
  trackOffsetPercent,
} from '../../src/components/carousel-logic.ts';

describe('carousel track with loop', () => {
  it('holds a copy of the last slide before the first and of the first after the last', () => {
    expect(trackLength(3, true)).toBe(5);
    expect([0, 1, 2, 3, 4].map((p) => indexAtPosition(p, 3, true))).toEqual([2, 0, 1, 2, 0]);
    expect(positionOfIndex(0, 3, true)).toBe(1);
    expect(positionOfIndex(2, 3, true)).toBe(3);
  });

  it('settles a copy onto the slide it shows and leaves real slides alone', () => {
    expect(settledPosition(4, 3, true)).toBe(1);
    expect(settledPosition(0, 3, true)).toBe(3);
    expect([1, 2, 3].map((p) => settledPosition(p, 3, true))).toEqual([1, 2, 3]);
  });

  it('steps forward from the last slide onto the copy of the first, and back from the first onto the copy of the last', () => {
    expect(stepPosition(3, 1, 3, true)).toBe(4);
    expect(indexAtPosition(4, 3, true)).toBe(0);
    expect(stepPosition(1, -1, 3, true)).toBe(0);
    expect(indexAtPosition(0, 3, true)).toBe(2);
  });

  it('a step taken while still on a copy starts from the real slide, so it never runs off the track', () => {
    expect(stepPosition(4, 1, 3, true)).toBe(2);
    expect(stepPosition(0, -1, 3, true)).toBe(2);
  });

  it('after any steps the slide shown is the start moved by their sum, modulo the count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.array(fc.constantFrom(-1, 1), { maxLength: 40 }),
        (count, steps) => {
          let position = positionOfIndex(0, count, true);
          for (const step of steps) {
            position = stepPosition(position, step, count, true);
            expect(position).toBeGreaterThanOrEqual(0);
            expect(position).toBeLessThan(trackLength(count, true));
            // The move finishes before the next one in half of the cases; the others step from a copy.
            if (step > 0) position = settledPosition(position, count, true);
          }
          const sum = steps.reduce((a, b) => a + b, 0);
          expect(indexAtPosition(position, count, true)).toBe((((sum % count) + count) % count) as number);
        },
      ),
    );
  });
});

describe('carousel track without loop, and with one slide', () => {
  it('stops at both ends', () => {
    expect(trackLength(3, false)).toBe(3);
    expect(stepPosition(2, 1, 3, false)).toBe(2);
    expect(stepPosition(0, -1, 3, false)).toBe(0);
    expect(stepPosition(1, 1, 3, false)).toBe(2);
  });

  it('never copies a single slide, even with loop on', () => {
    expect(trackLength(1, true)).toBe(1);
    expect(positionOfIndex(0, 1, true)).toBe(0);
    expect(stepPosition(0, 1, 1, true)).toBe(0);
    expect(settledPosition(0, 1, true)).toBe(0);
  });
});

describe('direction', () => {
  it('moves the track left in left-to-right languages and right in Arabic', () => {
    expect(trackOffsetPercent(2, false)).toBe(-200);
    expect(trackOffsetPercent(2, true)).toBe(200);
  });

  it('a swipe of at least the threshold against the reading direction goes forward', () => {
    // Left to right: the finger moves left to bring the next slide in from the right.
    expect(swipeStep(-50, 50, false)).toBe(1);
    expect(swipeStep(-49, 50, false)).toBe(0);
    expect(swipeStep(50, 50, false)).toBe(-1);
    expect(swipeStep(49, 50, false)).toBe(0);
    // Right to left: the next slide lies to the left, so the finger moves right.
    expect(swipeStep(50, 50, true)).toBe(1);
    expect(swipeStep(-50, 50, true)).toBe(-1);
    expect(swipeStep(-49, 50, true)).toBe(0);
  });

  it('the arrow key pointing where the reading goes moves forward', () => {
    expect(arrowKeyStep('ArrowRight', false)).toBe(1);
    expect(arrowKeyStep('ArrowLeft', false)).toBe(-1);
    expect(arrowKeyStep('ArrowLeft', true)).toBe(1);
    expect(arrowKeyStep('ArrowRight', true)).toBe(-1);
    expect(arrowKeyStep('Enter', false)).toBe(0);
  });
});

describe('carousel gesture', () => {
  it('leaves a move within the slop undecided', () => {
    expect(gestureAxis(5, -5, 6)).toBe('undecided');
    expect(gestureAxis(0, 0, 6)).toBe('undecided');
  });

  it('takes a move more sideways than up or down as a swipe, and any other as a scroll of the page', () => {
    expect(gestureAxis(-8, 3, 6)).toBe('sideways');
    expect(gestureAxis(3, 8, 6)).toBe('other');
    // A move exactly diagonal is not sideways enough to take over from the page's scroll.
    expect(gestureAxis(7, -7, 6)).toBe('other');
  });

  it('lets the track follow the finger by at most one slide either way', () => {
    expect(dragOffsetPx(40, 300)).toBe(40);
    expect(dragOffsetPx(-420, 300)).toBe(-300);
    expect(dragOffsetPx(420, 300)).toBe(300);
  });

  it('does not limit the drag while the viewport has no measured width', () => {
    expect(dragOffsetPx(-420, 0)).toBe(-420);
  });
});
