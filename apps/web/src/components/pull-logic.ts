/**
 * The pull-to-refresh gesture as plain functions, so its thresholds are tested without touch events.
 * The figures are antd-mobile's, whose component this replaces, so the gesture feels the same: a
 * 40 px head that holds the status text, released beyond 60 px to refresh, "Refreshed" shown for
 * half a second.
 */
export const PULL = {
  headHeightPx: 40,
  thresholdPx: 60,
  completeDelayMs: 500,
  /** How long the head takes to slide back; the status text resets only after it is hidden. */
  settleMs: 300,
  /** A move shorter than this does not decide between a pull and a sideways swipe yet. */
  slopPx: 6,
} as const;

export type PullStatus = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/**
 * How far the content follows a finger moved `dyPx` down: half the distance at first, then ever
 * stiffer (a rubber band), never more than five head heights, so a long pull cannot drag the page
 * off the screen.
 */
export function pullHeight(dyPx: number, headHeightPx: number = PULL.headHeightPx): number {
  if (!(dyPx > 0)) return 0;
  const limit = headHeightPx * 5;
  const stiffness = 0.5;
  return (dyPx * limit * stiffness) / (limit + stiffness * dyPx);
}

/** Releasing refreshes only once the content has been pulled beyond the threshold. */
export function pullStatusFor(heightPx: number, thresholdPx: number = PULL.thresholdPx): PullStatus {
  return heightPx > thresholdPx ? 'canRelease' : 'pulling';
}

/**
 * What a touch that has moved (dx, dy) from where it started means: still undecided within the slop,
 * a pull when it goes mostly down while the page is scrolled to the top, otherwise not ours (a
 * scroll, or a sideways swipe of a carousel inside).
 */
export function classifyTouch(dxPx: number, dyPx: number, atTop: boolean): 'undecided' | 'pull' | 'other' {
  if (Math.abs(dxPx) < PULL.slopPx && Math.abs(dyPx) < PULL.slopPx) return 'undecided';
  return atTop && dyPx > 0 && Math.abs(dyPx) > Math.abs(dxPx) ? 'pull' : 'other';
}

/**
 * Whether a touch may start a pull: not while pulling is switched off, not while a refresh is still
 * running or showing its result, and only with a single finger (two are a pinch).
 */
export function canStartPull(state: { disabled: boolean; status: PullStatus; fingers: number }): boolean {
  return (
    !state.disabled && state.status !== 'refreshing' && state.status !== 'complete' && state.fingers === 1
  );
}
