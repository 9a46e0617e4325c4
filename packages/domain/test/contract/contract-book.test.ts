import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ContractBook,
  ContractReference,
  forcedCloseLevel,
  marginOf,
  tradeFee,
  type ContractEffect,
  type ContractOrder,
  type ContractState,
  type RecordedTick,
} from '../../src/index.ts';

const scales = { price: 2, quantity: 6, quote: 6 };
const OPEN_RATE = 50_000n;
const CLOSE_RATE = 60_000n;
const LEVEL = forcedCloseLevel(1_000n);

/** An order with the defaults of these tests; a limit open's hold is its margin and fee at the limit. */
function order(
  fields: Partial<ContractOrder> & Pick<ContractOrder, 'id' | 'userId' | 'acceptedAt'>,
): ContractOrder {
  const base: ContractOrder = {
    coinId: 1,
    action: 'open',
    side: 'long',
    kind: 'market',
    quantity: 100_000n,
    limitPrice: null,
    leverage: 10,
    takeProfit: null,
    stopLoss: null,
    positionId: null,
    held: 0n,
    openRate: OPEN_RATE,
    closeRate: CLOSE_RATE,
    scales,
    ...fields,
  };
  if (base.kind !== 'limit' || base.action !== 'open') return base;
  const limit = base.limitPrice as bigint;
  return {
    ...base,
    held:
      marginOf(limit, base.quantity, base.leverage, scales) +
      tradeFee(limit, base.quantity, OPEN_RATE, scales),
  };
}

let tickId = 0;
function ticks(timeMs: number, prices: Record<number, bigint>): Map<number, RecordedTick> {
  return new Map(
    Object.entries(prices).map(([coinId, priceMinor]) => [
      Number(coinId),
      { id: ++tickId, timeMs, priceMinor },
    ]),
  );
}

function kinds(effects: readonly ContractEffect[]): string[] {
  return effects.map((e) =>
    e.type === 'close'
      ? `close:${e.reason}:${e.positionId}`
      : e.type === 'refuse'
        ? `refuse:${e.reason}:${e.order.id}`
        : e.type === 'open'
          ? `open:${e.order.id}`
          : `forced:${e.userId}`,
  );
}

