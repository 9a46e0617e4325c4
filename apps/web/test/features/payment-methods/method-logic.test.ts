import { describe, expect, it } from 'vitest';
import { chainCoins, matchesOption, shortAddress } from '../../../src/components/payment-method-picker.tsx';
import { CLIENT_KEEP_BYTES, CLIENT_MAX_SIDE_PX, planSize } from '../../../src/components/image-upload-api.ts';
import { validateIdentity } from '../../../src/features/identity/identity-logic.ts';
import {
  addMethodParams,
  bankCardFields,
  bankCardBody,
  chainAfterCoinChange,
  preselectedChain,
  verifiedHolder,
  validateBankCard,
  validateWalletAddress,
  validateZskAccount,
  type BankCardValues,
} from '../../../src/features/payment-methods/method-logic.ts';
import { firstUnmet } from '../../../src/system/payment-methods-api.ts';

const emptyCard: BankCardValues = {
  bankId: '',
  cardNumber: '',
  name: '',
  branchAddress: '',
  branchCode: '',
  idCardNumber: '',
  cci: '',
  katakana: '',
  fundPwd: '',
  googleCode: '',
};

describe('payment forms', () => {
  it('bank card: bank, number, name, ID number and fund password are required', () => {
    expect(
      validateBankCard(emptyCard, {
        branchCodeEnabled: false,
        country: null,
        googleBound: false,
        verified: false,
      }),
    ).toEqual({
      bankId: 'validation.bank',
      cardNumber: 'validation.required',
      name: 'validation.required',
      idCardNumber: 'validation.required',
      fundPwd: 'validation.required',
    });
  });

  it('bank card: the branch code when configured, katakana for Japan, the CCI for Peru, the code when bound', () => {
    const filled = {
      ...emptyCard,
      bankId: '1',
      cardNumber: '1234 5678',
      name: 'A',
      idCardNumber: 'X1',
      fundPwd: 'p',
    };
    expect(
      validateBankCard(filled, {
        branchCodeEnabled: false,
        country: 'KR',
        googleBound: false,
        verified: false,
      }),
    ).toEqual({});
    expect(
      validateBankCard(filled, {
        branchCodeEnabled: true,
        country: 'JP',
        googleBound: true,
        verified: false,
      }),
    ).toEqual({
      branchCode: 'validation.required',
      katakana: 'validation.required',
      googleCode: 'validation.required',
    });
    expect(
      validateBankCard(filled, {
        branchCodeEnabled: false,
        country: 'PE',
        googleBound: false,
        verified: false,
      }),
    ).toEqual({
      cci: 'validation.required',
    });
    expect(
      validateBankCard(
        { ...filled, googleCode: '12a' },
        { branchCodeEnabled: false, country: 'KR', googleBound: true, verified: false },
      ),
    ).toEqual({ googleCode: 'validation.googleCode' });
  });

  it('wallet address: currency, chain type, address and fund password are required; the remark is not', () => {
    expect(
      validateWalletAddress(
        { vcId: '', vcChainNameId: '', vcAccount: ' ', remark: '', fundPwd: '', googleCode: '' },
        { googleBound: false },
      ),
    ).toEqual({
      vcId: 'validation.currency',
      vcChainNameId: 'validation.chain',
      vcAccount: 'validation.required',
      fundPwd: 'validation.required',
    });
  });

  it('fast-payment account: the name must not be empty', () => {
    expect(
      validateZskAccount({ name: ' ', zskId: '1', fundPwd: 'p', googleCode: '' }, { googleBound: false }),
    ).toEqual({ name: 'validation.required' });
  });

  it('identity: certificate type, the three photos, name, number and fund password are required', () => {
    expect(
      validateIdentity(
        {
          certType: '',
          name: '',
          certNumber: '',
          frontImageId: '',
          backImageId: '4',
          handheldImageId: '',
          fundPwd: '',
          googleCode: '',
        },
        { googleBound: false },
      ),
    ).toEqual({
      certType: 'validation.certType',
      name: 'validation.required',
      certNumber: 'validation.required',
      frontImageId: 'validation.image',
      handheldImageId: 'validation.image',
      fundPwd: 'validation.required',
    });
  });
});

