import { describe, expect, it } from 'vitest';
import type { PriceTick } from '@vela/contract';
import { tickWindow, verifyRows, VERIFY_SPAN_MS } from '../../../src/features/trade/timing-verify-logic.ts';

const tick = (id: number, time: number): PriceTick => ({ id, time, price: '100.00', volume: '1' });

describe('the verify view', () => {
  const ticks = [tick(1, 10_000), tick(2, 11_000), tick(3, 12_000)];

  it('asks for a few seconds of ticks on each side of an instant', () => {
    expect(tickWindow(11_200)).toEqual({
      startTime: 11_000 - VERIFY_SPAN_MS,
      endTime: 11_000 + VERIFY_SPAN_MS,
    });
    expect(tickWindow(1_000).startTime).toBe(0);
  });

  it('marks an acceptance after every tick recorded at or before it, so the open tick is right below', () => {
    const rows = verifyRows(ticks, 11_000, 'after', 3);
    expect(rows.map((r) => (r.kind === 'mark' ? 'mark' : r.tick.id))).toEqual([1, 2, 'mark', 3]);
    expect(
      rows.filter((r) => r.kind === 'tick' && r.chosen).map((r) => r.kind === 'tick' && r.tick.id),
    ).toEqual([3]);
  });

  it('marks an expiry before the ticks recorded at it, so the settlement tick is right below', () => {
    const rows = verifyRows(ticks, 11_000, 'atOrAfter', 2);
    expect(rows.map((r) => (r.kind === 'mark' ? 'mark' : r.tick.id))).toEqual([1, 'mark', 2, 3]);
  });

  it('puts the mark last when nothing after it is recorded yet', () => {
    expect(verifyRows(ticks, 20_000, 'atOrAfter', null).at(-1)).toEqual({ kind: 'mark', timeMs: 20_000 });
    expect(verifyRows([], 20_000, 'after', null)).toEqual([{ kind: 'mark', timeMs: 20_000 }]);
  });
});
