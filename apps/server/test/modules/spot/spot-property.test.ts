import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { endpoints, type SpotOrder } from '@vela/contract';
import {
  buyFigures,
  feeRateUnits,
  fills,
  quantityStep,
  sellFigures,
  type AcceptedOrder,
  type SpotScales,
} from '@vela/domain';
import { createTestApp, login, registerUser, userRow, type TestApp } from '../../helpers/test-app.ts';
import { fund, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';

const { spot, wallet } = endpoints;

/**
 * The spot engine against a reference that scans every open order on every tick (docs/product.md,
 * "Spot"): random orders, cancellations, ticks, engine rounds and restarts go through the API and
 * the engine on one side, and through the plain rule with its own balances on the other. Both must
 * find the same fills, on the same ticks, in the same order, and leave the same balances.
 */

const BTC_SCALES: SpotScales = { price: 2, quantity: 8, quote: 6 };
const FEE = feeRateUnits('0.001');
/** BTC's quantity decimals in the seed's terms: its volume decimals. */
const STEP = quantityStep(6, 8);
const USERS = 3;
const OPENING_USDT = 1_000_000_000n; // 1,000 USDT
const OPENING_BTC = 5_000_000n; // 0.05 BTC

type Step =
  | { type: 'order'; user: number; side: 'buy' | 'sell'; market: boolean; size: number; limit: number }
  | { type: 'cancel'; pick: number }
  | { type: 'tick'; price: number; gap: number }
  | { type: 'round' }
  | { type: 'restart' };

const steps = fc.array(
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        type: fc.constant('order' as const),
        user: fc.integer({ min: 0, max: USERS - 1 }),
        side: fc.constantFrom('buy' as const, 'sell' as const),
        market: fc.boolean(),
        size: fc.integer({ min: 1, max: 30 }),
        limit: fc.integer({ min: 45_000, max: 55_000 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('cancel' as const), pick: fc.nat() }) },
    {
      weight: 4,
      arbitrary: fc.record({
        type: fc.constant('tick' as const),
        price: fc.integer({ min: 44_000, max: 56_000 }),
        gap: fc.integer({ min: 1, max: 3 }),
      }),
    },
    { weight: 2, arbitrary: fc.constant({ type: 'round' as const }) },
    { weight: 1, arbitrary: fc.constant({ type: 'restart' as const }) },
  ),
  { minLength: 20, maxLength: 60 },
);

interface Balances {
  usdt: bigint;
  usdtHeld: bigint;
  btc: bigint;
  btcHeld: bigint;
}

interface RefOrder extends AcceptedOrder {
  user: number;
  held: bigint;
}

/** The plain rule with its own books: every open order scanned on every tick, in time order. */
class Reference {
  readonly balances: Balances[] = Array.from({ length: USERS }, () => ({
    usdt: OPENING_USDT,
    usdtHeld: 0n,
    btc: OPENING_BTC,
    btcHeld: 0n,
  }));
  readonly open = new Map<number, RefOrder>();
  readonly ended = new Map<number, string>();
  /** The orders filled, in the order they filled. */
  readonly sequence: number[] = [];
  private pendingTicks: { id: number; timeMs: number; priceMinor: bigint }[] = [];

  canPlace(user: number, side: 'buy' | 'sell', held: bigint): boolean {
    const b = this.balances[user] as Balances;
    return side === 'buy' ? b.usdt >= held : b.btc >= held;
  }

  place(order: RefOrder): void {
    const b = this.balances[order.user] as Balances;
    if (order.side === 'buy') {
      b.usdt -= order.held;
      b.usdtHeld += order.held;
    } else {
      b.btc -= order.held;
      b.btcHeld += order.held;
    }
    this.open.set(order.id, order);
  }

  cancel(id: number): boolean {
    const order = this.open.get(id);
    if (!order) return false;
    this.open.delete(id);
    this.release(order);
    this.ended.set(id, 'cancelled');
    return true;
  }

  private release(order: RefOrder): void {
    const b = this.balances[order.user] as Balances;
    if (order.side === 'buy') {
      b.usdtHeld -= order.held;
      b.usdt += order.held;
    } else {
      b.btcHeld -= order.held;
      b.btc += order.held;
    }
  }

  recorded(tick: { id: number; timeMs: number; priceMinor: bigint }): void {
    this.pendingTicks.push(tick);
  }

  /** An engine round: the ticks recorded since the last one, each scanning every open order. */
  round(): void {
    for (const tick of this.pendingTicks) {
      const hit = [...this.open.values()]
        .filter((order) => fills(order, tick))
        .sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === 'market' ? -1 : 1));
      for (const order of hit) this.fill(order, tick);
    }
    this.pendingTicks = [];
  }

  private fill(order: RefOrder, tick: { id: number; priceMinor: bigint }): void {
    this.open.delete(order.id);
    const price = order.kind === 'limit' ? (order.limitPrice as bigint) : tick.priceMinor;
    const b = this.balances[order.user] as Balances;
    if (order.side === 'buy') {
      const figures = buyFigures(order.held, price, FEE, STEP, BTC_SCALES);
      if (!figures) {
        this.release(order);
        this.ended.set(order.id, 'cancelled');
        return;
      }
      b.usdtHeld -= order.held;
      b.usdt += figures.credit;
      b.btc += figures.quantity;
    } else {
      const figures = sellFigures(order.held, price, FEE, BTC_SCALES);
      b.btcHeld -= order.held;
      b.usdt += figures.credit;
    }
    this.ended.set(order.id, `filled@${tick.id}`);
    this.sequence.push(order.id);
  }
}

