/**
 * Report figures (docs/product.md, "Reports"): what a user's money and trades did, rolled up per
 * UTC hour and currency as the events commit, for the user alone and for every agent above them.
 * The figures come from journal entries; this module decides which figure an entry moves, from the
 * entry's postings alone, except for the two kinds whose owner is not on their postings (a timed
 * settlement batch, a withdrawal payout), where the caller names the owners.
 */

export const REPORT_AMOUNTS = [
  'profit',
  'orderAmount',
  'fee',
  'bonus',
  'rebate',
  'recharge',
  'rechargeFee',
  'withdraw',
  'withdrawFee',
  'exchange',
  'exchangeFee',
  'firstRecharge',
] as const;
export type ReportAmount = (typeof REPORT_AMOUNTS)[number];

export const REPORT_COUNTS = [
  'orderCount',
  'rechargeCount',
  'withdrawCount',
  'firstRechargeCount',
  'memberCount',
] as const;
export type ReportCount = (typeof REPORT_COUNTS)[number];

/** Amounts in the currency's minor units; counts are plain numbers. */
export type Figures = Record<ReportAmount, bigint> & Record<ReportCount, number>;

export function emptyFigures(): Figures {
  const figures = {} as Figures;
  for (const key of REPORT_AMOUNTS) figures[key] = 0n;
  for (const key of REPORT_COUNTS) figures[key] = 0;
  return figures;
}

/** Adds `more` into `into` and answers it. */
export function addFigures(into: Figures, more: Partial<Figures>): Figures {
  for (const key of REPORT_AMOUNTS) into[key] += more[key] ?? 0n;
  for (const key of REPORT_COUNTS) into[key] += more[key] ?? 0;
  return into;
}

export function isEmptyFigures(figures: Partial<Figures>): boolean {
  return REPORT_AMOUNTS.every((key) => !figures[key]) && REPORT_COUNTS.every((key) => !figures[key]);
}

/** One event's figures for one user, at one instant, in one currency (0: figures without one). */
export interface ReportFact {
  readonly userId: number;
  readonly at: number;
  readonly vcId: number;
  readonly figures: Partial<Figures>;
  /** True for a registration: it counts for the teams above the user only. */
  readonly teamOnly?: boolean;
}

/** A posting as the report reads it: its account's owner (null: the platform), kind and currency. */
export interface ReportPosting {
  readonly userId: number | null;
  readonly kind: string;
  readonly vcId: number;
  readonly amountMinor: bigint;
}

export interface ReportEntry {
  readonly type: string;
  readonly vcId: number;
  readonly at: number;
  readonly postings: readonly ReportPosting[];
  /** A withdrawal payout's owner, from its order (its postings are all the platform's). */
  readonly ownerId?: number;
}

/**
 * The facts one journal entry contributes, by its type (docs/product.md, "Reports"):
 * - a timed stake is an order of its amount;
 * - a contract opening is an order and charges its fee; a close or forced close books its profit
 *   (what the house paid the user, or minus what it received) and its fees;
 * - a spot fill is an exchange of its USDT amount, with its fee;
 * - a deposit credit is a recharge of its gross amount, with its fee; a withdrawal payout a
 *   withdrawal of its amount, with its fee; an adjustment a bonus (a negative one reduces it);
 * - a rebate pays each receiver.
 * Timed settlements are read from their orders (`timedResultFacts`); holds, releases, transfers and
 * finance move no figure: they are the user's own money changing places.
 */
export function reportFactsOf(entry: ReportEntry): ReportFact[] {
  const sum = (test: (p: ReportPosting) => boolean) =>
    entry.postings.reduce(
      (total, p) => (test(p) && p.vcId === entry.vcId ? total + p.amountMinor : total),
      0n,
    );
  const platform = (kind: string) => sum((p) => p.userId === null && p.kind === kind);
  const owner = entry.ownerId ?? singleOwner(entry);
  const fact = (figures: Partial<Figures>): ReportFact[] =>
    owner === null ? [] : [{ userId: owner, at: entry.at, vcId: entry.vcId, figures }];
  switch (entry.type) {
    case 'timing_stake':
      return fact({ orderAmount: platform('timing_escrow'), orderCount: 1 });
    case 'contract_open':
      return fact({ fee: platform('fees'), orderCount: 1 });
    case 'contract_close':
    case 'contract_forced':
      return fact({ profit: -platform('house'), fee: platform('fees') });
    case 'spot_fill': {
      const quote = platform('house');
      return fact({ exchange: quote < 0n ? -quote : quote, exchangeFee: platform('fees') });
    }
    case 'deposit': {
      // The credit leg only: the first leg moves the money from outside into clearing.
      const credited = -platform('deposit_clearing');
      if (owner === null || credited <= 0n) return [];
      return fact({ recharge: credited, rechargeFee: platform('fees'), rechargeCount: 1 });
    }
    case 'withdrawal_payout':
      return fact({
        withdraw: -platform('withdrawal_clearing'),
        withdrawFee: platform('fees'),
        withdrawCount: 1,
      });
    case 'adjustment':
      return fact({ bonus: sum((p) => p.userId !== null) });
    case 'rebate':
      return entry.postings
        .filter((p) => p.userId !== null && p.amountMinor > 0n)
        .map((p) => ({
          userId: p.userId as number,
          at: entry.at,
          vcId: p.vcId,
          figures: { rebate: p.amountMinor },
        }));
    default:
      return [];
  }
}