describe('gating prompts', () => {
  const ready = { hasFundPassword: true, realNameStatus: 'APPROVED' as const };

  it('asks for the first missing thing, in the order given', () => {
    const all = ['fundPassword', 'realName', ['BANK_CARD', 'WALLET_ADDRESS']] as const;
    expect(
      firstUnmet(all, { user: { hasFundPassword: false, realNameStatus: 'NONE' }, counts: {} }),
    ).toMatchObject({
      message: 'gate.noFundPassword',
      target: '/bind-fund-password',
    });
    expect(firstUnmet(all, { user: { ...ready, realNameStatus: 'REJECTED' }, counts: {} })).toMatchObject({
      message: 'gate.noRealName',
      target: '/real-name',
    });
    expect(firstUnmet(all, { user: { ...ready, realNameStatus: 'PENDING' }, counts: {} })).toMatchObject({
      message: 'gate.realNamePending',
      target: '/real-name',
    });
    expect(firstUnmet(all, { user: ready, counts: { BANK_CARD: 0, WALLET_ADDRESS: 0 } })).toMatchObject({
      message: 'gate.noBankCard',
      target: '/add-bank-card',
    });
  });

  it('is satisfied by one method of any kind in a group, and does not guess before the lists load', () => {
    const group = [['BANK_CARD', 'WALLET_ADDRESS']] as const;
    expect(firstUnmet(group, { user: ready, counts: { BANK_CARD: 0, WALLET_ADDRESS: 2 } })).toBeNull();
    expect(firstUnmet(group, { user: ready, counts: {} })).toBeNull();
    expect(firstUnmet(['WALLET_ADDRESS'], { user: ready, counts: { WALLET_ADDRESS: 0 } })).toMatchObject({
      message: 'gate.noWalletAddress',
      target: '/add-wallet-address',
    });
  });
});

describe('photo downsizing before upload', () => {
  it('sends a small photo as it is', () => {
    expect(planSize({ width: 1200, height: 900, bytes: 300_000, type: 'image/jpeg' })).toEqual({
      width: 1200,
      height: 900,
      reencode: false,
    });
  });

  it('scales a big photo to the longest side, keeping proportions', () => {
    expect(planSize({ width: 4032, height: 3024, bytes: 3_500_000, type: 'image/jpeg' })).toEqual({
      width: CLIENT_MAX_SIDE_PX,
      height: 1536,
      reencode: true,
    });
    expect(planSize({ width: 1000, height: 5000, bytes: 900_000, type: 'image/png' })).toMatchObject({
      width: 410,
      height: CLIENT_MAX_SIDE_PX,
    });
  });

  it('re-encodes a heavy file or a type the server does not take, without enlarging it', () => {
    expect(planSize({ width: 800, height: 600, bytes: CLIENT_KEEP_BYTES + 1, type: 'image/png' })).toEqual({
      width: 800,
      height: 600,
      reencode: true,
    });
    expect(planSize({ width: 800, height: 600, bytes: 90_000, type: 'image/heic' }).reencode).toBe(true);
  });
});

