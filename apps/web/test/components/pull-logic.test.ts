import { describe, expect, it } from 'vitest';
import {
  canStartPull,
  classifyTouch,
  PULL,
  pullHeight,
  pullStatusFor,
} from '../../src/components/pull-logic.ts';

describe('pull distance', () => {
  it('follows half the finger at first and never passes five head heights', () => {
    expect(pullHeight(0)).toBe(0);
    expect(pullHeight(-30)).toBe(0);
    expect(pullHeight(2)).toBeCloseTo(1, 1);
    expect(pullHeight(100_000)).toBeLessThan(PULL.headHeightPx * 5);
    expect(pullHeight(100_000)).toBeGreaterThan(PULL.headHeightPx * 4.9);
  });

  it('grows with the finger, ever more slowly', () => {
    let previous = 0;
    let previousGain = Infinity;
    for (let dy = 20; dy <= 600; dy += 20) {
      const height = pullHeight(dy);
      expect(height).toBeGreaterThan(previous);
      expect(height - previous).toBeLessThan(previousGain);
      previousGain = height - previous;
      previous = height;
    }
  });
});

describe('pull threshold', () => {
  it('can release only beyond 60 px of head, about 171 px of finger travel', () => {
    expect(PULL.thresholdPx).toBe(60);
    expect(pullStatusFor(60)).toBe('pulling');
    expect(pullStatusFor(60.01)).toBe('canRelease');
    expect(pullStatusFor(pullHeight(171))).toBe('pulling');
    expect(pullStatusFor(pullHeight(172))).toBe('canRelease');
  });
});

describe('what a touch is', () => {
  it('is undecided within the slop', () => {
    expect(classifyTouch(3, 5, true)).toBe('undecided');
  });

  it('is a pull when it goes mostly down at the top of the page', () => {
    expect(classifyTouch(2, 12, true)).toBe('pull');
    expect(classifyTouch(10, 12, true)).toBe('pull');
  });

  it('is not ours when the page is scrolled, when it goes up, or when it goes sideways', () => {
    expect(classifyTouch(0, 12, false)).toBe('other');
    expect(classifyTouch(0, -12, true)).toBe('other');
    expect(classifyTouch(14, 12, true)).toBe('other');
  });
});

describe('when a touch may start a pull', () => {
  it('starts with one finger while idle or pulling', () => {
    expect(canStartPull({ disabled: false, status: 'pulling', fingers: 1 })).toBe(true);
    expect(canStartPull({ disabled: false, status: 'canRelease', fingers: 1 })).toBe(true);
  });

  it('does not start while switched off, while a refresh runs or shows its result, or with no or two fingers', () => {
    expect(canStartPull({ disabled: true, status: 'pulling', fingers: 1 })).toBe(false);
    expect(canStartPull({ disabled: false, status: 'refreshing', fingers: 1 })).toBe(false);
    expect(canStartPull({ disabled: false, status: 'complete', fingers: 1 })).toBe(false);
    expect(canStartPull({ disabled: false, status: 'pulling', fingers: 2 })).toBe(false);
    expect(canStartPull({ disabled: false, status: 'pulling', fingers: 0 })).toBe(false);
  });
});
