import type { Kysely } from 'kysely';
import { reportFactsOf, rollUp, timedResultFacts, type ReportFact } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { Money } from '../ledger/money.ts';
import {
  addToRollups,
  batchResults,
  claimFirstRecharge,
  dequeue,
  queuedItems,
  reportEntries,
  withdrawalOwners,
  type QueuedItem,
} from './report-repository.ts';
import { ancestorsOf } from './team-repository.ts';

/** Another roll-up took some of the same queued items first; this one rolls back and tries again. */
class RollupConflict extends Error {}

export interface ReportRollerDeps {
  db: Kysely<Database>;
  money: Money;
  /** How often the queue is read while nothing wakes the roller (default 1 s); 0: never by itself. */
  intervalMs?: number;
  /** Items rolled up per transaction at most (default 5,000). */
  batchSize?: number;
  onError?: (error: unknown) => void;
}

/**
 * Rolls report figures up as the events commit (docs/product.md, "Reports"; decision 049). The
 * ledger queues every entry that moves a figure, and registration queues each new user, in their
 * own transactions; the roller takes a batch off the queue, reads what the entries did, and adds it
 * to the users' and their ancestors' hourly rows, all in one transaction: an item is rolled up once,
 * whichever node takes it, and a crash rolls the whole batch back onto the queue.
 */
export class ReportRoller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly deps: ReportRollerDeps) {}

  start(): void {
    const every = this.deps.intervalMs ?? 1_000;
    if (every <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.drain().catch((error) => this.deps.onError?.(error)), every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Rolls up everything queued now; answers how many items. Calls never overlap. */
  async drain(): Promise<number> {
    while (this.running) await this.running.catch(() => undefined);
    this.running = this.drainAll();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  private async drainAll(): Promise<number> {
    const size = this.deps.batchSize ?? 5_000;
    let total = 0;
    for (let conflicts = 0; ;) {
      try {
        const done = await this.deps.money.committer.run((trx) => rollUpBatch(trx, this.deps.money, size));
        total += done;
        if (done < size) return total;
      } catch (error) {
        if (!(error instanceof RollupConflict) || ++conflicts > 5) throw error;
      }
    }
  }
}

/** One batch of the queue, in the caller's transaction; answers how many items it rolled up. */
async function rollUpBatch(trx: Kysely<Database>, money: Money, size: number): Promise<number> {
  const items = await queuedItems(trx, money.dialect, size);
  if (items.length === 0) return 0;
  if (
    (await dequeue(
      trx,
      items.map((item) => item.id),
    )) !== items.length
  )
    throw new RollupConflict('queued items were taken by another roll-up');
  const facts = await factsOf(trx, items);
  const ancestors = await ancestorsOf(
    trx,
    facts.map((fact) => fact.userId),
  );
  const rows = rollUp(facts, (userId) => ancestors.get(userId) ?? []);
  await addToRollups(trx, money.dialect, [...rows.values()]);
  return items.length;
}

/** What the queued items did, in queue order: entries through their postings, registrations as members. */
async function factsOf(trx: Kysely<Database>, items: readonly QueuedItem[]): Promise<ReportFact[]> {
  const entryIds = items.flatMap((item) => (item.entry_id === null ? [] : [item.entry_id]));
  const entries = await reportEntries(trx, entryIds);
  const owners = await withdrawalOwners(
    trx,
    entries.filter((entry) => entry.type === 'withdrawal_payout').map((entry) => entry.refId),
  );
  const facts: ReportFact[] = [];
  for (const entry of entries) {
    if (entry.type === 'timing_settlement') {
      facts.push(...timedResultFacts(await batchResults(trx, entry.refId), entry.at));
      continue;
    }
    const ownerId = entry.type === 'withdrawal_payout' ? owners.get(entry.refId) : undefined;
    for (const fact of reportFactsOf(ownerId === undefined ? entry : { ...entry, ownerId }))
      facts.push(await withFirstRecharge(trx, entry.type, fact));
  }
  for (const item of items)
    if (item.user_id !== null)
      facts.push({
        userId: item.user_id,
        at: item.created_at,
        vcId: 0,
        figures: { memberCount: 1 },
        teamOnly: true,
      });
  return facts;
}

/** A credited deposit that is the user's first counts as the first recharge too. */
async function withFirstRecharge(trx: Kysely<Database>, type: string, fact: ReportFact): Promise<ReportFact> {
  if (type !== 'deposit' || !(await claimFirstRecharge(trx, fact.userId, fact.at))) return fact;
  return {
    ...fact,
    figures: { ...fact.figures, firstRecharge: fact.figures.recharge ?? 0n, firstRechargeCount: 1 },
  };
}
