/**
 * One timer for the soonest instant a worker must wake at (the settlers' next expiry or retry).
 * Setting it again for the same instant keeps the running timer; setting another replaces it. The
 * timer never keeps the process alive.
 */
export class WakeTimer {
  private timer: NodeJS.Timeout | null = null;
  private at = Infinity;

  constructor(
    private readonly now: () => number,
    private readonly wake: () => void,
  ) {}

  /** The instant the timer is set for; Infinity when it is not set. */
  get setFor(): number {
    return this.at;
  }

  /** Wakes at `at`, or never when `at` is Infinity. */
  set(at: number): void {
    if (at === this.at && this.timer) return;
    this.clear();
    if (at === Infinity) return;
    this.at = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.at = Infinity;
        this.wake();
      },
      Math.max(0, at - this.now()),
    );
    this.timer.unref();
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.at = Infinity;
  }
}