describe('the contract engine, second by second', () => {
  it('opens a market order at the first tick after its acceptance, and never on an earlier one', () => {
    const engine = new ContractBook(LEVEL);
    engine.setAvailable(1, 1_000_000_000n);
    engine.accept(order({ id: 1, userId: 1, acceptedAt: 1_500 }));
    expect(engine.second(1_000, ticks(1_000, { 1: 5_000_000n }))).toEqual([]);
    const [open] = engine.second(2_000, ticks(2_000, { 1: 5_010_000n }));
    expect(open).toMatchObject({ type: 'open', price: 5_010_000n, margin: 501_000_000n, fee: 2_505_000n });
    expect(engine.account(1).available).toBe(1_000_000_000n - 501_000_000n - 2_505_000n);
  });

  it('refuses an open that would leave the account at the forced-close level, and one it cannot pay', () => {
    const engine = new ContractBook(LEVEL);
    engine.setAvailable(1, 520_000_000n);
    engine.setAvailable(2, 400_000_000n);
    engine.accept(order({ id: 1, userId: 1, acceptedAt: 500 }));
    engine.accept(order({ id: 2, userId: 2, acceptedAt: 500 }));
    expect(kinds(engine.second(1_000, ticks(1_000, { 1: 5_000_000n })))).toEqual([
      'refuse:risk:1',
      'refuse:funds:2',
    ]);
    expect([engine.account(1).available, engine.account(2).available]).toEqual([520_000_000n, 400_000_000n]);
  });

  it('puts market orders first, then limit opens, then targets, then forced closing, within one tick', () => {
    const engine = new ContractBook(LEVEL);
    for (const user of [1, 2, 3]) engine.setAvailable(user, 10_000_000_000n);
    engine.accept(order({ id: 1, userId: 1, acceptedAt: 100, stopLoss: 4_900_000n }));
    engine.second(1_000, ticks(1_000, { 1: 5_000_000n }));
    engine.accept(order({ id: 3, userId: 3, kind: 'limit', limitPrice: 4_800_000n, acceptedAt: 1_100 }));
    engine.accept(order({ id: 4, userId: 2, acceptedAt: 1_200 }));
    expect(kinds(engine.second(2_000, ticks(2_000, { 1: 4_800_000n })))).toEqual([
      'open:4',
      'open:3',
      'close:stop_loss:1',
    ]);
  });

  it("closes a take-profit at the boundary tick, at that tick's price, and not at the tick before", () => {
    const engine = new ContractBook(LEVEL);
    engine.setAvailable(1, 1_000_000_000n);
    engine.accept(order({ id: 1, userId: 1, acceptedAt: 100, side: 'short', takeProfit: 4_900_000n }));
    engine.second(1_000, ticks(1_000, { 1: 5_000_000n }));
    expect(engine.second(2_000, ticks(2_000, { 1: 4_900_001n }))).toEqual([]);
    const [close] = engine.second(3_000, ticks(3_000, { 1: 4_900_000n }));
    expect(close).toMatchObject({
      type: 'close',
      reason: 'take_profit',
      figures: { price: 4_900_000n, profit: 100_000_000n },
    });
  });

  it("closes a stop-loss at its boundary tick, at that tick's price, and not at the tick before", () => {
    const engine = new ContractBook(LEVEL);
    engine.setAvailable(1, 1_000_000_000n);
    engine.accept(order({ id: 1, userId: 1, acceptedAt: 100, stopLoss: 4_950_000n }));
    engine.second(1_000, ticks(1_000, { 1: 5_000_000n }));
    expect(engine.second(2_000, ticks(2_000, { 1: 4_950_001n }))).toEqual([]);
    const [close] = engine.second(3_000, ticks(3_000, { 1: 4_950_000n }));
    expect(close).toMatchObject({
      type: 'close',
      reason: 'stop_loss',
      figures: { price: 4_950_000n, profit: -50_000_000n },
    });
  });

  it('force-closes an account at the level, paying the fee out of what is left', () => {
    const engine = new ContractBook(LEVEL);
    engine.setAvailable(1, 600_000_000n);
    engine.accept(order({ id: 1, userId: 1, acceptedAt: 100 }));
    engine.second(1_000, ticks(1_000, { 1: 5_000_000n }));
    // Available 97.5 after margin 500 and fee 2.5; at 45,000 the loss is 500 and the risk past 90 %.
    const [forced] = engine.second(2_000, ticks(2_000, { 1: 4_500_000n }));
    expect(forced).toMatchObject({
      type: 'forced',
      freed: 500_000_000n,
      profit: -500_000_000n,
      payout: { available: 94_800_000n, fee: 2_700_000n, shortfall: 0n },
    });
    expect(engine.account(1).positions.size).toBe(0);
    expect(engine.account(1).available).toBe(94_800_000n);
  });

  it('leaves a loss past the account after a gap to the insurance account, never a negative balance', () => {
    const engine = new ContractBook(LEVEL);
    engine.setAvailable(1, 600_000_000n);
    engine.accept(order({ id: 1, userId: 1, acceptedAt: 100 }));
    engine.second(1_000, ticks(1_000, { 1: 5_000_000n }));
    // A gap to 40,000: a loss of 1,000 against 597.5 in the account.
    const [forced] = engine.second(2_000, ticks(2_000, { 1: 4_000_000n }));
    expect(forced).toMatchObject({
      type: 'forced',
      payout: { available: 0n, fee: 0n, shortfall: 402_500_000n },
    });
    expect(engine.account(1).available).toBe(0n);
  });

  it('checks an account with positions in two coins on each second that ticks one of them', () => {
    const engine = new ContractBook(LEVEL);
    engine.setAvailable(1, 700_000_000n);
    engine.accept(order({ id: 1, userId: 1, acceptedAt: 100 }));
    engine.accept(order({ id: 2, userId: 1, acceptedAt: 100, coinId: 2, quantity: 1_000_000n }));
    // Margins of 500 and 10 leave 187.45 available: equity reaches 90 % at 566.66, a loss of 130.79.
    expect(kinds(engine.second(1_000, ticks(1_000, { 1: 5_000_000n, 2: 10_000n })))).toEqual([
      'open:1',
      'open:2',
    ]);
    expect(engine.second(2_000, ticks(2_000, { 2: 10_000n }))).toEqual([]);
    expect(engine.second(3_000, ticks(3_000, { 1: 4_870_000n }))).toEqual([]);
    // Nothing of the account changed; a fall of coin 1 alone takes its risk past 90 %.
    expect(kinds(engine.second(4_000, ticks(4_000, { 1: 4_869_000n })))).toEqual(['forced:1']);
  });

  it("closes a hedged account whole when one leg's loss is more than the account can pay alone", () => {
    const engine = new ContractBook(LEVEL);
    engine.setAvailable(1, 1_200_000_000n);
    engine.accept(order({ id: 1, userId: 1, acceptedAt: 100, stopLoss: 4_900_000n }));
    engine.accept(order({ id: 2, userId: 1, acceptedAt: 100, side: 'short' }));
    engine.second(1_000, ticks(1_000, { 1: 5_000_000n }));
    // Two margins of 500 and fees of 2.5 leave 195. A gap to 40,000: the long's stop would lose 1,000
    // against 695 (its margin and the available amount), while the short gains as much.
    expect(kinds(engine.second(2_000, ticks(2_000, { 1: 4_000_000n })))).toEqual(['forced:1']);
    expect(engine.account(1).available).toBe(1_200_000_000n - 5_000_000n - 4_800_000n);
  });
});

