import type { Transaction } from 'kysely';
import type { EntryDraft } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Money } from './money.ts';
import { requestHash, type IdempotentRequest } from '../storage/idempotency.ts';
import type { BatchOutcome } from '../storage/request-batcher.ts';

/**
 * The idempotency keys of a batch of placements (decision 027), for every engine that places orders
 * in batches: which requests answer a stored answer, which are new, and what the second copy of a
 * key within one batch answers.
 */

export interface KeyedItem {
  readonly request: IdempotentRequest;
}

/** A placement's answer, and what its engine tracks of the order it placed (null for a replay). */
export interface Placement<A, T> {
  answer: A;
  tracked: T | null;
}

export type Outcomes<A, T> = (BatchOutcome<Placement<A, T>> | undefined)[];

export function itemAt<I>(items: readonly I[], index: number): I {
  const item = items[index];
  if (!item) throw new Error(`placement: no request #${index}`);
  return item;
}

function keyOf(item: KeyedItem): string {
  return `${item.request.owner} ${item.request.key}`;
}

/**
 * Answers the requests whose key is stored already (the same body: the stored answer; another:
 * refused) and lists the others, each key once: the first request of a key in the batch.
 */
async function replayStored<A, T>(
  trx: Transaction<Database>,
  money: Money,
  items: readonly KeyedItem[],
  outcomes: Outcomes<A, T>,
): Promise<{ fresh: number[]; firstOfKey: Map<string, number> }> {
  const existing = await money.requests.findMany(
    trx,
    items.map((item) => item.request),
  );
  const firstOfKey = new Map<string, number>();
  const fresh: number[] = [];
  items.forEach((item, i) => {
    const key = keyOf(item);
    const stored = existing.get(key);
    if (stored) {
      outcomes[i] =
        stored.hash === requestHash(item.request)
          ? { ok: true, value: { answer: JSON.parse(stored.response) as A, tracked: null } }
          : { ok: false, error: new AppError('IDEMPOTENCY_KEY_REUSED') };
    } else if (!firstOfKey.has(key)) {
      firstOfKey.set(key, i);
      fresh.push(i);
    }
  });
  return { fresh, firstOfKey };
}

/**
 * A request's outcome. A second request with the key of one in this batch answers what the first
 * did, as a retry after the commit would; another body under the same key is refused.
 */
function outcomeOf<A, T>(
  items: readonly KeyedItem[],
  outcomes: Outcomes<A, T>,
  firstOfKey: ReadonlyMap<string, number>,
  i: number,
): BatchOutcome<Placement<A, T>> {
  const outcome = outcomes[i];
  if (outcome) return outcome;
  const item = itemAt(items, i);
  const first = firstOfKey.get(keyOf(item));
  if (first === undefined)
    throw new Error(`placement: request #${i} has neither an outcome nor a first of its key`);
  if (requestHash(itemAt(items, first).request) !== requestHash(item.request))
    return { ok: false, error: new AppError('IDEMPOTENCY_KEY_REUSED') };
  const firstOutcome = outcomes[first];
  if (!firstOutcome) throw new Error(`placement: the first request of a key (#${first}) got no outcome`);
  return firstOutcome.ok
    ? { ok: true, value: { answer: firstOutcome.value.answer, tracked: null } }
    : firstOutcome;
}

/** A request a batch placed: where it is in the batch, its answer, and what its engine tracks. */
export interface PlacedItem<A, T> {
  index: number;
  answer: A;
  tracked: T;
}

/** Refuses the request at `index` of the batch: it writes nothing and answers `error`. */
export type Refuse = (index: number, error: AppError) => void;

/**
 * The frame every batched placement shares: stored keys answer first, `place` places the fresh
 * requests (refusing some, each alone) and answers the placed ones, the keys are stored with those
 * answers, and every request gets its outcome.
 */
export async function placeKeyed<A, T>(
  trx: Transaction<Database>,
  money: Money,
  items: readonly KeyedItem[],
  place: (fresh: readonly number[], refuse: Refuse) => Promise<PlacedItem<A, T>[]>,
): Promise<BatchOutcome<Placement<A, T>>[]> {
  const outcomes: Outcomes<A, T> = Array.from({ length: items.length });
  const { fresh, firstOfKey } = await replayStored(trx, money, items, outcomes);
  const placed = await place(fresh, (index, error) => {
    outcomes[index] = { ok: false, error };
  });
  for (const { index, answer, tracked } of placed) outcomes[index] = { ok: true, value: { answer, tracked } };
  await money.requests.storeMany(
    trx,
    placed.map(({ index, answer }) => ({ request: itemAt(items, index).request, value: answer })),
  );
  return items.map((_, i) => outcomeOf(items, outcomes, firstOfKey, i));
}

/**
 * Posts each candidate's entry on its own, as `postEach` does: a candidate whose account is short
 * is refused with `shortError` and the others go on. A candidate without an entry (null) moves no
 * money and is kept. Answers the candidates kept, in order.
 */
export async function postEachOrRefuse<C extends { index: number }>(
  trx: Transaction<Database>,
  money: Money,
  candidates: readonly C[],
  entryOf: (candidate: C) => EntryDraft | null,
  shortError: (candidate: C) => AppError,
  refuse: Refuse,
): Promise<C[]> {
  const posting = candidates.flatMap((candidate) => {
    const entry = entryOf(candidate);
    return entry ? [{ candidate, entry }] : [];
  });
  const posted = await money.ledger.postEach(
    trx,
    posting.map(({ entry }) => entry),
  );
  const short = new Set(
    posting.filter((_, i) => posted[i] === 'insufficient_balance').map((p) => p.candidate),
  );
  for (const candidate of short) refuse(candidate.index, shortError(candidate));
  return candidates.filter((candidate) => !short.has(candidate));
}
