import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ExpiryCalendar } from '../../../src/modules/timing/expiry-calendar.ts';

interface Item {
  id: number;
  expiresAt: number;
}

/** The settler's calendar of open orders against a plain list: what is due, and nothing else. */
describe('expiry calendar', () => {
  it('takes exactly the due items, earliest seconds first, up to the limit', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ add: fc.integer({ min: 0, max: 20_000 }) }),
            fc.record({ now: fc.integer({ min: 0, max: 20_000 }), limit: fc.integer({ min: 1, max: 8 }) }),
          ),
          { maxLength: 200 },
        ),
        (steps) => {
          const calendar = new ExpiryCalendar<Item>();
          let model: Item[] = [];
          let next = 0;
          for (const step of steps) {
            if ('add' in step) {
              const item = { id: (next += 1), expiresAt: step.add };
              calendar.add(item);
              model.push(item);
            } else {
              const taken = calendar.takeDue(step.now, step.limit);
              const due = model.filter((item) => item.expiresAt <= step.now);
              expect(taken.length).toBe(Math.min(step.limit, due.length));
              for (const item of taken) expect(item.expiresAt).toBeLessThanOrEqual(step.now);
              // Nothing left behind belongs to an earlier second than anything taken.
              const latestTaken = Math.max(-1, ...taken.map((item) => Math.floor(item.expiresAt / 1000)));
              const takenIds = new Set(taken.map((item) => item.id));
              model = model.filter((item) => !takenIds.has(item.id));
              const earliestLeftDue = Math.min(
                Infinity,
                ...model
                  .filter((item) => item.expiresAt <= step.now)
                  .map((item) => Math.floor(item.expiresAt / 1000)),
              );
              expect(earliestLeftDue).toBeGreaterThanOrEqual(latestTaken);
            }
            expect(calendar.size).toBe(model.length);
            expect(calendar.earliest()).toBe(Math.min(Infinity, ...model.map((item) => item.expiresAt)));
          }
        },
      ),
    );
  });

  it('takes a million orders of one second at once', () => {
    const calendar = new ExpiryCalendar<Item>();
    for (let i = 0; i < 1_000_000; i += 1) calendar.add({ id: i, expiresAt: 5_000 + (i % 1000) });
    calendar.add({ id: -1, expiresAt: 7_500 });
    expect(calendar.takeDue(6_000, 2_000_000)).toHaveLength(1_000_000);
    expect(calendar.earliest()).toBe(7_500);
  });

  it('takes a second in progress whose orders have all expired a batch at a time, then what expires later', () => {
    const calendar = new ExpiryCalendar<Item>();
    for (let i = 0; i < 250_000; i += 1) calendar.add({ id: i, expiresAt: 9_000 + (i % 400) });
    calendar.add({ id: -1, expiresAt: 10_200 });
    const batches: number[] = [];
    for (
      let taken = calendar.takeDue(9_500, 100_000);
      taken.length > 0;
      taken = calendar.takeDue(9_500, 100_000)
    )
      batches.push(taken.length);
    expect(batches).toEqual([100_000, 100_000, 50_000]);
    expect(calendar.earliest()).toBe(10_200);
    expect(calendar.takeDue(10_200, 10).map((item) => item.id)).toEqual([-1]);
    expect(calendar.size).toBe(0);
  });
});