/** What the property test feeds both engines. */
type Step =
  | {
      kind: 'open';
      user: number;
      coin: number;
      side: 'long' | 'short';
      limit: number | null;
      quantity: number;
      leverage: number;
      tp: number | null;
      sl: number | null;
    }
  | { kind: 'close'; user: number; pick: number; share: number }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'targets'; user: number; pick: number; tp: number | null; sl: number | null }
  | { kind: 'transfer'; user: number; percent: number }
  | { kind: 'second'; moves: number[] };

const USERS = 3;
const COINS = 3;
const offset = fc.option(fc.integer({ min: -800, max: 800 }), { nil: null });
// Mostly small moves, some gaps: forced closes come from both, shortfalls from the gaps.
const move = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -300, max: 300 }) },
  { weight: 1, arbitrary: fc.integer({ min: -2_000, max: 2_000 }) },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      user: fc.nat(USERS - 1),
      coin: fc.nat(COINS - 1),
      side: fc.constantFrom('long' as const, 'short' as const),
      limit: offset,
      quantity: fc.integer({ min: 1, max: 300_000 }),
      leverage: fc.constantFrom(1, 5, 20, 100),
      tp: offset,
      sl: offset,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      user: fc.nat(USERS - 1),
      pick: fc.nat(),
      share: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), user: fc.nat(USERS - 1), pick: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('targets' as const),
      user: fc.nat(USERS - 1),
      pick: fc.nat(),
      tp: offset,
      sl: offset,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      user: fc.nat(USERS - 1),
      percent: fc.integer({ min: -100, max: 50 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('second' as const),
      moves: fc.array(move, { minLength: COINS, maxLength: COINS }),
    }),
  },
);

/** Drives both engines with the same events; valid events are decided from the reference's state. */
class Driver {
  readonly fast = new ContractBook(LEVEL);
  readonly naive = new ContractReference(LEVEL);
  private readonly prices = [5_000_000n, 300_000n, 100n * 100n];
  private time = 0;
  private nextId = 1;
  private ticked = false;
  readonly effects: [ContractEffect[], ContractEffect[]] = [[], []];

  constructor() {
    for (let user = 0; user < USERS; user += 1) this.both((e) => e.setAvailable(user, 1_000_000_000n));
  }

  private both(run: (engine: ContractState) => void): void {
    run(this.fast);
    run(this.naive);
  }

  private price(coin: number, bp: number | null): bigint | null {
    if (bp === null) return null;
    const price = ((this.prices[coin] as bigint) * BigInt(10_000 + bp)) / 10_000n;
    return price > 0n ? price : 1n;
  }

  apply(s: Step): void {
    const account = this.naive.account('user' in s ? s.user : 0);
    const at = this.time + 1 + (this.nextId % 900);
    if (s.kind === 'second') return this.second(s.moves);
    if (s.kind === 'transfer') {
      const amount = account.available + (account.available * BigInt(s.percent)) / 100n;
      this.both((e) => e.setAvailable(s.user, amount));
      return;
    }
    const positions = [...account.positions.values()];
    const resting = [...account.orders.values()].filter((o) => o.kind === 'limit');
    if (s.kind === 'cancel') {
      const target = resting[s.pick % Math.max(resting.length, 1)];
      if (target) this.both((e) => e.cancel(target.id, s.user));
      return;
    }
    if (s.kind === 'targets' || s.kind === 'close') {
      const position = positions[s.pick % Math.max(positions.length, 1)];
      if (!position) return;
      const coin = position.coinId;
      if (s.kind === 'targets') {
        const tp = this.price(coin, s.tp);
        const sl = this.price(coin, s.sl);
        this.both((e) => e.setTargets(position.id, s.user, tp, sl));
        return;
      }
      const quantity = (position.quantity * BigInt(s.share)) / 4n || 1n;
      const close = {
        id: this.nextId++,
        userId: s.user,
        coinId: coin,
        acceptedAt: at,
        action: 'close' as const,
        side: position.side,
        quantity,
        positionId: position.id,
        leverage: position.leverage,
      };
      this.both((e) => e.accept(order(close)));
      return;
    }
    if (!this.ticked) return;
    const limitPrice = this.price(s.coin, s.limit);
    const open = order({
      id: this.nextId++,
      userId: s.user,
      coinId: s.coin,
      acceptedAt: at,
      side: s.side,
      kind: limitPrice === null ? 'market' : 'limit',
      limitPrice,
      quantity: BigInt(s.quantity) * 10n ** BigInt(s.coin),
      leverage: s.leverage,
      takeProfit: this.price(s.coin, s.tp),
      stopLoss: this.price(s.coin, s.sl),
    });
    if (open.held <= account.available) this.both((e) => e.accept(open));
  }

