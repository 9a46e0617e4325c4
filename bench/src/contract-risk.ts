import {
  ContractBook,
  ContractReference,
  forcedCloseLevel,
  marginOf,
  type ContractState,
  type Position,
  type RecordedTick,
} from '@vela/domain';
import { isEntryPoint } from './entry-point.ts';

/**
 * The contract engine's book (packages/domain/src/contract/contract-book.ts) with POSITIONS open
 * positions over COINS coins (default 1,000,000 over 16, the figures), one per account:
 *
 * - quiet tick: one coin's tick that crosses no limit, target or forced-close price; goal ≤ 1 µs,
 *   and ≥ 1000× faster than the naive reference, which checks every account on every second;
 * - forcing tick: a tick of one coin that takes 10,000 accounts to the forced-close level; the
 *   figure is the book's part (finding them and computing their closes). Committing the closes
 *   and their journal entries is the server engine's part, measured apart.
 */
const POSITIONS = Number(process.env.BENCH_CONTRACT_POSITIONS ?? 1_000_000);
const COINS = Number(process.env.BENCH_CONTRACT_COINS ?? 16);
const FORCED = 10_000;
const PRICE = 5_000_000n;
const scales = { price: 2, quantity: 6, quote: 6 };
const LEVEL = forcedCloseLevel(1_000n);

/** A fixed pseudo-random sequence, so every run measures the same book. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const tick = (id: number, timeMs: number, priceMinor: bigint): RecordedTick => ({ id, timeMs, priceMinor });

/**
 * Positions of 0.1 coin at 10x, long and short alike, each account with an available amount that
 * puts its forced-close price 5 % to 45 % away; coin 1's first FORCED longs sit 1 % to 2 % away.
 */
function fill(state: ContractState): void {
  const next = random(7);
  for (let coinId = 1; coinId <= COINS; coinId += 1) state.mark(coinId, tick(coinId, 0, PRICE));
  let forcedLongs = 0;
  for (let i = 0; i < POSITIONS; i += 1) {
    const coinId = 1 + (i % COINS);
    const side = i % 2 === 0 ? 'long' : 'short';
    const quantity = 100_000n;
    const margin = marginOf(PRICE, quantity, 10, scales);
    const near = coinId === 1 && side === 'long' && forcedLongs < FORCED;
    if (near) forcedLongs += 1;
    const away = near ? 0.01 + next() * 0.01 : 0.05 + next() * 0.4;
    // The loss that reaches 90 % is available + margin - margin / 0.9; the available amount sets it.
    const loss = BigInt(Math.round(Number((quantity * PRICE) / 100n) * away));
    const available = loss - margin + (margin * 10n) / 9n;
    const position: Position = {
      id: i + 1,
      userId: i + 1,
      coinId,
      side,
      leverage: 10,
      entryPrice: PRICE,
      quantity,
      margin,
      takeProfit: null,
      stopLoss: null,
      openedAt: 0,
      closeRate: 50_000n,
      scales,
    };
    state.setAvailable(position.userId, available > 0n ? available : 1n);
    state.restore(position);
  }
  // The first second indexes every account.
  state.second(1_000, new Map([[1, tick(0, 1_000, PRICE)]]));
}

function nsPer(count: number, run: () => void): number {
  const started = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - started) / count;
}

function quietTicks(book: ContractState, count: number, startMs: number): number {
  let effects = 0;
  const ns = nsPer(count, () => {
    for (let i = 0; i < count; i += 1) {
      const coinId = 1 + (i % COINS);
      const timeMs = startMs + i * 1000;
      effects += book.second(timeMs, new Map([[coinId, tick(i, timeMs, PRICE)]])).length;
    }
  });
  if (effects !== 0) throw new Error(`a quiet tick had ${effects} effects`);
  return ns;
}

export function benchContractRisk(): void {
  console.log(`\nContract book: ${POSITIONS.toLocaleString('en')} open positions over ${COINS} coins`);
  const book = new ContractBook(LEVEL);
  const built = nsPer(POSITIONS, () => fill(book));
  console.log(`  built at ${(built / 1000).toFixed(2)} µs per position`, book.indexSizes);
  quietTicks(book, 100_000, 10_000);
  const quiet = quietTicks(book, 1_000_000, 200_000_000);
  const reference = new ContractReference(LEVEL);
  fill(reference);
  const naive = quietTicks(reference, 3, 2_000_000_000);
  console.log(
    `  quiet tick: ${quiet.toFixed(0)} ns (goal ≤ 1,000 ns: ${quiet <= 1000 ? 'meets' : 'MISSES'}); ` +
      `naive reference ${(naive / 1e6).toFixed(0)} ms; ` +
      `${Math.round(naive / quiet).toLocaleString('en')}× faster (goal ≥ 1,000×)`,
  );
  // 2 % down on coin 1: its FORCED nearest longs reach the level.
  const started = process.hrtime.bigint();
  const effects = book.second(3_000_000_000, new Map([[1, tick(9, 3_000_000_000, (PRICE * 98n) / 100n)]]));
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const forced = effects.filter((e) => e.type === 'forced').length;
  console.log(
    `  forcing tick: ${forced.toLocaleString('en')} accounts forced closed in ${ms.toFixed(1)} ms (the book's part)`,
  );
}

if (isEntryPoint(import.meta.url)) benchContractRisk();
