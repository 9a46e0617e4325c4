import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@vela/contract';
import { setConfigValue } from '../../../src/modules/system/system-repository.ts';
import {
  bindGoogleWithCode,
  countRows,
  createTestApp,
  expectFailure,
  expectLocalized,
  expectSuccess,
  pw,
  wrongTotp,
  type TestApp,
} from '../../helpers/test-app.ts';
import { currentTotp } from '../../../src/modules/users/totp.ts';
import {
  bankId,
  chainOf,
  freshMember,
  fund,
  identityPhotos,
  paymentService,
  VALID,
  type Member,
} from './payment-helpers.ts';

const { payment, system } = endpoints;

/**
 * Bank cards, wallet addresses and fast-payment accounts (decision 014). Users add them with
 * the fund password and never change or delete them; lists are per user; duplicates are refused.
 */
describe('payment methods', () => {
  let t: TestApp;
  let kookmin: number;
  let mufg: number;
  let bcp: number;
  beforeAll(async () => {
    t = await createTestApp();
    [kookmin, mufg, bcp] = await Promise.all([
      bankId(t, 'KR_KOOKMIN'),
      bankId(t, 'JP_MUFG'),
      bankId(t, 'PE_BCP'),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const card = (overrides: Record<string, unknown> = {}) => ({
    bankId: kookmin,
    cardNumber: '1234 5678-9012 3456',
    name: 'Kim Minsu',
    idCardNumber: '900101-1234567',
    ...fund(),
    ...overrides,
  });

  describe('reference lists', () => {
    it('lists seeded banks with their country, and chains per coin (USDT on TRC20, ERC20; BTC on Bitcoin)', async () => {
      const banks = expectSuccess(await t.call(payment.bankList, {}));
      expect(banks.length).toBeGreaterThan(50);
      expect(banks[0]).toMatchObject({ code: 'KR_KOOKMIN', name: 'KB Kookmin Bank', country: 'KR' });
      expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);

      const chains = expectSuccess(await t.call(payment.chainList, {}));
      const names = (symbol: string) => chains.filter((c) => c.symbol === symbol).map((c) => c.chainName);
      expect(names('USDT')).toEqual(['TRC20', 'ERC20', 'BEP20']);
      expect(names('BTC')).toEqual(['Bitcoin']);
      expect(names('ETH')).toEqual(['ERC20']);
    });

    it('answers a changed bank list once BANK is bumped, and clients see the version move', async () => {
      const before = expectSuccess(await t.call(system.cacheRefreshList, {}));
      const bankVersion = before.find((v) => v.cacheType === 'BANK')?.finishUpdateTime ?? 0;
      await t.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('bank')
          .values({ code: 'XX_TEST', name: 'Test Bank', country: 'XX', sort: 999, created_at: Date.now() })
          .execute();
        const { bumpCacheVersion } = await import('../../../src/modules/system/cache-versions.ts');
        await bumpCacheVersion(trx, 'BANK');
      });
      const after = expectSuccess(await t.call(system.cacheRefreshList, {}));
      expect(after.find((v) => v.cacheType === 'BANK')?.finishUpdateTime).toBeGreaterThan(bankVersion);
      const banks = expectSuccess(await t.call(payment.bankList, {}));
      expect(banks.at(-1)).toMatchObject({ code: 'XX_TEST' });
    });
  });

  describe('bank cards', () => {
    it('adds a card (spaces and dashes ignored) and lists it masked; the list is the owner’s only', async () => {
      const member = await freshMember(t);
      const added = expectSuccess(
        await t.call(payment.bankCardAdd, card({ branchAddress: 'Gangnam branch' }), { token: member.token }),
      );
      expect(added).toMatchObject({
        bankId: kookmin,
        bankName: 'KB Kookmin Bank',
        cardNumberMasked: '**** 3456',
        name: 'Kim Minsu',
        branchAddress: 'Gangnam branch',
        idCardNumberMasked: '**** 4567',
        branchCode: null,
        katakana: null,
      });
      const stored = await t.db
        .selectFrom('user_bank_card')
        .selectAll()
        .where('id', '=', added.id)
        .executeTakeFirst();
      expect(stored?.card_number).toBe('1234567890123456');
      expect(stored?.id_card_number).toBe('900101-1234567');

      expect(expectSuccess(await t.call(payment.bankCardList, {}, { token: member.token }))).toEqual([added]);
      const other = await freshMember(t);
      expect(expectSuccess(await t.call(payment.bankCardList, {}, { token: other.token }))).toEqual([]);
    });

    it.each([
      ['bankId', { bankId: undefined }],
      ['cardNumber', { cardNumber: '' }],
      ['cardNumber', { cardNumber: '12 34' }],
      ['name', { name: '   ' }],
      ['idCardNumber', { idCardNumber: undefined }],
      ['fundPwd', { fundPwd: undefined }],
    ])('refuses a card without a valid %s and adds nothing', async (field, overrides) => {
      const member = await freshMember(t);
      const before = await countRows(t.db, 'user_bank_card');
      const result = await t.call(payment.bankCardAdd, card(overrides) as never, { token: member.token });
      expectFailure(result, 'VALIDATION_FAILED', { field });
      expect(await countRows(t.db, 'user_bank_card')).toBe(before);
    });

    it('puts a card of a verified user in the verified name and ID number, whatever the request says', async () => {
      const member = await freshMember(t);
      const submitted = expectSuccess(
        await t.call(
          payment.realNameSubmit,
          {
            certType: 'ID_CARD',
            name: 'Park Verified',
            certNumber: 'V-20260001',
            ...(await identityPhotos(t, member)),
            ...fund(),
          },
          { token: member.token },
        ),
      );
      await paymentService(t).approveVerification(t.db, submitted.current?.id ?? 0, 1);

      const withoutIdentity = card({
        name: undefined,
        idCardNumber: undefined,
        cardNumber: '5555 6666 7777',
      });
      const added = expectSuccess(
        await t.call(payment.bankCardAdd, withoutIdentity, { token: member.token }),
      );
      expect(added).toMatchObject({ name: 'Park Verified', idCardNumberMasked: '**** 0001' });
      const other = card({ name: 'Someone Else', idCardNumber: 'X9999999', cardNumber: '5555 6666 8888' });
      const typed = expectSuccess(await t.call(payment.bankCardAdd, other, { token: member.token }));
      expect(typed).toMatchObject({ name: 'Park Verified', idCardNumberMasked: '**** 0001' });
      const stored = await t.db
        .selectFrom('user_bank_card')
        .select(['holder_name', 'id_card_number'])
        .where('id', '=', typed.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ holder_name: 'Park Verified', id_card_number: 'V-20260001' });
    });

    it('still asks an unverified user for the holder name and ID number', async () => {
      const member = await freshMember(t);
      expectFailure(
        await t.call(payment.bankCardAdd, card({ name: undefined }), { token: member.token }),
        'VALIDATION_FAILED',
        {
          field: 'name',
        },
      );
    });

    it('refuses an unknown bank with BANK_NOT_FOUND', async () => {
      const member = await freshMember(t);
      expectFailure(
        await t.call(payment.bankCardAdd, card({ bankId: 999_999 }), { token: member.token }),
        'BANK_NOT_FOUND',
        { field: 'bankId' },
      );
    });

    it('refuses a wrong fund password in the caller’s language, counts it, and adds nothing', async () => {
      const member = await freshMember(t);
      const result = await t.call(payment.bankCardAdd, card({ fundPwd: pw('Wrong#999') }), {
        token: member.token,
        lang: 'kr',
      });
      expectFailure(result, 'FUND_PASSWORD_WRONG', { field: 'fundPwd' });
      await expectLocalized(result.body.message, 'kr', 'error.FUND_PASSWORD_WRONG');
      expect(expectSuccess(await t.call(payment.bankCardList, {}, { token: member.token }))).toEqual([]);
    });

    it('refuses the same card twice (however it is spaced), but another user may add it', async () => {
      const member = await freshMember(t);
      expectSuccess(await t.call(payment.bankCardAdd, card(), { token: member.token }));
      expectFailure(
        await t.call(payment.bankCardAdd, card({ cardNumber: '1234567890123456' }), { token: member.token }),
        'PAYMENT_METHOD_DUPLICATE',
        { field: 'cardNumber' },
      );
      const other = await freshMember(t);
      expectSuccess(await t.call(payment.bankCardAdd, card(), { token: other.token }));
    });

    it('adds a card once when the same request races with itself', async () => {
      const member = await freshMember(t);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => t.call(payment.bankCardAdd, card(), { token: member.token })),
      );
      expect(results.filter((r) => r.body.success)).toHaveLength(1);
      for (const r of results.filter((r) => !r.body.success)) expectFailure(r, 'PAYMENT_METHOD_DUPLICATE');
      expect(expectSuccess(await t.call(payment.bankCardList, {}, { token: member.token }))).toHaveLength(1);
    });

    it('requires the branch code only while GLOBAL branchCodeEnabled is on, and keeps none while off', async () => {
      const member = await freshMember(t);
      const off = expectSuccess(
        await t.call(payment.bankCardAdd, card({ cardNumber: '11112222', branchCode: 'B-001' }), {
          token: member.token,
        }),
      );
      expect(off.branchCode).toBeNull();
      await setConfigValue(t.db, 'GLOBAL', 'branchCodeEnabled', 'true');
      try {
        expectFailure(
          await t.call(payment.bankCardAdd, card({ cardNumber: '33334444' }), { token: member.token }),
          'VALIDATION_FAILED',
          { field: 'branchCode' },
        );
        const on = expectSuccess(
          await t.call(payment.bankCardAdd, card({ cardNumber: '33334444', branchCode: 'B-001' }), {
            token: member.token,
          }),
        );
        expect(on.branchCode).toBe('B-001');
      } finally {
        await setConfigValue(t.db, 'GLOBAL', 'branchCodeEnabled', 'false');
      }
    });

    it('asks a Japanese bank for the holder in katakana and a Peruvian bank for the 20-digit CCI', async () => {
      const member = await freshMember(t);
      expectFailure(
        await t.call(payment.bankCardAdd, card({ bankId: mufg }), { token: member.token }),
        'VALIDATION_FAILED',
        { field: 'katakana' },
      );
      expectFailure(
        await t.call(payment.bankCardAdd, card({ bankId: mufg, katakana: 'Yamada' }), {
          token: member.token,
        }),
        'VALIDATION_FAILED',
        { field: 'katakana' },
      );
      const japanese = expectSuccess(
        await t.call(payment.bankCardAdd, card({ bankId: mufg, katakana: 'ヤマダ タロウ' }), {
          token: member.token,
        }),
      );
      expect(japanese.katakana).toBe('ヤマダ タロウ');

      expectFailure(
        await t.call(payment.bankCardAdd, card({ bankId: bcp, cardNumber: '55556666', cci: '123' }), {
          token: member.token,
        }),
        'VALIDATION_FAILED',
        { field: 'cci' },
      );
      const peruvian = expectSuccess(
        await t.call(
          payment.bankCardAdd,
          card({ bankId: bcp, cardNumber: '55556666', cci: '0021-9300 1234 5678 9012' }),
          { token: member.token },
        ),
      );
      expect(peruvian.cciMasked).toBe('**** 9012');
      // A Korean bank keeps neither.
      const korean = expectSuccess(
        await t.call(
          payment.bankCardAdd,
          card({ cardNumber: '77778888', cci: '1'.repeat(20), katakana: 'ア' }),
          {
            token: member.token,
          },
        ),
      );
      expect(korean).toMatchObject({ cciMasked: null, katakana: null });
    });

    it('asks for the Google code once an authenticator is bound, and refuses a wrong or replayed one', async () => {
      const member = await freshMember(t);
      const { secret, code: usedCode } = await bindGoogleWithCode(t, member.token, member.password);
      expectFailure(
        await t.call(payment.bankCardAdd, card(), { token: member.token }),
        'GOOGLE_CODE_REQUIRED',
        { field: 'googleCode' },
      );
      expectFailure(
        await t.call(payment.bankCardAdd, card({ googleCode: await wrongTotp(secret) }), {
          token: member.token,
        }),
        'GOOGLE_CODE_INVALID',
        { field: 'googleCode' },
      );
      expectFailure(
        await t.call(payment.bankCardAdd, card({ googleCode: usedCode }), { token: member.token }),
        'GOOGLE_CODE_REPLAYED',
        { field: 'googleCode' },
      );
      const next = await currentTotp(secret, Date.now() + 30_000);
      expectSuccess(await t.call(payment.bankCardAdd, card({ googleCode: next }), { token: member.token }));
    });

    it('needs a session', async () => {
      expectFailure(await t.call(payment.bankCardAdd, card()), 'UNAUTHORIZED', { forceLogout: true });
      expectFailure(await t.call(payment.bankCardList, {}), 'UNAUTHORIZED');
    });

    it('offers users no way to change or delete a method', () => {
      // Customer service's endpoints in the console (operator sessions only) are the one way.
      const paths = Object.values(endpoints.payment)
        .filter((value) => typeof value === 'object' && value !== null && 'path' in value)
        .filter((value) => (value as { auth: string }).auth !== 'operator')
        .map((value) => (value as { path: string }).path);
      expect(paths.filter((path) => /edit|update|delete|remove/.test(path))).toEqual([]);
    });
  });

  describe('wallet addresses', () => {
    let member: Member;
    let usdtTrc20: { vcId: number; vcChainNameId: number };
    let usdtErc20: { vcId: number; vcChainNameId: number };
    let btc: { vcId: number; vcChainNameId: number };
    beforeAll(async () => {
      member = await freshMember(t);
      [usdtTrc20, usdtErc20, btc] = await Promise.all([
        chainOf(t, 'USDT', 'TRC20'),
        chainOf(t, 'USDT', 'ERC20'),
        chainOf(t, 'BTC', 'Bitcoin'),
      ]);
    });

    const address = (chain: { vcId: number; vcChainNameId: number }, vcAccount: string, extra = {}) => ({
      ...chain,
      vcAccount,
      ...fund(),
      ...extra,
    });

    it('adds an address valid on its chain and lists it unmasked with its coin and chain', async () => {
      const added = expectSuccess(
        await t.call(payment.walletAddressAdd, address(usdtTrc20, VALID.trc20, { remark: 'Cold wallet' }), {
          token: member.token,
        }),
      );
      expect(added).toMatchObject({
        symbol: 'USDT',
        chainName: 'TRC20',
        vcAccount: VALID.trc20,
        remark: 'Cold wallet',
      });
      const list = expectSuccess(await t.call(payment.walletAddressList, {}, { token: member.token }));
      expect(list.map((a) => a.id)).toContain(added.id);
    });

    it('refuses an address whose checksum fails, or of another chain, with ADDRESS_INVALID', async () => {
      const typo = `${VALID.trc20.slice(0, -1)}u`;
      const result = await t.call(payment.walletAddressAdd, address(usdtTrc20, typo), {
        token: member.token,
        lang: 'ja',
      });
      expectFailure(result, 'ADDRESS_INVALID', { field: 'vcAccount' });
      await expectLocalized(result.body.message, 'ja', 'error.ADDRESS_INVALID', { chain: 'USDT TRC20' });
      expectFailure(
        await t.call(payment.walletAddressAdd, address(usdtTrc20, VALID.erc20), { token: member.token }),
        'ADDRESS_INVALID',
      );
      expectFailure(
        await t.call(payment.walletAddressAdd, address(btc, VALID.trc20), { token: member.token }),
        'ADDRESS_INVALID',
      );
    });

    it('refuses a chain that is not the coin’s with CHAIN_NOT_FOUND', async () => {
      expectFailure(
        await t.call(
          payment.walletAddressAdd,
          address({ vcId: btc.vcId, vcChainNameId: usdtTrc20.vcChainNameId }, VALID.trc20),
          { token: member.token },
        ),
        'CHAIN_NOT_FOUND',
        { field: 'vcChainNameId' },
      );
      expectFailure(
        await t.call(payment.walletAddressAdd, address({ ...btc, vcChainNameId: 999_999 }, VALID.bitcoin), {
          token: member.token,
        }),
        'CHAIN_NOT_FOUND',
      );
    });

    it('refuses a duplicate on the same chain (EVM case ignored), allows it on another chain', async () => {
      const fresh = await freshMember(t);
      expectSuccess(
        await t.call(payment.walletAddressAdd, address(usdtErc20, VALID.erc20), { token: fresh.token }),
      );
      expectFailure(
        await t.call(payment.walletAddressAdd, address(usdtErc20, VALID.erc20.toLowerCase()), {
          token: fresh.token,
        }),
        'PAYMENT_METHOD_DUPLICATE',
        { field: 'vcAccount' },
      );
      const eth = await chainOf(t, 'ETH', 'ERC20');
      expectSuccess(
        await t.call(payment.walletAddressAdd, address(eth, VALID.erc20), { token: fresh.token }),
      );
    });

    it('requires the currency, chain type, address and fund password', async () => {
      for (const field of ['vcId', 'vcChainNameId', 'vcAccount', 'fundPwd'] as const) {
        const body: Record<string, unknown> = address(usdtTrc20, VALID.trc20Other);
        delete body[field];
        expectFailure(
          await t.call(payment.walletAddressAdd, body as never, { token: member.token }),
          'VALIDATION_FAILED',
          {
            field,
          },
        );
      }
    });

    it('refuses a wrong fund password and adds nothing', async () => {
      const fresh = await freshMember(t);
      expectFailure(
        await t.call(payment.walletAddressAdd, address(usdtTrc20, VALID.trc20, fund('Nope#1234')), {
          token: fresh.token,
        }),
        'FUND_PASSWORD_WRONG',
        { field: 'fundPwd' },
      );
      expect(expectSuccess(await t.call(payment.walletAddressList, {}, { token: fresh.token }))).toEqual([]);
    });
  });

  describe('fast-payment accounts', () => {
    it('adds name and ZSK id, refuses an empty name and a duplicate id (case and spaces ignored)', async () => {
      const member = await freshMember(t);
      expectFailure(
        await t.call(
          payment.zskAccountAdd,
          { name: ' ', zskId: '1234567', ...fund() },
          { token: member.token },
        ),
        'VALIDATION_FAILED',
        { field: 'name' },
      );
      expectFailure(
        await t.call(
          payment.zskAccountAdd,
          { name: 'Chan Tai Man', zskId: '', ...fund() },
          { token: member.token },
        ),
        'VALIDATION_FAILED',
        { field: 'zskId' },
      );
      const added = expectSuccess(
        await t.call(
          payment.zskAccountAdd,
          { name: 'Chan Tai Man', zskId: 'Chan@Example.com', ...fund() },
          { token: member.token },
        ),
      );
      expect(added).toMatchObject({ name: 'Chan Tai Man', zskId: 'Chan@Example.com' });
      expectFailure(
        await t.call(
          payment.zskAccountAdd,
          { name: 'Chan Tai Man', zskId: ' chan@example.com', ...fund() },
          { token: member.token },
        ),
        'PAYMENT_METHOD_DUPLICATE',
        { field: 'zskId' },
      );
      expect(expectSuccess(await t.call(payment.zskAccountList, {}, { token: member.token }))).toEqual([
        added,
      ]);
    });

    it('refuses a wrong fund password', async () => {
      const member = await freshMember(t);
      expectFailure(
        await t.call(
          payment.zskAccountAdd,
          { name: 'Chan Tai Man', zskId: '1234567', ...fund('Wrong#1111') },
          { token: member.token },
        ),
        'FUND_PASSWORD_WRONG',
      );
      expect(expectSuccess(await t.call(payment.zskAccountList, {}, { token: member.token }))).toEqual([]);
    });
  });
});
