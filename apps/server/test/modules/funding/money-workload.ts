import sharp from 'sharp';
import { endpoints, type Envelope, type ErrorCode } from '@vela/contract';
import { parseDecimal } from '@vela/domain';
import {
  DEFAULT_FUND_PASSWORD,
  expectSuccess,
  login,
  pw,
  registerUser,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';
import { fund, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';
import { signedInOperator } from '../operators/operator-helpers.ts';
import { newTxHash } from './funding-helpers.ts';

/**
 * A bank-style workload for the money tests: every participant deposits, withdraws and transfers
 * at random while operators approve and reject what waits in the queues, all at once. The same
 * workload runs in-process (the load test, with a model of every balance) and over HTTP against a
 * server process that is then killed (the crash test), through the `Send` it is given.
 */

const { funding, payment, wallet } = endpoints;

/** Sends one API request; answers the envelope, or throws when the server cannot be reached. */
export type Send = (
  path: string,
  body: unknown,
  options: { token: string; key?: string | undefined },
) => Promise<Envelope<unknown>>;

export interface Participant {
  userId: number;
  token: string;
  addressId: number;
}

export interface Stage {
  participants: Participant[];
  operatorTokens: string[];
  usdtVcId: number;
  rechargeChannelId: number;
  withdrawChannelId: number;
  /** A small PNG, base64, for vouchers. */
  png: string;
}

export const OPENING_BALANCE = '500';
const USDT_SCALE = 6;

/** Verified users with a wallet address and an opening balance, and finance operators. */
export async function prepareStage(t: TestApp, users: number, operators: number): Promise<Stage> {
  // The daily withdrawal count would end the workload early; its own test is in funding-api.test.ts.
  await t.db
    .updateTable('sys_config')
    .set({ config_value: '0' })
    .where('config_group', '=', 'WITHDRAW')
    .where('config_key', '=', 'dailyCountLimit')
    .execute();
  // The participants have no authenticator; the setting that demands one has its own tests.
  await t.db
    .updateTable('sys_config')
    .set({ config_value: 'false' })
    .where('config_group', '=', 'WITHDRAW')
    .where('config_key', '=', 'requireGoogleCode')
    .execute();
  const chains = expectSuccess(await t.call(payment.chainList, {}));
  const trc20 = chains.find((c) => c.symbol === 'USDT' && c.chainName === 'TRC20');
  if (!trc20) throw new Error('the seed has no USDT TRC20 chain');
  const participants: Participant[] = [];
  for (let i = 0; i < users; i += 1) {
    const member = await registerUser(t);
    const token = await login(t, member.username, member.password);
    const userId = (await userRow(t.db, member.username))?.id ?? 0;
    await t.db.updateTable('users').set({ real_name_status: 'APPROVED' }).where('id', '=', userId).execute();
    const address = expectSuccess(
      await t.call(
        payment.walletAddressAdd,
        {
          vcId: trc20.vcId,
          vcChainNameId: trc20.id,
          vcAccount: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
          fundPwd: pw(DEFAULT_FUND_PASSWORD),
        },
        { token },
      ),
    );
    await fund(t, userId, 'USDT', OPENING_BALANCE);
    participants.push({ userId, token, addressId: address.id });
  }
  const operatorTokens: string[] = [];
  for (let i = 0; i < operators; i += 1) operatorTokens.push((await signedInOperator(t, 'finance')).token);
  const any = participants[0]?.token ?? '';
  const channelId = async (list: typeof funding.rechargeChannels) => {
    const channels = expectSuccess(await t.call(list, {}, { token: any }));
    const found = channels.find((c) => c.name === 'USDT · TRC20');
    if (!found) throw new Error('the seed has no USDT TRC20 channel');
    return found.id;
  };
  const png = (
    await sharp({ create: { width: 96, height: 72, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer()
  ).toString('base64');
  return {
    participants,
    operatorTokens,
    usdtVcId: (await vcIdOf(t, 'USDT')).id,
    rechargeChannelId: await channelId(funding.rechargeChannels),
    withdrawChannelId: await channelId(funding.withdrawChannels),
    png,
  };
}

export type AckKind =
  | 'transfer'
  | 'deposit'
  | 'withdraw'
  | 'approveDeposit'
  | 'rejectDeposit'
  | 'approveWithdraw'
  | 'rejectWithdraw'
  | 'timing'
  | 'spot'
  | 'contract';

/** A request the server acknowledged with success: its effect must exist from then on. */
export interface Ack {
  kind: AckKind;
  path: string;
  body: unknown;
  token: string;
  key: string | undefined;
  data: Record<string, unknown>;
}

/** Refusals the workload expects now and then; any other failure is a bug. */
const EXPECTED_REFUSALS: readonly ErrorCode[] = [
  'INSUFFICIENT_BALANCE',
  'ORDER_ALREADY_REVIEWED',
  // A contract open, or a transfer out of the contract account, that would bring the risk degree to
  // the forced-close level of a thinly funded account.
  'CONTRACT_RISK_TOO_HIGH',
  'TRANSFER_RISK_TOO_HIGH',
];

/** A small deterministic generator (mulberry32), so a failing run can be told apart by its seed. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface WorkloadOptions {
  send: Send;
  stage: Stage;
  random: () => number;
  /** Operations each participant makes. */
  opsPerUser: number;
  /** Called for every acknowledged request, in the order the answers arrived. */
  onAck(ack: Ack): void;
  /** Share of acknowledged user requests sent again with the same key, to check the replay. */
  replayShare?: number;
  /**
   * Timed trades on this coin and period make a share of the user operations too; only where
   * something settles them (a server with its settler running) and records the coin's ticks.
   */
  timing?: { vcId: number; periodSeconds: number };
  /** Spot buys of this coin (half at market, half limits far below it that rest) make a share too. */
  spot?: { vcId: number };
  /** Contract longs of this coin at 10x (half at market, half limits far below it that rest) too. */
  contract?: { vcId: number };
}

/**
 * Runs the participants and the operators concurrently. Operators keep reviewing until every
 * participant is done and the queues are empty. Rejects on the first unexpected answer; a send
 * that throws (the server is gone) ends that client quietly, as a killed server's clients end.
 */
export async function runWorkload(options: WorkloadOptions): Promise<{ unreachable: boolean }> {
  const { send, stage, random, onAck } = options;
  let usersDone = 0;
  let unreachable = false;
  const amount = (min: number, max: number) => String(min + Math.floor(random() * (max - min + 1)));

  /** Sends, then classifies: the data of a success, null for an expected refusal. */
  const request = async (
    kind: AckKind,
    path: string,
    body: unknown,
    token: string,
    key?: string,
  ): Promise<Record<string, unknown> | null> => {
    const answer = await send(path, body, { token, key });
    if (answer.success) {
      const data = answer.data as Record<string, unknown>;
      onAck({ kind, path, body, token, key, data });
      if (key && random() < (options.replayShare ?? 0)) {
        const again = await send(path, body, { token, key });
        if (JSON.stringify(again.data) !== JSON.stringify(answer.data)) {
          throw new Error(`a retry of ${path} answered ${JSON.stringify(again)}`);
        }
      }
      return data;
    }
    if (EXPECTED_REFUSALS.includes(answer.code as ErrorCode)) return null;
    throw new Error(`${path} ${JSON.stringify(body)} answered ${JSON.stringify(answer)}`);
  };

  const userLoop = async (p: Participant) => {
    for (let i = 0; i < options.opsPerUser; i += 1) {
      const roll = random();
      if (options.timing && roll < 0.2) {
        await request(
          'timing',
          endpoints.timing.timingOrderRequest.path,
          {
            vcId: options.timing.vcId,
            periodSeconds: options.timing.periodSeconds,
            direction: random() < 0.5 ? 'up' : 'down',
            amount: amount(10, 40),
          },
          p.token,
          idemKey(),
        );
      } else if (options.spot && roll < 0.25) {
        const market = random() < 0.5;
        await request(
          'spot',
          endpoints.spot.spotOrderRequest.path,
          {
            vcId: options.spot.vcId,
            side: 'buy',
            kind: market ? 'market' : 'limit',
            amount: amount(10, 40),
            ...(market ? {} : { limitPrice: '1' }),
          },
          p.token,
          idemKey(),
        );
      } else if (options.contract && roll < 0.3) {
        const market = random() < 0.5;
        await request(
          'contract',
          endpoints.contractTrade.contractOrderRequest.path,
          {
            vcId: options.contract.vcId,
            side: 'long',
            kind: market ? 'market' : 'limit',
            leverage: 10,
            quantity: '0.001',
            ...(market ? {} : { limitPrice: '1' }),
          },
          p.token,
          idemKey(),
        );
      } else if (roll < 0.38) {
        const from = random() < 0.5 ? 'spot' : 'contract';
        await request(
          'transfer',
          wallet.walletTransfer.path,
          { vcId: stage.usdtVcId, from, to: from === 'spot' ? 'contract' : 'spot', amount: amount(1, 120) },
          p.token,
          idemKey(),
        );
      } else if (roll < 0.65) {
        const upload = await send(
          payment.uploadImage.path,
          { purpose: 'voucher', data: stage.png },
          { token: p.token },
        );
        if (!upload.success) throw new Error(`upload answered ${JSON.stringify(upload)}`);
        await request(
          'deposit',
          funding.rechargeRequest.path,
          {
            channelId: stage.rechargeChannelId,
            amount: `${amount(10, 200)}.${amount(0, 99).padStart(2, '0')}`,
            txHash: newTxHash(),
            voucherUploadId: (upload.data as { id: number }).id,
          },
          p.token,
          idemKey(),
        );
      } else {
        await request(
          'withdraw',
          funding.withdrawRequest.path,
          {
            channelId: stage.withdrawChannelId,
            amount: amount(10, 150),
            target: 'wallet',
            targetId: p.addressId,
            fundPwd: pw(DEFAULT_FUND_PASSWORD),
          },
          p.token,
          idemKey(),
        );
      }
    }
  };

  const operatorLoop = async (token: string) => {
    for (;;) {
      const everyoneDone = usersDone === stage.participants.length;
      const deposits = await send(
        funding.adminRechargeList.path,
        { status: 'pending', limit: 10 },
        { token },
      );
      const withdrawals = await send(
        funding.adminWithdrawList.path,
        { status: 'pending', limit: 10 },
        { token },
      );
      if (!deposits.success || !withdrawals.success) {
        throw new Error(`the review queues answered ${JSON.stringify([deposits, withdrawals])}`);
      }
      const depositList =
        (deposits.data as { list?: Array<{ id: number; receiveAmount: string }> }).list ?? [];
      const withdrawList = (withdrawals.data as { list?: Array<{ id: number }> }).list ?? [];
      if (depositList.length === 0 && withdrawList.length === 0) {
        if (everyoneDone) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      for (const order of depositList) {
        if (random() < 0.8) {
          await request(
            'approveDeposit',
            funding.adminRechargeApprove.path,
            { orderId: order.id, creditedAmount: order.receiveAmount },
            token,
          );
        } else {
          await request(
            'rejectDeposit',
            funding.adminRechargeReject.path,
            { orderId: order.id, reason: 'Voucher does not match' },
            token,
          );
        }
      }
      for (const order of withdrawList) {
        if (random() < 0.7) {
          await request(
            'approveWithdraw',
            funding.adminWithdrawApprove.path,
            { orderId: order.id, payoutReference: `tx-${order.id}` },
            token,
          );
        } else {
          await request(
            'rejectWithdraw',
            funding.adminWithdrawReject.path,
            { orderId: order.id, reason: 'Address flagged' },
            token,
          );
        }
      }
    }
  };

  const endQuietlyWhenUnreachable = async (loop: Promise<void>) => {
    try {
      await loop;
    } catch (error) {
      if (error instanceof TypeError || (error as { code?: string }).code === 'ECONNREFUSED') {
        unreachable = true;
        return;
      }
      throw error;
    }
  };
  await Promise.all([
    ...stage.participants.map((p) =>
      endQuietlyWhenUnreachable(
        userLoop(p).finally(() => {
          usersDone += 1;
        }),
      ),
    ),
    ...stage.operatorTokens.map((token) => endQuietlyWhenUnreachable(operatorLoop(token))),
  ]);
  return { unreachable };
}

/** Minor units of a decimal string of the wallet currency (USDT, 6 decimals). */
export function usdtMinor(value: unknown): bigint {
  const parsed = parseDecimal(String(value), USDT_SCALE);
  if (!parsed.ok) throw new Error(`not an amount: ${String(value)}`);
  return parsed.minor;
}
