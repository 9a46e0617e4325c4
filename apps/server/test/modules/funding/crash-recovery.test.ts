import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Envelope } from '@vela/contract';
import { checkBooks } from '../../../src/books.ts';
import { killHard, startServerProcess, type ServerProcess } from '../../helpers/server-process.ts';
import { createTestApp, expectSuccess, type TestApp } from '../../helpers/test-app.ts';
import { idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';
import {
  prepareStage,
  randomSource,
  runWorkload,
  type Ack,
  type AckKind,
  type Send,
  type Stage,
} from './money-workload.ts';

/**
 * The server process is killed with SIGKILL while the bank-style workload runs. After a restart the
 * books must balance, every acknowledged request's effect must be there, and sending an
 * acknowledged request again with its key must answer what it answered before the kill.
 */

/** Records a tick of the coin for every second from now until stopped, as the price feed does. */
function recordTicksEverySecond(t: TestApp, vcId: number): { stop(): void } {
  let price = 6_000_000n;
  const write = async () => {
    price += BigInt(Math.round(Math.random() * 200) - 100);
    await t.db
      .insertInto('price_tick')
      .values({
        vc_id: vcId,
        time_ms: Math.floor(Date.now() / 1000) * 1000,
        price_minor: price,
        volume_minor: 1n,
        turnover_minor: 1n,
      })
      .onConflict((oc) => oc.columns(['vc_id', 'time_ms']).doNothing())
      .execute();
  };
  void write();
  const timer = setInterval(() => void write().catch(() => undefined), 250);
  return { stop: () => clearInterval(timer) };
}

function httpSender(url: string): Send {
  let requests = 0;
  return async (apiPath, body, { token, key }) => {
    requests += 1;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: token,
      'x-forwarded-for': `10.9.${(requests >> 8) & 255}.${requests & 255}`,
    };
    if (key) headers['idempotency-key'] = key;
    const response = await fetch(`${url}/api${apiPath}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return (await response.json()) as Envelope<unknown>;
  };
}

describe('crash recovery', () => {
  let t: TestApp;
  let stage: Stage;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    stage = await prepareStage(t, 8, 2);
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      await killHard(server);
    }
    await t.close();
  });

  // The server process starts twice from source (compiled as it loads) and the workload runs over
  // HTTP: it has a minute, not the suite's 20 s, as the browser tests share the two cores meanwhile.
  it('a server killed under load restarts with balanced books and every acknowledged effect', async () => {
    // Timed trades too: a 5-second period on BTC, and its ticks recorded every second from here, as
    // the feed would, so orders open and settle while the server runs, dies and comes back.
    const btc = await vcIdOf(t, 'BTC');
    await t.db
      .insertInto('vc_timing_period')
      .values({
        vc_id: btc.id,
        seconds: 5,
        payout_rate: '0.8',
        min_amount: '10',
        max_amount: null,
        enabled: 1,
        sort: 9,
      })
      .execute();
    const feed = recordTicksEverySecond(t, btc.id);
    // Each user starts with a contract balance, so contract orders are placed from the first second.
    for (const p of stage.participants)
      expectSuccess(
        await t.call(
          endpoints.wallet.walletTransfer,
          { vcId: stage.usdtVcId, from: 'spot', to: 'contract', amount: '100' },
          { token: p.token, headers: { 'idempotency-key': idemKey() } },
        ),
      );
    server = await startServerProcess(t);
    const acks: Ack[] = [];
    const marketOf = (kind: AckKind) =>
      acks.filter((a) => a.kind === kind && (a.body as { kind?: string }).kind === 'market');
    let killed: Promise<void> | undefined;
    const running = server;
    const outcome = await runWorkload({
      send: httpSender(running.url),
      stage,
      random: randomSource(7),
      opsPerUser: 1_000,
      timing: { vcId: btc.id, periodSeconds: 5 },
      spot: { vcId: btc.id },
      contract: { vcId: btc.id },
      onAck(ack) {
        acks.push(ack);
        // Killed in the middle of the traffic, with requests of every client in flight, once
        // market orders of both kinds are among the acknowledged (the checks below need them).
        const covered = marketOf('spot').length > 0 && marketOf('contract').length > 0;
        if (!killed && acks.length >= 240 && covered) killed = killHard(running);
      },
    });
    await killed;
    expect(outcome.unreachable).toBe(true);
    expect(acks.length).toBeGreaterThanOrEqual(240);

    server = await startServerProcess(t);
    const report = await checkBooks(t.db, t.storage.dialect);
    expect(report.violations).toEqual([]);

    const statusOf = async (table: 'recharge_order' | 'withdraw_order', id: unknown) =>
      (await t.db.selectFrom(table).select('status').where('id', '=', Number(id)).executeTakeFirst())?.status;
    for (const ack of acks) {
      const label = `${ack.kind} ${JSON.stringify(ack.data)}`;
      if (ack.kind === 'transfer') {
        const row = await t.db
          .selectFrom('wallet_transfer')
          .select('id')
          .where('id', '=', Number(ack.data.transferId))
          .executeTakeFirst();
        expect(row, label).toBeDefined();
      } else if (ack.kind === 'spot') {
        expect(
          await t.db
            .selectFrom('spot_order')
            .select('id')
            .where('id', '=', Number(ack.data.id))
            .executeTakeFirst(),
          label,
        ).toBeDefined();
      } else if (ack.kind === 'contract') {
        expect(
          await t.db
            .selectFrom('contract_order')
            .select('id')
            .where('id', '=', Number(ack.data.id))
            .executeTakeFirst(),
          label,
        ).toBeDefined();
      } else if (ack.kind === 'timing') {
        expect(
          await t.db
            .selectFrom('timing_order')
            .select('id')
            .where('id', '=', Number(ack.data.id))
            .executeTakeFirst(),
          label,
        ).toBeDefined();
      } else if (ack.kind === 'deposit' || ack.kind === 'withdraw') {
        const table = ack.kind === 'deposit' ? 'recharge_order' : 'withdraw_order';
        expect(await statusOf(table, ack.data.id), label).toBeDefined();
      } else {
        const table = ack.kind.endsWith('Deposit') ? 'recharge_order' : 'withdraw_order';
        const status = ack.kind.startsWith('approve') ? 'approved' : 'rejected';
        expect(await statusOf(table, ack.data.id), label).toBe(status);
      }
    }

    // Every spot market order fills once, on a tick after its acceptance, after the restart; the
    // limits far below the market rest.
    expect(marketOf('spot').length).toBeGreaterThan(0);
    const openMarketOrders = async () =>
      (
        await t.db
          .selectFrom('spot_order_open as p')
          .innerJoin('spot_order as o', 'o.id', 'p.id')
          .select('o.id')
          .where('o.kind', '=', 'market')
          .execute()
      ).length;
    await expect.poll(openMarketOrders, { timeout: 20_000, interval: 250 }).toBe(0);
    const fills = await t.db
      .selectFrom('spot_fill as f')
      .innerJoin('spot_order as o', 'o.id', 'f.order_id')
      .select(['f.tick_time_ms', 'o.created_at'])
      .execute();
    expect(fills.length).toBeGreaterThan(0);
    expect(fills.every((f) => Number(f.tick_time_ms) > Number(f.created_at))).toBe(true);

    // Every contract market order ends once (opens, or is refused), on a tick after its acceptance,
    // after the restart; the limits far below the market rest, their holds still set aside.
    expect(marketOf('contract').length).toBeGreaterThan(0);
    const waitingContracts = async () =>
      (
        await t.db
          .selectFrom('contract_order_open as p')
          .innerJoin('contract_order as o', 'o.id', 'p.id')
          .select('o.id')
          .where('o.kind', '=', 'market')
          .execute()
      ).length;
    await expect.poll(waitingContracts, { timeout: 20_000, interval: 250 }).toBe(0);
    const opens = await t.db
      .selectFrom('contract_position as p')
      .innerJoin('contract_order as o', 'o.id', 'p.id')
      .select(['p.open_tick_time_ms', 'o.created_at'])
      .execute();
    expect(opens.length).toBeGreaterThan(0);
    expect(opens.every((p) => Number(p.open_tick_time_ms) > Number(p.created_at))).toBe(true);
    const ends = await t.db.selectFrom('contract_order_end').select('order_id').execute();
    expect(new Set(ends.map((e) => e.order_id)).size).toBe(ends.length);

    // Every timed order that has expired settles once, from the recorded ticks, after the restart.
    expect(acks.some((a) => a.kind === 'timing')).toBe(true);
    const openOrders = async () => (await t.db.selectFrom('timing_order_open').select('id').execute()).length;
    await expect.poll(openOrders, { timeout: 20_000, interval: 250 }).toBe(0);
    const settled = await t.db
      .selectFrom('timing_order as o')
      .leftJoin('timing_order_result as r', 'r.order_id', 'o.id')
      .select(['o.id', 'r.settle_tick_id'])
      .execute();
    expect(settled.length).toBeGreaterThan(0);
    expect(settled.every((o) => o.settle_tick_id !== null)).toBe(true);
    feed.stop();
    expect((await checkBooks(t.db, t.storage.dialect)).violations).toEqual([]);

    // Sent again with their keys, acknowledged requests answer exactly what they answered before.
    const send = httpSender(server.url);
    for (const ack of acks.filter((a) => a.key).slice(-20)) {
      const again = await send(ack.path, ack.body, { token: ack.token, key: ack.key });
      expect(again.data, ack.path).toEqual(ack.data);
    }
    await killHard(server);
  }, 60_000);
});
