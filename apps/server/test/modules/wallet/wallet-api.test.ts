import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type DataOf } from '@vela/contract';
import { checkBooks } from '../../../src/books.ts';
import {
  countRows,
  createTestApp,
  expectFailure,
  expectLocalized,
  expectSuccess,
  login,
  registerUser,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';
import { expectBooksBalanced, fund, idemKey, vcIdOf } from '../ledger/ledger-helpers.ts';

const { wallet } = endpoints;

describe('wallet: balances, transfers and bills', () => {
  let t: TestApp;
  let usdt: { id: number; scale: number };

  beforeAll(async () => {
    t = await createTestApp();
    usdt = await vcIdOf(t, 'USDT');
  });
  afterAll(async () => {
    await t.close();
  });

  async function fundedUser(amount = '100') {
    const member = await registerUser(t);
    const token = await login(t, member.username, member.password);
    const id = (await userRow(t.db, member.username))?.id ?? 0;
    await fund(t, id, 'USDT', amount);
    return { token, userId: id };
  }

  const transfer = (
    token: string,
    body: Record<string, unknown>,
    key: string | null = idemKey(),
    lang?: string,
  ) =>
    t.post<DataOf<typeof wallet.walletTransfer>>(wallet.walletTransfer.path, body, {
      token,
      lang,
      headers: key === null ? {} : { 'idempotency-key': key },
    });

  const usdtOf = async (token: string) => {
    const overview = expectSuccess(await t.call(wallet.walletOverview, {}, { token }));
    const row = overview.currencies.find((c) => c.symbol === 'USDT');
    if (!row) throw new Error('no USDT in the wallet');
    return row;
  };

  it('lists every wallet currency with zero balances for a new user', async () => {
    const member = await registerUser(t);
    const token = await login(t, member.username, member.password);
    const overview = expectSuccess(await t.call(wallet.walletOverview, {}, { token }));
    expect(overview.currencies.map((c) => c.symbol)).toEqual(expect.arrayContaining(['USDT', 'BTC', 'ETH']));
    // Forex, metals and indices are traded, not held.
    expect(overview.currencies.some((c) => c.symbol === 'EURUSD')).toBe(false);
    const usdtRow = overview.currencies.find((c) => c.symbol === 'USDT');
    expect(usdtRow).toMatchObject({ spot: '0.000000', contract: '0.000000', frozen: '0.000000', scale: 6 });
    expect(overview.totalUsdt).toBe('0.000000');
  });

  it('names each currency in the language of the request, as the market list does', async () => {
    const member = await registerUser(t);
    const token = await login(t, member.username, member.password);
    const names = async (lang: string) => {
      const overview = expectSuccess(await t.call(wallet.walletOverview, {}, { token, lang }));
      return Object.fromEntries(overview.currencies.map((c) => [c.symbol, c.name]));
    };
    expect(await names('kr')).toMatchObject({ USDT: '테더', BTC: '비트코인', ETH: '이더리움' });
    expect(await names('en')).toMatchObject({ USDT: 'Tether USD', BTC: 'Bitcoin' });
  });

  it('moves money between spot and contract, and the bills explain each side', async () => {
    const { token } = await fundedUser('100');
    const data = expectSuccess(
      await transfer(token, { vcId: usdt.id, from: 'spot', to: 'contract', amount: '30.5' }),
    );
    expect(data).toMatchObject({ spot: '69.500000', contract: '30.500000' });
    expect(await usdtOf(token)).toMatchObject({
      spot: '69.500000',
      contract: '30.500000',
      valueUsdt: '100.000000',
    });

    const bills = expectSuccess(await t.call(wallet.walletBills, {}, { token }));
    expect(bills.list.map((b) => [b.type, b.account, b.amount, b.balanceAfter])).toEqual([
      ['transfer', 'contract', '30.500000', '30.500000'],
      ['transfer', 'spot', '-30.500000', '69.500000'],
      ['adjustment', 'spot', '100.000000', '100.000000'],
    ]);
    expect(bills.list[0]).toMatchObject({ refType: 'transfer', refId: data.transferId, symbol: 'USDT' });
    expect(bills.nextCursor).toBeNull();
    await expectBooksBalanced(t);
  });

  it('refuses a transfer beyond the balance and changes nothing', async () => {
    const { token } = await fundedUser('10');
    const before = await countRows(t.db, 'journal_entry');
    const transfers = await countRows(t.db, 'wallet_transfer');
    const result = await transfer(
      token,
      // The smallest step above the balance that the platform's amount rule (4 decimals) accepts.
      { vcId: usdt.id, from: 'spot', to: 'contract', amount: '10.0001' },
      idemKey(),
      'ja',
    );
    expectFailure(result, 'INSUFFICIENT_BALANCE');
    await expectLocalized(result.body.message, 'ja', 'error.INSUFFICIENT_BALANCE');
    expect(await countRows(t.db, 'journal_entry')).toBe(before);
    expect(await countRows(t.db, 'wallet_transfer')).toBe(transfers);
    expect(await usdtOf(token)).toMatchObject({ spot: '10.000000', contract: '0.000000' });
  });

  it('runs a request once per idempotency key and refuses the key for another body', async () => {
    const { token } = await fundedUser('50');
    const key = idemKey();
    const body = { vcId: usdt.id, from: 'spot', to: 'contract', amount: '20' };
    const first = expectSuccess(await transfer(token, body, key));
    const again = expectSuccess(await transfer(token, body, key));
    expect(again).toEqual(first);
    expect(await usdtOf(token)).toMatchObject({ spot: '30.000000', contract: '20.000000' });
    expectFailure(await transfer(token, { ...body, amount: '21' }, key), 'IDEMPOTENCY_KEY_REUSED');
    expectFailure(await transfer(token, body, null), 'IDEMPOTENCY_KEY_REQUIRED');
    expectFailure(await transfer(token, body, 'short'), 'IDEMPOTENCY_KEY_REQUIRED');
    expect(await usdtOf(token)).toMatchObject({ spot: '30.000000', contract: '20.000000' });
  });

  it('keys belong to their user: another user may use the same key', async () => {
    const a = await fundedUser('5');
    const b = await fundedUser('5');
    const key = idemKey();
    const body = { vcId: usdt.id, from: 'spot', to: 'contract', amount: '1' };
    expectSuccess(await transfer(a.token, body, key));
    expectSuccess(await transfer(b.token, body, key));
    expect(await usdtOf(b.token)).toMatchObject({ spot: '4.000000', contract: '1.000000' });
  });

  it.each([
    ['-1', 'VALIDATION_FAILED'],
    ['0', 'AMOUNT_INVALID'],
    ['0.0000000', 'AMOUNT_INVALID'],
    ['NaN', 'VALIDATION_FAILED'],
    ['Infinity', 'VALIDATION_FAILED'],
    ['1e3', 'VALIDATION_FAILED'],
    ['', 'VALIDATION_FAILED'],
    ['1.0000001', 'AMOUNT_INVALID'],
    // 2^53 + 1 in units of the fourth decimal (the platform's amount rule): exact as a bigint,
    // where a double would have rounded it.
    ['900719925474.0993', 'INSUFFICIENT_BALANCE'],
    ['9007199254740993', 'AMOUNT_INVALID'],
    ['99999999999999999999999', 'AMOUNT_INVALID'],
    [12, 'VALIDATION_FAILED'],
  ] as const)('refuses the amount %j with %s and changes nothing', async (amount, code) => {
    const { token } = await fundedUser('3');
    const result = await transfer(token, { vcId: usdt.id, from: 'spot', to: 'contract', amount });
    expectFailure(result, code, code === 'INSUFFICIENT_BALANCE' ? {} : { field: 'amount' });
    expect(await usdtOf(token)).toMatchObject({ spot: '3.000000', contract: '0.000000' });
  });

  it('refuses unknown and non-wallet currencies, and a transfer to the same account', async () => {
    const { token } = await fundedUser('3');
    expectFailure(
      await transfer(token, { vcId: 999_999, from: 'spot', to: 'contract', amount: '1' }),
      'VC_NOT_FOUND',
      { field: 'vcId' },
    );
    const forex = await t.db.selectFrom('vc').select('id').where('type', '=', 2).executeTakeFirstOrThrow();
    expectFailure(
      await transfer(token, { vcId: forex.id, from: 'spot', to: 'contract', amount: '1' }),
      'VC_NOT_FOUND',
    );
    expectFailure(
      await transfer(token, { vcId: usdt.id, from: 'spot', to: 'spot', amount: '1' }),
      'VALIDATION_FAILED',
      { field: 'to' },
    );
    expectFailure(
      await transfer(token, { vcId: usdt.id, from: 'spot', to: 'trade_hold', amount: '1' }),
      'VALIDATION_FAILED',
      { field: 'to' },
    );
  });

  it('lets exactly one of 30 simultaneous transfers of the whole balance through', async () => {
    const { token } = await fundedUser('7');
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        transfer(token, { vcId: usdt.id, from: 'spot', to: 'contract', amount: '7' }),
      ),
    );
    const ok = results.filter((r) => r.body.success);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expectFailure(r, 'INSUFFICIENT_BALANCE');
    expect(await usdtOf(token)).toMatchObject({ spot: '0.000000', contract: '7.000000' });
    await expectBooksBalanced(t);
  });

  it('pages and filters bills', async () => {
    const { token } = await fundedUser('100');
    for (let i = 1; i <= 5; i += 1) {
      expectSuccess(
        await transfer(token, { vcId: usdt.id, from: 'spot', to: 'contract', amount: String(i) }),
      );
    }
    const first = expectSuccess(await t.call(wallet.walletBills, { limit: 4 }, { token }));
    expect(first.list).toHaveLength(4);
    expect(first.nextCursor).toBe(first.list[3]?.id);
    const second = expectSuccess(
      await t.call(wallet.walletBills, { limit: 4, cursor: first.nextCursor ?? 0 }, { token }),
    );
    const third = expectSuccess(
      await t.call(wallet.walletBills, { limit: 4, cursor: second.nextCursor ?? 0 }, { token }),
    );
    const all = [...first.list, ...second.list, ...third.list];
    expect(all).toHaveLength(11);
    expect(third.nextCursor).toBeNull();
    expect(new Set(all.map((b) => b.id)).size).toBe(11);
    const onlyAdjustments = expectSuccess(
      await t.call(wallet.walletBills, { types: ['adjustment'] }, { token }),
    );
    expect(onlyAdjustments.list.map((b) => b.type)).toEqual(['adjustment']);
    const btc = await vcIdOf(t, 'BTC');
    expect(expectSuccess(await t.call(wallet.walletBills, { vcId: btc.id }, { token })).list).toEqual([]);
    const future = Date.now() + 86_400_000;
    expect(expectSuccess(await t.call(wallet.walletBills, { fromTime: future }, { token })).list).toEqual([]);
    expectFailure(
      await t.call(wallet.walletBills, { fromTime: 10, toTime: 5 }, { token }),
      'VALIDATION_FAILED',
      { field: 'toTime' },
    );
    expectFailure(
      await t.post(wallet.walletBills.path, { types: ['bogus'] }, { token }),
      'VALIDATION_FAILED',
    );
  });

  it('shows only the caller’s own bills', async () => {
    const a = await fundedUser('1');
    const b = await registerUser(t);
    const tokenB = await login(t, b.username, b.password);
    expect(expectSuccess(await t.call(wallet.walletBills, {}, { token: tokenB })).list).toEqual([]);
    expect(expectSuccess(await t.call(wallet.walletBills, {}, { token: a.token })).list).toHaveLength(1);
  });

  it('asks visitors to log in', async () => {
    expectFailure(await t.call(wallet.walletOverview, {}), 'UNAUTHORIZED');
    expectFailure(
      await transfer('', { vcId: usdt.id, from: 'spot', to: 'contract', amount: '1' }),
      'UNAUTHORIZED',
    );
  });

  it('has a checker that finds tampered books', async () => {
    const { token } = await fundedUser('9');
    expectSuccess(await transfer(token, { vcId: usdt.id, from: 'spot', to: 'contract', amount: '1' }));
    await expectBooksBalanced(t);
    const account = await t.db
      .selectFrom('ledger_account')
      .select(['id'])
      .where('kind', '=', 'contract')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // A balance changed without a posting breaks two rules at once.
    await t.db
      .updateTable('ledger_account')
      .set({ balance_minor: 5n })
      .where('id', '=', account.id)
      .execute();
    const report = await checkBooks(t.db, t.storage.dialect);
    expect(report.violations.map((v) => v.rule).sort()).toEqual(['balance_not_posted', 'currency_not_zero']);
    await t.db
      .updateTable('ledger_account')
      .set({ balance_minor: 1_000_000n })
      .where('id', '=', account.id)
      .execute();
    await expectBooksBalanced(t);
    // A business row without its entry.
    const { id: userId } = await t.db
      .selectFrom('users')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('wallet_transfer')
      .values({
        user_id: userId,
        vc_id: usdt.id,
        from_kind: 'spot',
        to_kind: 'contract',
        amount_minor: 1n,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gaps = await checkBooks(t.db, t.storage.dialect);
    expect(gaps.violations).toEqual([
      {
        rule: 'reference_gap',
        gap: { kind: 'missing_entry', refType: 'transfer', refId: row.id, detail: 'no transfer entry' },
      },
    ]);
    await t.db.deleteFrom('wallet_transfer').where('id', '=', row.id).execute();
  });
});