/** The one user an entry's postings belong to; null when none; two is a rule of the caller broken. */
function singleOwner(entry: ReportEntry): number | null {
  let owner: number | null = null;
  for (const p of entry.postings) {
    if (p.userId === null || p.userId === owner) continue;
    if (owner !== null && entry.type !== 'rebate')
      throw new Error(`a ${entry.type} entry has postings of two users`);
    owner = p.userId;
  }
  return owner;
}

/** A settled timed order as the report reads it. */
export interface TimedResult {
  readonly userId: number;
  readonly vcId: number;
  readonly stakeMinor: bigint;
  readonly payoutMinor: bigint;
}

/** A settlement batch's facts: each order's profit is its payout less its stake. */
export function timedResultFacts(orders: readonly TimedResult[], at: number): ReportFact[] {
  return orders.map((order) => ({
    userId: order.userId,
    at,
    vcId: order.vcId,
    figures: { profit: order.payoutMinor - order.stakeMinor },
  }));
}

/** The entry types that move a report figure; the ledger queues only these for the roll-up. */
export const REPORTED_ENTRY_TYPES: ReadonlySet<string> = new Set([
  'timing_stake',
  'timing_settlement',
  'contract_open',
  'contract_close',
  'contract_forced',
  'spot_fill',
  'deposit',
  'withdrawal_payout',
  'adjustment',
  'rebate',
]);

export const HOUR_MS = 3_600_000;

/** The key of one roll-up row. */
export interface RollupKey {
  readonly ownerId: number;
  readonly scope: 'user' | 'team' | 'platform';
  readonly hour: number;
  readonly vcId: number;
}

/** The owner of the platform-wide roll-up rows (scope `platform`); no user has this id. */
export const PLATFORM_OWNER = 0;

/**
 * The facts folded into roll-up rows: each counts for its user alone (scope `user`), for every
 * ancestor's team (scope `team`) and for the platform (scope `platform`); `ancestorsOf` answers a
 * user's ancestors. A registration counts for the teams and the platform only. Answers the rows'
 * increments, one per key.
 */
export function rollUp(
  facts: readonly ReportFact[],
  ancestorsOf: (userId: number) => readonly number[],
): Map<string, { key: RollupKey; figures: Figures }> {
  const rows = new Map<string, { key: RollupKey; figures: Figures }>();
  const add = (key: RollupKey, figures: Partial<Figures>) => {
    const id = `${key.ownerId}|${key.scope}|${key.hour}|${key.vcId}`;
    let row = rows.get(id);
    if (!row) {
      row = { key, figures: emptyFigures() };
      rows.set(id, row);
    }
    addFigures(row.figures, figures);
  };
  for (const fact of facts) {
    if (isEmptyFigures(fact.figures)) continue;
    const hour = Math.floor(fact.at / HOUR_MS);
    if (!fact.teamOnly) add({ ownerId: fact.userId, scope: 'user', hour, vcId: fact.vcId }, fact.figures);
    add({ ownerId: PLATFORM_OWNER, scope: 'platform', hour, vcId: fact.vcId }, fact.figures);
    for (const ancestor of ancestorsOf(fact.userId))
      add({ ownerId: ancestor, scope: 'team', hour, vcId: fact.vcId }, fact.figures);
  }
  return rows;
}

/**
 * The day (YYYY-MM-DD) an hour falls on at a UTC offset; reports count days in whole hours, so an
 * offset is taken in whole hours towards zero (the screen states the offset used).
 */
export function dayOfHour(hour: number, offsetHours: number): string {
  return new Date((hour + offsetHours) * HOUR_MS).toISOString().slice(0, 10);
}

/** The first and past-the-last UTC hour of whole days `from`..`to` at an offset. */
export function hoursOfDays(from: string, to: string, offsetHours: number): { first: number; end: number } {
  const start = Date.parse(`${from}T00:00:00Z`) / HOUR_MS - offsetHours;
  const end = Date.parse(`${to}T00:00:00Z`) / HOUR_MS + 24 - offsetHours;
  if (!Number.isInteger(start) || !Number.isInteger(end)) throw new RangeError(`not days: ${from}, ${to}`);
  return { first: start, end };
}