describe('the spot engine against a scan of every open order', () => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 1000) * 1000 + 500;
  let btc: number;

  beforeAll(async () => {
    t = await createTestApp({ spotClock: () => clock });
    btc = (await vcIdOf(t, 'BTC')).id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function traders(): Promise<{ token: string }[]> {
    const list: { token: string }[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const member = await registerUser(t);
      const token = await login(t, member.username, member.password);
      const userId = (await userRow(t.db, member.username))?.id ?? 0;
      await fund(t, userId, 'USDT', '1000');
      await fund(t, userId, 'BTC', '0.05');
      list.push({ token });
    }
    return list;
  }

  async function recordTick(timeMs: number, priceMinor: bigint): Promise<number> {
    const row = await t.db
      .insertInto('price_tick')
      .values({ vc_id: btc, time_ms: timeMs, price_minor: priceMinor, volume_minor: 1n, turnover_minor: 1n })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Runs one script through both sides; answers what each found, for the comparison. */
  async function play(script: readonly Step[]) {
    // Each script starts a minute after the last, with a live tick of its own.
    clock = Math.floor(clock / 1000) * 1000 + 60_500;
    await recordTick(clock - 500, 5_000_000n);
    const users = await traders();
    const reference = new Reference();
    const placed: number[] = [];
    for (const step of script) {
      if (step.type === 'order') await placeBoth(step, users, reference, placed);
      else if (step.type === 'cancel' && placed.length > 0) {
        const id = placed[step.pick % placed.length] as number;
        const answer = await t.post<SpotOrder>(
          spot.spotOrderCancel.path,
          { id },
          {
            token: (users[ownerOf(id, placed)] as { token: string }).token,
            headers: { 'idempotency-key': idemKey() },
          },
        );
        expect(answer.body.success).toBe(reference.cancel(id));
      } else if (step.type === 'tick') {
        clock = Math.floor(clock / 1000) * 1000 + step.gap * 1000;
        const priceMinor = BigInt(step.price) * 100n;
        reference.recorded({ id: await recordTick(clock, priceMinor), timeMs: clock, priceMinor });
        // Orders of this second arrive after its tick, as they do from a live feed.
        clock += 500;
      } else if (step.type === 'round') {
        await t.spot.runRound();
        reference.round();
      } else if (step.type === 'restart') {
        await t.spot.stop();
        await t.spot.start();
        reference.round();
      }
    }
    await t.spot.runRound();
    reference.round();
    return { users, reference, placed };
  }

  const owners = new Map<number, number>();
  const ownerOf = (id: number, _placed: readonly number[]) => owners.get(id) as number;

  async function placeBoth(
    step: Extract<Step, { type: 'order' }>,
    users: readonly { token: string }[],
    reference: Reference,
    placed: number[],
  ): Promise<void> {
    const buy = step.side === 'buy';
    // Buys of 10 to 300 USDT; sells of 0.001 to 0.030 BTC.
    const held = buy ? BigInt(step.size) * 10_000_000n : BigInt(step.size) * 100_000n;
    const body = {
      vcId: btc,
      side: step.side,
      kind: step.market ? 'market' : 'limit',
      ...(buy ? { amount: String(step.size * 10) } : { quantity: (step.size / 1000).toFixed(3) }),
      ...(step.market ? {} : { limitPrice: String(step.limit) }),
    };
    const answer = await t.post<SpotOrder>(spot.spotOrderRequest.path, body, {
      token: (users[step.user] as { token: string }).token,
      headers: { 'idempotency-key': idemKey() },
    });
    const allowed = reference.canPlace(step.user, step.side, held);
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(allowed);
    if (!answer.body.success || !answer.body.data) return;
    const id = answer.body.data.id;
    placed.push(id);
    owners.set(id, step.user);
    reference.place({
      id,
      coinId: btc,
      side: step.side,
      kind: step.market ? 'market' : 'limit',
      limitPrice: step.market ? null : BigInt(step.limit) * 100n,
      acceptedAt: answer.body.data.createdAt,
      user: step.user,
      held,
    });
  }

  it('finds the same fills, in the same order, with the same balances', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (script) => {
        const { users, reference, placed } = await play(script);
        // The fills' entries are written in the order the orders filled.
        const sequence = await t.db
          .selectFrom('journal_entry')
          .select('ref_id')
          .where('type', '=', 'spot_fill')
          .where('ref_id', 'in', placed.length > 0 ? placed : [0])
          .orderBy('id')
          .execute();
        const ended = new Map<number, string>();
        for (const id of placed) {
          const order = (
            await t.call(
              spot.spotOrderDetail,
              { id },
              { token: (users[owners.get(id) as number] as { token: string }).token },
            )
          ).body.data as SpotOrder;
          if (order.state === 'filled') ended.set(id, `filled@${order.fillTickId}`);
          else if (order.state === 'cancelled') ended.set(id, 'cancelled');
        }
        expect(ended).toEqual(reference.ended);
        expect(sequence.map((row) => Number(row.ref_id))).toEqual(reference.sequence);
        for (const [i, user] of users.entries()) {
          const overview = (await t.call(wallet.walletOverview, {}, { token: user.token })).body.data;
          const usdt = overview?.currencies.find((c) => c.symbol === 'USDT');
          const coin = overview?.currencies.find((c) => c.symbol === 'BTC');
          const b = reference.balances[i] as Balances;
          expect([usdt?.spot, usdt?.frozen, coin?.spot, coin?.frozen]).toEqual([
            formatUnits(b.usdt, 6),
            formatUnits(b.usdtHeld, 6),
            formatUnits(b.btc, 8),
            formatUnits(b.btcHeld, 8),
          ]);
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});

function formatUnits(minor: bigint, scale: number): string {
  const text = minor.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}
