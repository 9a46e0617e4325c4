import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import { checkBooks } from '../../../src/books.ts';
import { createTestApp, expectSuccess, type TestApp } from '../../helpers/test-app.ts';
import { expectBooksBalanced } from '../ledger/ledger-helpers.ts';
import {
  OPENING_BALANCE,
  prepareStage,
  randomSource,
  runWorkload,
  usdtMinor,
  type Ack,
  type Send,
  type Stage,
} from './money-workload.ts';

/**
 * Many clients at once, as a bank sees them: deposits, reviews, withdrawals and transfers at random.
 * The invariant checker runs at checkpoints while money moves and at the end, and every user's
 * final balance must equal a model computed only from the acknowledged answers.
 */
describe('bank-style concurrent load', () => {
  let t: TestApp;
  let stage: Stage;

  beforeAll(async () => {
    t = await createTestApp();
    stage = await prepareStage(t, 10, 2);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the books balanced at every checkpoint and every balance equal to the model', async () => {
    const send: Send = async (path, body, { token, key }) =>
      (await t.post(path, body, { token, headers: key ? { 'idempotency-key': key } : {} })).body;
    const acks: Ack[] = [];
    const checkpoints: Array<Promise<void>> = [];
    await runWorkload({
      send,
      stage,
      random: randomSource(20261123),
      opsPerUser: 18,
      replayShare: 0.15,
      onAck(ack) {
        acks.push(ack);
        if (acks.length % 40 === 0) {
          checkpoints.push(
            checkBooks(t.db, t.storage.dialect).then((report) => {
              expect(report.violations).toEqual([]);
            }),
          );
        }
      },
    });
    await Promise.all(checkpoints);
    expect(checkpoints.length).toBeGreaterThanOrEqual(3);
    await expectBooksBalanced(t);

    // The model: the opening balance, plus approved deposits, minus approved withdrawals; the
    // queues are empty at the end, so nothing stays frozen.
    const expected = new Map(stage.participants.map((p) => [p.userId, usdtMinor(OPENING_BALANCE)]));
    const add = (userId: unknown, delta: bigint) => {
      const id = Number(userId);
      expected.set(id, (expected.get(id) ?? 0n) + delta);
    };
    for (const ack of acks) {
      if (ack.kind === 'approveDeposit') add(ack.data.userId, usdtMinor(ack.data.creditedAmount));
      if (ack.kind === 'approveWithdraw') add(ack.data.userId, -usdtMinor(ack.data.amount));
    }
    const kinds = new Set(acks.map((a) => a.kind));
    expect([...kinds].sort()).toEqual(
      [
        'approveDeposit',
        'approveWithdraw',
        'deposit',
        'rejectDeposit',
        'rejectWithdraw',
        'transfer',
        'withdraw',
      ].sort(),
    );
    for (const p of stage.participants) {
      const overview = expectSuccess(await t.call(endpoints.wallet.walletOverview, {}, { token: p.token }));
      const usdt = overview.currencies.find((c) => c.symbol === 'USDT');
      expect(usdt?.frozen).toBe('0.000000');
      const total = usdtMinor(usdt?.spot) + usdtMinor(usdt?.contract);
      expect(total, `user ${p.userId}`).toBe(expected.get(p.userId));
    }
  });
});
