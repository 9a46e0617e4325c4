/**
 * Open orders by the second they expire in: one bucket per second, and a small heap of the seconds
 * that have a bucket. Adding an order and taking what is due cost the same whether a thousand or a
 * million orders are open, where a heap of orders would sift each of a million due orders through
 * twenty levels; the heap here holds only as many entries as there are distinct expiry seconds
 * (a few hundred: the periods offered, times the seconds orders arrive in).
 *
 * Orders are taken in the order of their seconds; within a second in any order, since everything
 * due is settled in the same round. The bucket of the second in progress may be due only in part,
 * and keeps the rest.
 */
export class ExpiryCalendar<T extends { readonly expiresAt: number }> {
  private readonly buckets = new Map<number, T[]>();
  /** The earliest expiry instant in each bucket. */
  private readonly firsts = new Map<number, number>();
  /**
   * An instant no item of the bucket expires after (the latest one, or later once items have been
   * taken): when it has passed, the second in progress is due whole, like a past one.
   */
  private readonly lasts = new Map<number, number>();
  /** The seconds that have a bucket, as a binary min-heap. */
  private readonly seconds: number[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(item: T): void {
    const second = Math.floor(item.expiresAt / 1000);
    const bucket = this.buckets.get(second);
    if (bucket) {
      bucket.push(item);
      if (item.expiresAt < (this.firsts.get(second) ?? Infinity)) this.firsts.set(second, item.expiresAt);
      if (item.expiresAt > (this.lasts.get(second) ?? -Infinity)) this.lasts.set(second, item.expiresAt);
    } else {
      this.buckets.set(second, [item]);
      this.firsts.set(second, item.expiresAt);
      this.lasts.set(second, item.expiresAt);
      this.pushSecond(second);
    }
    this.count += 1;
  }

  /** The earliest expiry instant of any item, or Infinity when empty. */
  earliest(): number {
    const second = this.seconds[0];
    if (second === undefined) return Infinity;
    let first = this.firsts.get(second);
    if (first === undefined) {
      // Taken from in part since it was last known: found again once, when asked.
      first = Infinity;
      for (const item of this.buckets.get(second) ?? []) first = Math.min(first, item.expiresAt);
      this.firsts.set(second, first);
    }
    return first;
  }

  /** Takes up to `limit` items that expire at or before `now`, earliest seconds first. */
  takeDue(now: number, limit: number): T[] {
    const due: T[] = [];
    const current = Math.floor(now / 1000);
    while (due.length < limit) {
      const second = this.seconds[0];
      if (second === undefined || second > current) break;
      const bucket = this.buckets.get(second) ?? [];
      const room = limit - due.length;
      if (second < current || (this.lasts.get(second) ?? Infinity) <= now) {
        // A past second, or one whose every item has expired by now: all of it is due, so a part is
        // cut off its end without a look at the rest (a mass expiry's bucket may hold a million
        // orders, taken a batch at a time).
        if (bucket.length <= room) {
          for (const item of bucket) due.push(item);
          this.count -= bucket.length;
          this.drop(second);
          continue;
        }
        for (const item of bucket.splice(bucket.length - room, room)) due.push(item);
        this.count -= room;
        this.firsts.delete(second);
        break;
      }
      // The second in progress: only what has expired by now.
      const keep: T[] = [];
      let last = -Infinity;
      for (const item of bucket) {
        if (item.expiresAt <= now && due.length < limit) due.push(item);
        else {
          keep.push(item);
          last = Math.max(last, item.expiresAt);
        }
      }
      this.count -= bucket.length - keep.length;
      if (keep.length === 0) {
        this.drop(second);
        break;
      }
      this.buckets.set(second, keep);
      this.firsts.delete(second);
      this.lasts.set(second, last);
      break;
    }
    return due;
  }

  /** Forgets the earliest second, whose bucket has been taken whole. */
  private drop(second: number): void {
    this.buckets.delete(second);
    this.firsts.delete(second);
    this.lasts.delete(second);
    this.popSecond();
  }

  // In the two heap walks below every index is inside the heap by the loops' bounds: the `?? 0`
  // only satisfies the compiler's index check and is never taken (an assertion per step would cost
  // a mass expiry of a million orders measurable time).
  private pushSecond(second: number): void {
    const heap = this.seconds;
    heap.push(second);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const up = heap[parent] ?? 0;
      if (up <= second) break;
      heap[i] = up;
      i = parent;
    }
    heap[i] = second;
  }

  private popSecond(): void {
    const heap = this.seconds;
    const last = heap.pop();
    if (last === undefined || heap.length === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && (heap[right] ?? 0) < (heap[left] ?? 0) ? right : left;
      const value = heap[child] ?? 0;
      if (value >= last) break;
      heap[i] = value;
      i = child;
    }
    heap[i] = last;
  }
}
