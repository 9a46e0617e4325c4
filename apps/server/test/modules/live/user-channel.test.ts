import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  LIVE_PATH,
  type FundingChannel,
  type RechargeOrder,
  type ServerMessage,
  type TimingOrder,
  type UserLiveEvent,
} from '@vela/contract';
import { parseDecimal } from '@vela/domain';
import { hashToken } from '../../../src/modules/users/session-repository.ts';
import {
  createTestApp,
  expectFailure,
  expectSuccess,
  login,
  registerUser,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';
import { fund, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';
import { newTxHash } from '../funding/funding-helpers.ts';
import { signedInOperator } from '../operators/operator-helpers.ts';
import { isTopic, TestClient } from './live-harness.ts';

const { funding, payment, timing, user, wallet } = endpoints;

/**
 * The user topic of `/api/ws` in the whole application (decision 024): real sessions, real money
 * movements through the HTTP API, the settler, and WebSocket clients on a listening server. Every
 * event must reach its own user's sockets, only after its commit, and nobody else's.
 */

/** Short, so that a session revoked under a listening socket is noticed within the test. */
const SESSION_CHECK_MS = 100;

let t: TestApp;
let url: string;
let usdt: { id: number; scale: number };
const clients: TestClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ live: { userSessionCheckMs: SESSION_CHECK_MS } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${LIVE_PATH}`;
  usdt = await vcIdOf(t, 'USDT');
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await t?.close();
});

async function member() {
  const registered = await registerUser(t);
  const token = await login(t, registered.username, registered.password);
  const userId = (await userRow(t.db, registered.username))?.id ?? 0;
  return { ...registered, token, userId };
}

async function connect(): Promise<TestClient> {
  const client = await TestClient.connect(url);
  clients.push(client);
  return client;
}

/** Sends `sub user` with the token and answers the status the server gave. */
async function subscribeUser(client: TestClient, token: string): Promise<string> {
  const from = client.received.length;
  client.send({ op: 'sub', topic: 'user', token });
  return (await client.waitFor(isTopic('user'), from)).status;
}

async function subscribed(token: string): Promise<TestClient> {
  const client = await connect();
  expect(await subscribeUser(client, token)).toBe('subscribed');
  return client;
}

const isUserEvent = (message: ServerMessage): message is Extract<ServerMessage, UserLiveEvent> =>
  message.topic === 'timing' || message.topic === 'wallet' || message.topic === 'funding';

const userEvents = (messages: readonly ServerMessage[]) => messages.filter(isUserEvent);

/** Waits for a user event equal to `event`, received from index `from` on. */
function waitForEvent(client: TestClient, event: UserLiveEvent, from = 0) {
  return client.waitFor(
    (message): message is Extract<ServerMessage, UserLiveEvent> =>
      isUserEvent(message) && JSON.stringify(message) === JSON.stringify(event),
    from,
  );
}

const usdtOverview = async (token: string) =>
  expectSuccess(await t.call(wallet.walletOverview, {}, { token })).currencies.find(
    (c) => c.symbol === 'USDT',
  );

describe('subscribing', () => {
  it('refuses an unknown token and an expired session, and sends them none of the events', async () => {
    const owner = await member();
    const watcher = await subscribed(owner.token);

    const stranger = await connect();
    expect(await subscribeUser(stranger, 'not-a-session-token')).toBe('unauthorized');

    // A second session of the same user, expired since.
    const second = await login(t, owner.username, owner.password);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashToken(second))
      .execute();
    const expired = await connect();
    expect(await subscribeUser(expired, second)).toBe('unauthorized');

    const malformed = await connect();
    malformed.send(JSON.stringify({ op: 'sub', topic: 'user' }));
    expect((await malformed.waitFor(isTopic('error'))).message).toMatch(/^Invalid user sub: token/);

    await fund(t, owner.userId, 'USDT', '5');
    // The events of one commit are written together: once the watcher has its event, any event for
    // the other sockets would have been written before their next pong.
    await waitForEvent(watcher, { topic: 'wallet', vcId: usdt.id, type: 'adjustment' });
    for (const refused of [stranger, expired, malformed]) {
      expect(userEvents(await refused.sync())).toEqual([]);
    }
  });

  it('stops the events of a session that ends while its socket listens', async () => {
    const owner = await member();
    const listening = await subscribed(owner.token);
    const otherDevice = await subscribed(await login(t, owner.username, owner.password));

    expectSuccess(await t.call(user.logout, {}, { token: owner.token }));
    // The periodic re-check finds the revoked session and says so.
    await listening.waitFor(
      (message): message is Extract<ServerMessage, { topic: 'user' }> =>
        message.topic === 'user' && message.status === 'unauthorized',
      1,
      SESSION_CHECK_MS * 30,
    );

    await fund(t, owner.userId, 'USDT', '1');
    await waitForEvent(otherDevice, { topic: 'wallet', vcId: usdt.id, type: 'adjustment' });
    expect(userEvents(await listening.sync())).toEqual([]);
  });
});

describe('routing', () => {
  it("sends a user's events to each of that user's sockets and to nobody else", async () => {
    const alice = await member();
    const bob = await member();
    const phone = await subscribed(alice.token);
    const laptop = await subscribed(alice.token);
    const bobs = await subscribed(bob.token);
    const anonymous = await connect();
    anonymous.send({ op: 'sub', topic: 'tickers' });

    await fund(t, alice.userId, 'USDT', '50');
    const credited = { topic: 'wallet', vcId: usdt.id, type: 'adjustment' } as const;
    await waitForEvent(phone, credited);
    await waitForEvent(laptop, credited);
    expect(userEvents(await bobs.sync())).toEqual([]);
    expect(userEvents(await anonymous.sync())).toEqual([]);

    // After `unsub` the laptop hears nothing more; the phone still does.
    laptop.send({ op: 'unsub', topic: 'user' });
    await laptop.sync();
    let mark = phone.received.length;
    await fund(t, alice.userId, 'USDT', '1');
    await waitForEvent(phone, credited, mark);
    expect(userEvents(await laptop.sync())).toEqual([]);

    // A socket that subscribes with another user's token hears that user only.
    expect(await subscribeUser(laptop, bob.token)).toBe('subscribed');
    await laptop.sync();
    mark = phone.received.length;
    await fund(t, alice.userId, 'USDT', '1');
    await waitForEvent(phone, credited, mark);
    expect(userEvents(await laptop.sync())).toEqual([]);
    await fund(t, bob.userId, 'USDT', '2');
    await waitForEvent(bobs, credited);
    expect(userEvents(await laptop.sync())).toEqual([credited]);
  });
});

describe('events after commits', () => {
  it('a transfer: the event comes once the new balances are readable; a refused one sends none', async () => {
    const owner = await member();
    await fund(t, owner.userId, 'USDT', '100');
    const socket = await subscribed(owner.token);
    await socket.sync();

    const moved = expectSuccess(
      await t.post(
        wallet.walletTransfer.path,
        { vcId: usdt.id, from: 'spot', to: 'contract', amount: '10' },
        { token: owner.token, headers: { 'idempotency-key': idemKey() } },
      ),
    );
    expect(moved).toMatchObject({ contract: '10.000000' });
    await waitForEvent(socket, { topic: 'wallet', vcId: usdt.id, type: 'transfer' });
    // What the client does on the event: ask again, and find the transfer committed.
    expect(await usdtOverview(owner.token)).toMatchObject({ spot: '90.000000', contract: '10.000000' });
    expect(userEvents(await socket.sync())).toEqual([{ topic: 'wallet', vcId: usdt.id, type: 'transfer' }]);

    expectFailure(
      await t.post(
        wallet.walletTransfer.path,
        { vcId: usdt.id, from: 'spot', to: 'contract', amount: '1000' },
        { token: owner.token, headers: { 'idempotency-key': idemKey() } },
      ),
      'INSUFFICIENT_BALANCE',
    );
    // A later movement's event is the only one: the refused transfer announced nothing.
    await fund(t, owner.userId, 'USDT', '1');
    await waitForEvent(socket, { topic: 'wallet', vcId: usdt.id, type: 'adjustment' });
    expect(userEvents(await socket.sync())).toEqual([{ topic: 'wallet', vcId: usdt.id, type: 'adjustment' }]);
  });

  it('a deposit: submitted and reviewed orders, and the credit of an approved one', async () => {
    const owner = await member();
    const finance = await signedInOperator(t, 'finance');
    const channels = expectSuccess(await t.call(funding.rechargeChannels, {}, { token: owner.token }));
    const channel = channels.find((c: FundingChannel) => c.name === 'USDT · TRC20');
    if (!channel) throw new Error('no USDT · TRC20 channel');
    const png = (
      await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const request = async () => {
      const upload = expectSuccess(
        await t.call(payment.uploadImage, { purpose: 'voucher', data: png }, { token: owner.token }),
      ) as { id: number };
      return expectSuccess(
        await t.post<RechargeOrder>(
          funding.rechargeRequest.path,
          {
            channelId: channel.id,
            amount: '100',
            txHash: newTxHash(),
            voucherUploadId: upload.id,
          },
          { token: owner.token, headers: { 'idempotency-key': idemKey() } },
        ),
      );
    };
    const socket = await subscribed(owner.token);

    const approvedOrder = await request();
    await waitForEvent(socket, {
      topic: 'funding',
      kind: 'recharge',
      id: approvedOrder.id,
      status: 'pending',
    });
    expectSuccess(
      await t.call(
        funding.adminRechargeApprove,
        // What arrived was a little short of the quote: within the tolerance, with the reason.
        { orderId: approvedOrder.id, creditedAmount: '99.5', reason: 'Arrived short by bank charges' },
        { token: finance.token },
      ),
    );
    await waitForEvent(socket, { topic: 'wallet', vcId: usdt.id, type: 'deposit' });
    expect(await usdtOverview(owner.token)).toMatchObject({ spot: '99.500000' });

    const rejectedOrder = await request();
    expectSuccess(
      await t.call(
        funding.adminRechargeReject,
        { orderId: rejectedOrder.id, reason: 'The voucher does not show the payment.' },
        { token: finance.token },
      ),
    );
    await waitForEvent(socket, {
      topic: 'funding',
      kind: 'recharge',
      id: rejectedOrder.id,
      status: 'rejected',
    });
    // The approval's credit and review, then the rejection's review alone: it moved no money.
    expect(userEvents(await socket.sync())).toEqual([
      { topic: 'funding', kind: 'recharge', id: approvedOrder.id, status: 'pending' },
      { topic: 'wallet', vcId: usdt.id, type: 'deposit' },
      { topic: 'funding', kind: 'recharge', id: approvedOrder.id, status: 'approved' },
      { topic: 'funding', kind: 'recharge', id: rejectedOrder.id, status: 'pending' },
      { topic: 'funding', kind: 'recharge', id: rejectedOrder.id, status: 'rejected' },
    ]);
  });

  it('a timed order: its placement, its opening and its settlement, each once committed', async () => {
    const owner = await member();
    await fund(t, owner.userId, 'USDT', '100');
    const btc = await t.db
      .selectFrom('vc')
      .select(['id', 'price_scale'])
      .where('symbol', '=', 'BTC')
      .executeTakeFirstOrThrow();
    const recordTick = async (timeMs: number, price: string) => {
      const parsed = parseDecimal(price, btc.price_scale);
      if (!parsed.ok) throw new Error(price);
      await t.db.deleteFrom('price_tick').where('vc_id', '=', btc.id).where('time_ms', '=', timeMs).execute();
      await t.db
        .insertInto('price_tick')
        .values({
          vc_id: btc.id,
          time_ms: timeMs,
          price_minor: parsed.minor,
          volume_minor: 1n,
          turnover_minor: 1n,
        })
        .execute();
    };
    const socket = await subscribed(owner.token);
    await socket.sync();
    // The feed is live: a tick of this second (a placement needs one from the last 2 s).
    await recordTick(Math.floor(Date.now() / 1000) * 1000, '60000.00');

    const order = expectSuccess(
      await t.post<TimingOrder>(
        timing.timingOrderRequest.path,
        { vcId: btc.id, periodSeconds: 30, direction: 'up', amount: '10' },
        { token: owner.token, headers: { 'idempotency-key': idemKey() } },
      ),
    );
    await waitForEvent(socket, { topic: 'timing', id: order.id, state: 'opening' });
    await waitForEvent(socket, { topic: 'wallet', vcId: usdt.id, type: 'timing_stake' });

    // It opens at the first tick recorded after its acceptance, and expires its period later.
    const openTime = Math.floor(order.createdAt / 1000) * 1000 + 1000;
    await recordTick(openTime, '60000.00');
    const opened = socket.received.length;
    expect(await t.timing.settleDue(openTime)).toBe(0);
    await waitForEvent(socket, { topic: 'timing', id: order.id, state: 'open' }, opened);

    const expiresAt = openTime + 30_000;
    await recordTick(expiresAt, '60100.00');
    const from = socket.received.length;
    expect(await t.timing.settleDue(expiresAt)).toBe(1);
    await waitForEvent(socket, { topic: 'timing', id: order.id, state: 'settled' }, from);
    expect(
      expectSuccess(await t.call(timing.timingOrderDetail, { id: order.id }, { token: owner.token })),
    ).toMatchObject({ state: 'settled', outcome: 'win', payout: '18.000000' });
    // The win paid the stake and its profit back to spot: a balance event too.
    await waitForEvent(socket, { topic: 'wallet', vcId: usdt.id, type: 'timing_settlement' }, from);
    expect(await usdtOverview(owner.token)).toMatchObject({ spot: '108.000000' });
  });
});
