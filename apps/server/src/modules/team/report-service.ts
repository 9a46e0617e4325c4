import type { Kysely } from 'kysely';
import type { ParsedBodyOf, ReportFigures, endpoints } from '@vela/contract';
import {
  addFigures,
  dayOfHour,
  emptyFigures,
  formatMinor,
  hoursOfDays,
  PLATFORM_OWNER,
  type Figures,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { AuthSession } from '../../http/contract-routes.ts';
import { listCoins } from '../market/coin-repository.ts';
import { summedRollups } from './report-repository.ts';
import type { TeamService } from './team-service.ts';

type Coins = Map<number, { symbol: string; amount_scale: number }>;
type ReportBody = ParsedBodyOf<typeof endpoints.team.report>;

/** The longest range a report covers, in days. */
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/**
 * Reports (docs/product.md, "Reports"): sums of the hourly roll-ups, never of the raw rows. Days are
 * counted in whole hours of the caller's offset (an offset of +5:30 counts as +5:00), and the
 * answer states the offset used.
 */
export class ReportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly team: TeamService,
  ) {}

  async totals(session: AuthSession, body: ReportBody) {
    const { offsetHours, first, end } = await this.range(session, body);
    const rows = await summedRollups(this.db, {
      ownerId: session.userId,
      scope: body.scope,
      first,
      end,
      offsetHours,
      byDay: false,
    });
    const { figures, members } = shown(rows, await this.coins());
    return { utcOffsetMinutes: offsetHours * 60, totals: figures, members };
  }

  async days(session: AuthSession, body: ReportBody) {
    const { offsetHours, first, end } = await this.range(session, body);
    return this.byDay({ ownerId: session.userId, scope: body.scope, first, end, offsetHours });
  }

  /** The platform's figures per day, for the console (every user's events, and every new user). */
  async platformDays(body: { from: string; to: string; utcOffsetMinutes: number }) {
    const offsetHours = checkedOffsetHours(body);
    const { first, end } = hoursOfDays(body.from, body.to, offsetHours);
    return this.byDay({ ownerId: PLATFORM_OWNER, scope: 'platform', first, end, offsetHours });
  }

  private async byDay(query: {
    ownerId: number;
    scope: 'user' | 'team' | 'platform';
    first: number;
    end: number;
    offsetHours: number;
  }) {
    const { offsetHours } = query;
    const rows = await summedRollups(this.db, { ...query, byDay: true });
    const byDay = new Map<number, typeof rows>();
    for (const row of rows) {
      const list = byDay.get(row.day ?? 0);
      if (list) list.push(row);
      else byDay.set(row.day ?? 0, [row]);
    }
    // The coins are read once for all the days, not once a day.
    const coins = await this.coins();
    const days = [];
    for (const [day, dayRows] of [...byDay].sort(([a], [b]) => b - a)) {
      const { figures, members } = shown(dayRows, coins);
      days.push({ day: dayOfHour(day * 24 - offsetHours, offsetHours), figures, members });
    }
    return { utcOffsetMinutes: offsetHours * 60, days };
  }

  /** The hours of the asked days; a team report is for agents only. */
  private async range(session: AuthSession, body: ReportBody) {
    if (body.scope === 'team') await this.team.requireAgent(session);
    const offsetHours = checkedOffsetHours(body);
    return { offsetHours, ...hoursOfDays(body.from, body.to, offsetHours) };
  }

  private async coins(): Promise<Coins> {
    return new Map((await listCoins(this.db)).map((coin) => [coin.id, coin]));
  }
}

function wireFigures(symbol: string, scale: number, f: Figures): ReportFigures {
  const money = (value: bigint) => formatMinor(value, scale);
  return {
    symbol,
    profit: money(f.profit),
    orderAmount: money(f.orderAmount),
    orderCount: f.orderCount,
    fee: money(f.fee),
    bonus: money(f.bonus),
    rebate: money(f.rebate),
    recharge: money(f.recharge),
    rechargeFee: money(f.rechargeFee),
    rechargeCount: f.rechargeCount,
    withdraw: money(f.withdraw),
    withdrawFee: money(f.withdrawFee),
    withdrawCount: f.withdrawCount,
    exchange: money(f.exchange),
    exchangeFee: money(f.exchangeFee),
    firstRecharge: money(f.firstRecharge),
    firstRechargeCount: f.firstRechargeCount,
    memberCount: f.memberCount,
  };
}

/** The offset in whole hours, once the range is checked: 1 to 366 whole days, the end not first. */
function checkedOffsetHours(body: { from: string; to: string; utcOffsetMinutes: number }): number {
  const from = Date.parse(`${body.from}T00:00:00Z`);
  const to = Date.parse(`${body.to}T00:00:00Z`);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from || (to - from) / DAY_MS + 1 > MAX_DAYS)
    throw new AppError('REPORT_RANGE_INVALID', { data: { field: 'to' } });
  return Math.trunc(body.utcOffsetMinutes / 60);
}

/** Figures per currency as the wire shows them; new members (no currency) apart. */
function shown(rows: readonly { vcId: number; figures: Figures }[], coins: Coins) {
  const members = emptyFigures();
  const figures: ReportFigures[] = [];
  for (const row of rows) {
    if (row.vcId === 0) {
      addFigures(members, row.figures);
      continue;
    }
    const coin = coins.get(row.vcId);
    if (!coin) throw new Error(`report: no coin ${row.vcId}`);
    figures.push(wireFigures(coin.symbol, coin.amount_scale, row.figures));
  }
  figures.sort((a, b) =>
    a.symbol === 'USDT' ? -1 : b.symbol === 'USDT' ? 1 : a.symbol.localeCompare(b.symbol),
  );
  return { figures, members: members.memberCount };
}