  private second(moves: readonly number[]): void {
    this.time += 1_000;
    const prices: Record<number, bigint> = {};
    moves.forEach((move, coin) => {
      // Some seconds leave a coin without a tick: its mark stays.
      if (move % 3 === 0 && this.ticked) return;
      const price = this.price(coin, move) as bigint;
      this.prices[coin] = price;
      prices[coin] = price;
    });
    this.ticked = true;
    const recorded = ticks(this.time, prices);
    this.effects[0].push(...this.fast.second(this.time, recorded));
    this.effects[1].push(...this.naive.second(this.time, recorded));
  }

  /** Both engines' accounts, as plain figures. */
  states(): [unknown, unknown] {
    const of = (engine: ContractState) =>
      Array.from({ length: USERS }, (_, user) => {
        const account = engine.account(user);
        return {
          available: account.available,
          positions: [...account.positions.values()]
            .map((p) => [p.id, p.quantity, p.margin, p.takeProfit, p.stopLoss])
            .sort(),
          orders: [...account.orders.keys()].sort(),
        };
      });
    return [of(this.fast), of(this.naive)];
  }

  /** Each engine's coins in use, beside the coins its accounts' positions and orders name. */
  coins(): [number[], number[]][] {
    return [this.fast, this.naive].map((engine) => {
      const walked = new Set<number>();
      for (let user = 0; user < USERS; user += 1) {
        const account = engine.account(user);
        for (const position of account.positions.values()) walked.add(position.coinId);
        for (const order of account.orders.values()) walked.add(order.coinId);
      }
      const byNumber = (a: number, b: number) => a - b;
      return [engine.coinsInUse().sort(byNumber), [...walked].sort(byNumber)];
    });
  }
}

describe('the fast engine and the naive reference', () => {
  it('open, close and force-close the same positions at the same ticks, leaving the same balances', () => {
    // What the runs did, so that a generator that stopped reaching a rule fails the test too. (An
    // account forced closed over several coins is rarer; the scripted test above covers it.)
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 160 }), (steps) => {
        const driver = new Driver();
        for (const s of steps) driver.apply(s);
        expect(driver.effects[0]).toEqual(driver.effects[1]);
        const [fast, naive] = driver.states();
        expect(fast).toEqual(naive);
        for (const [kept, walked] of driver.coins()) expect(kept).toEqual(walked);
        for (const effect of driver.effects[0]) for (const name of outcomes(effect)) seen.add(name);
      }),
      { numRuns: 400 },
    );
    expect([...seen].sort()).toEqual([
      'close:market',
      'close:stop_loss',
      'close:take_profit',
      'forced',
      'forced:shortfall',
      'forced:without a tick of its coins',
      'open:limit',
      'open:market',
      'refuse:funds',
      'refuse:position',
      'refuse:risk',
    ]);
  });
});

function outcomes(effect: ContractEffect): string[] {
  if (effect.type === 'open') return [`open:${effect.order.kind}`];
  if (effect.type === 'refuse') return [`refuse:${effect.reason}`];
  if (effect.type === 'close') return [`close:${effect.reason}`];
  const names = ['forced'];
  if (effect.payout.shortfall > 0n) names.push('forced:shortfall');
  // Closed although none of its coins ticked: a transfer (or a change of its own) brought it there.
  if (effect.closes.every((c) => c.tick.timeMs !== effect.timeMs))
    names.push('forced:without a tick of its coins');
  return names;
}