describe('picker helpers', () => {
  it('searches banks by name or keywords in any case', () => {
    expect(matchesOption({ label: 'KB Kookmin Bank', keywords: 'KR_KOOKMIN KR' }, 'kookmin')).toBe(true);
    expect(matchesOption({ label: 'MUFG Bank', keywords: 'JP_MUFG JP' }, 'jp')).toBe(true);
    expect(matchesOption({ label: 'MUFG Bank' }, 'shinhan')).toBe(false);
  });

  it('lists each coin of the chain list once, in order', () => {
    const chains = [
      { id: 1, vcId: 1, symbol: 'USDT', chainName: 'TRC20' },
      { id: 2, vcId: 1, symbol: 'USDT', chainName: 'ERC20' },
      { id: 3, vcId: 2, symbol: 'BTC', chainName: 'Bitcoin' },
    ];
    expect(chainCoins(chains)).toEqual([
      { vcId: 1, symbol: 'USDT' },
      { vcId: 2, symbol: 'BTC' },
    ]);
  });

  it('shortens long addresses to their start and end', () => {
    expect(shortAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHqje…gjLj6t');
    expect(shortAddress('short')).toBe('short');
  });
});

describe('bank card fields', () => {
  const names = (context: { branchCodeEnabled: boolean; country: string | null; verified?: boolean }) =>
    bankCardFields({ verified: false, ...context }).map((field) => field.name);

  it('shows the common fields in order, without the country and configuration ones', () => {
    expect(names({ branchCodeEnabled: false, country: 'KR' })).toEqual([
      'cardNumber',
      'name',
      'idCardNumber',
      'branchAddress',
    ]);
    expect(names({ branchCodeEnabled: false, country: null })).toEqual(
      names({ branchCodeEnabled: false, country: 'KR' }),
    );
  });

  it('puts katakana after the name for Japan, the CCI after the ID number for Peru', () => {
    expect(names({ branchCodeEnabled: false, country: 'JP' })).toEqual([
      'cardNumber',
      'name',
      'katakana',
      'idCardNumber',
      'branchAddress',
    ]);
    expect(names({ branchCodeEnabled: false, country: 'PE' })).toEqual([
      'cardNumber',
      'name',
      'idCardNumber',
      'cci',
      'branchAddress',
    ]);
  });

  it('puts the branch code after the branch address while the configuration asks for it', () => {
    expect(names({ branchCodeEnabled: true, country: 'KR' })).toEqual([
      'cardNumber',
      'name',
      'idCardNumber',
      'branchAddress',
      'branchCode',
    ]);
  });

  it('shows exactly the fields the request sends for the same bank and configuration', () => {
    const filled = Object.fromEntries(
      Object.keys(emptyCard).map((key) => [key, 'x']),
    ) as unknown as BankCardValues;
    for (const country of ['KR', 'JP', 'PE', null]) {
      for (const branchCodeEnabled of [false, true]) {
        const context = { branchCodeEnabled, country };
        const body = bankCardBody(
          { ...filled, bankId: '1' },
          { ...context, googleBound: false, verified: false },
        );
        const sent = ['branchCode', 'cci', 'katakana'].filter(
          (key) => body[key as keyof typeof body] !== undefined,
        );
        const shown = names(context).filter((name) => ['branchCode', 'cci', 'katakana'].includes(name));
        expect(shown.sort()).toEqual(sent.sort());
      }
    }
  });
});

describe('wallet address coin choice', () => {
  const chains = [
    { id: 11, vcId: 1 },
    { id: 12, vcId: 1 },
    { id: 13, vcId: 2 },
  ];

  it('keeps the chain when the same coin is picked again', () => {
    expect(chainAfterCoinChange(chains, '1', 1)).toBeNull();
  });

  it("selects the new coin's first chain, or none when it has no chain", () => {
    expect(chainAfterCoinChange(chains, '1', 2)).toBe('13');
    expect(chainAfterCoinChange(chains, '', 1)).toBe('11');
    expect(chainAfterCoinChange(chains, '1', 3)).toBe('');
  });
});

describe('a verified user’s bank card', () => {
  const verified = { branchCodeEnabled: false, country: 'KR', googleBound: false, verified: true };
  const filled = { ...emptyCard, bankId: '1', cardNumber: '1234 5678', fundPwd: 'p' };

  it('asks for neither the name nor the ID number, and sends neither (the server uses the verified ones)', () => {
    expect(validateBankCard(filled, verified)).toEqual({});
    const body = bankCardBody({ ...filled, name: 'typed', idCardNumber: 'typed' }, verified);
    expect(body).not.toHaveProperty('name');
    expect(body).not.toHaveProperty('idCardNumber');
    expect(bankCardFields(verified).map((field) => field.name)).toEqual(['cardNumber', 'branchAddress']);
  });

  it('never asks for or sends a ZSK id: a bank payout does not use one', () => {
    for (const context of [verified, { ...verified, verified: false }]) {
      expect(bankCardFields(context).map((field) => field.name)).not.toContain('zskId');
      expect(bankCardBody({ ...filled, name: 'A', idCardNumber: 'X1' }, context)).not.toHaveProperty('zskId');
    }
  });

  it('takes the holder from an approved identity check only', () => {
    const current = {
      id: 1,
      certType: 'PASSPORT' as const,
      name: 'Lee Jiwoo',
      certNumberMasked: '**** 1234',
      status: 'APPROVED' as const,
      rejectReason: null,
      submittedAt: 1,
      reviewedAt: 2,
    };
    expect(verifiedHolder({ status: 'APPROVED', current })).toEqual({
      name: 'Lee Jiwoo',
      certType: 'PASSPORT',
      certNumberMasked: '**** 1234',
    });
    expect(verifiedHolder({ status: 'PENDING', current: { ...current, status: 'PENDING' } })).toBeNull();
    expect(verifiedHolder({ status: 'REJECTED', current: { ...current, status: 'REJECTED' } })).toBeNull();
    expect(verifiedHolder({ status: 'NONE', current: null })).toBeNull();
    expect(verifiedHolder(undefined)).toBeNull();
  });
});

describe('links to the add forms', () => {
  const parse = (query: string) => addMethodParams(new URLSearchParams(query));

  it('reads the coin, the network and where to return', () => {
    expect(parse('coinId=3&chain=TRC20&returnTo=/withdraw')).toEqual({
      coinId: 3,
      chain: 'TRC20',
      returnTo: '/withdraw',
    });
    expect(parse('returnTo=%2Fwithdraw%3FchannelId%3D4')).toEqual({
      coinId: null,
      chain: null,
      returnTo: '/withdraw?channelId=4',
    });
    expect(parse('')).toEqual({ coinId: null, chain: null, returnTo: null });
  });

  it('ignores a coin id that is not a positive whole number', () => {
    for (const coinId of ['0', '-1', '1.5', 'abc', '1e3', ' ', '99999999999']) {
      expect(parse(`coinId=${encodeURIComponent(coinId)}`).coinId, coinId).toBeNull();
    }
  });

  it('returns only to a path of this app, never to another site', () => {
    for (const returnTo of [
      'https://evil.example/withdraw',
      '//evil.example/withdraw',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'withdraw',
      '',
    ]) {
      expect(parse(`returnTo=${encodeURIComponent(returnTo)}`).returnTo, returnTo).toBeNull();
    }
  });
});

describe('the coin and network a link selects', () => {
  const chains = [
    { id: 11, vcId: 3, chainName: 'TRC20' },
    { id: 12, vcId: 3, chainName: 'ERC20' },
    { id: 21, vcId: 1, chainName: 'Bitcoin' },
  ];

  it('selects the named network of the coin, names compared without case', () => {
    expect(preselectedChain(chains, { coinId: 3, chain: 'ERC20' })).toEqual({
      vcId: '3',
      vcChainNameId: '12',
    });
    expect(preselectedChain(chains, { coinId: 3, chain: 'erc20' })).toEqual({
      vcId: '3',
      vcChainNameId: '12',
    });
  });

  it('falls back to the coin’s first network when none or another coin’s is named', () => {
    expect(preselectedChain(chains, { coinId: 3, chain: null })).toEqual({ vcId: '3', vcChainNameId: '11' });
    expect(preselectedChain(chains, { coinId: 3, chain: 'Bitcoin' })).toEqual({
      vcId: '3',
      vcChainNameId: '11',
    });
  });

  it('selects nothing without a coin, or for a coin that has no network', () => {
    expect(preselectedChain(chains, { coinId: null, chain: 'TRC20' })).toBeNull();
    expect(preselectedChain(chains, { coinId: 9, chain: 'TRC20' })).toBeNull();
  });
});
