import { expect } from 'vitest';
import { endpoints, type TimingOrder } from '@vela/contract';
import { parseDecimal } from '@vela/domain';
import { DEFAULT_PASSWORD, expectSuccess, login, pw, userRow, type TestApp } from '../../helpers/test-app.ts';
import { fund, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';

const { team, timing, user } = endpoints;

/** A user of the tests' teams: their id and a session token. */
export interface TeamUser {
  id: number;
  username: string;
  token: string;
}

let added = 0;

/**
 * Adds a user below `agent` through /user/add and signs them in, changing the initial password as
 * the first login requires; the user is given `balance` USDT.
 */
export async function addMember(
  t: TestApp,
  agent: TeamUser,
  rates: { timing: string; contract?: string; type?: 1 | 2 },
  balance = '0',
): Promise<TeamUser> {
  added += 1;
  const username = `m${Date.now().toString(36).slice(-5)}${added}`;
  const created = expectSuccess(
    await t.call(
      team.addUser,
      {
        userType: rates.type ?? 1,
        username,
        pointPercentTiming: rates.timing,
        pointPercentContract: rates.contract ?? rates.timing,
      },
      { token: agent.token },
    ),
  );
  const token = await login(t, username, created.initialPassword);
  expectSuccess(
    await t.call(
      user.editLoginPwd,
      { oldPwd: pw(created.initialPassword), newPwd: pw(DEFAULT_PASSWORD), prePwd: pw(DEFAULT_PASSWORD) },
      { token },
    ),
  );
  const row = await userRow(t.db, username);
  if (!row) throw new Error(`added user ${username} is missing`);
  if (balance !== '0') await fund(t, row.id, 'USDT', balance);
  return { id: row.id, username, token };
}

export async function signIn(t: TestApp, username: string, password: string): Promise<TeamUser> {
  const row = await userRow(t.db, username);
  if (!row) throw new Error(`no user ${username}`);
  return { id: row.id, username, token: await login(t, username, password) };
}

/**
 * Timed trades against a scripted feed, as the timed-trade tests drive them: the test app stamps
 * orders with `clock`, the feed is live at the second before, orders open at the next second and
 * settle at their expiry's tick.
 */
export class TimedTrades {
  constructor(
    private readonly t: TestApp,
    private readonly clock: { now: number },
  ) {}

  private second(ms: number): number {
    return Math.floor(ms / 1000) * 1000;
  }

  async recordTick(vcId: number, timeMs: number, price: string): Promise<void> {
    const coin = await this.t.db
      .selectFrom('vc')
      .select('price_scale')
      .where('id', '=', vcId)
      .executeTakeFirstOrThrow();
    const parsed = parseDecimal(price, coin.price_scale);
    if (!parsed.ok) throw new Error(price);
    await this.t.db
      .deleteFrom('price_tick')
      .where('vc_id', '=', vcId)
      .where('time_ms', '=', timeMs)
      .execute();
    await this.t.db
      .insertInto('price_tick')
      .values({
        vc_id: vcId,
        time_ms: timeMs,
        price_minor: parsed.minor,
        volume_minor: 1n,
        turnover_minor: 1n,
      })
      .execute();
  }

  /** Places a 30-second `direction` order of `amount` USDT on BTC for each token, and settles them. */
  async placeAndSettle(tokens: readonly string[], amount: string, rise: boolean): Promise<TimingOrder[]> {
    const orders = await this.place(tokens, amount);
    await this.settle(orders, rise);
    return orders;
  }

  async place(tokens: readonly string[], amount: string): Promise<TimingOrder[]> {
    this.clock.now += 600_000;
    const vc = await vcIdOf(this.t, 'BTC');
    await this.recordTick(vc.id, this.second(this.clock.now), '60000.00');
    const orders: TimingOrder[] = [];
    for (const token of tokens)
      orders.push(
        expectSuccess(
          await this.t.post<TimingOrder>(
            timing.timingOrderRequest.path,
            { vcId: vc.id, periodSeconds: 30, direction: 'up', amount },
            { token, headers: { 'idempotency-key': idemKey() } },
          ),
        ),
      );
    return orders;
  }

  /** Opens the orders placed last and settles them, higher (a win for up) or lower. */
  async settle(orders: readonly TimingOrder[], rise: boolean): Promise<void> {
    const vc = await vcIdOf(this.t, 'BTC');
    const open = this.second(this.clock.now) + 1000;
    await this.recordTick(vc.id, open, '60000.00');
    expect(await this.t.timing.settleDue(open)).toBe(0);
    await this.recordTick(vc.id, open + 30_000, rise ? '60001.00' : '59999.00');
    expect(await this.t.timing.settleDue(open + 30_000)).toBe(orders.length);
  }
}
