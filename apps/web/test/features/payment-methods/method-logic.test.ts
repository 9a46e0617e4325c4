import { describe, expect, it } from 'vitest';
import { chainCoins, matchesOption, shortAddress } from '../../../src/components/payment-method-picker.tsx';
import { CLIENT_KEEP_BYTES, CLIENT_MAX_SIDE_PX, planSize } from '../../../src/components/image-upload-api.ts';
import { validateIdentity } from '../../../src/features/identity/identity-logic.ts';
import {
  bankCardFields,
  bankCardBody,
  chainAfterCoinChange,
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
  zskId: '',
  fundPwd: '',
  googleCode: '',
};

describe('payment forms', () => {
  it('bank card: bank, number, name, ID number and fund password are required', () => {
    expect(
      validateBankCard(emptyCard, { branchCodeEnabled: false, country: null, googleBound: false }),
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
    expect(validateBankCard(filled, { branchCodeEnabled: false, country: 'KR', googleBound: false })).toEqual(
      {},
    );
    expect(validateBankCard(filled, { branchCodeEnabled: true, country: 'JP', googleBound: true })).toEqual({
      branchCode: 'validation.required',
      katakana: 'validation.required',
      googleCode: 'validation.required',
    });
    expect(validateBankCard(filled, { branchCodeEnabled: false, country: 'PE', googleBound: false })).toEqual(
      {
        cci: 'validation.required',
      },
    );
    expect(
      validateBankCard(
        { ...filled, googleCode: '12a' },
        { branchCodeEnabled: false, country: 'KR', googleBound: true },
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
  const names = (context: { branchCodeEnabled: boolean; country: string | null }) =>
    bankCardFields(context).map((field) => field.name);

  it('shows the common fields in order, without the country and configuration ones', () => {
    expect(names({ branchCodeEnabled: false, country: 'KR' })).toEqual([
      'cardNumber',
      'name',
      'idCardNumber',
      'branchAddress',
      'zskId',
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
      'zskId',
    ]);
    expect(names({ branchCodeEnabled: false, country: 'PE' })).toEqual([
      'cardNumber',
      'name',
      'idCardNumber',
      'cci',
      'branchAddress',
      'zskId',
    ]);
  });

  it('puts the branch code after the branch address while the configuration asks for it', () => {
    expect(names({ branchCodeEnabled: true, country: 'KR' })).toEqual([
      'cardNumber',
      'name',
      'idCardNumber',
      'branchAddress',
      'branchCode',
      'zskId',
    ]);
  });

  it('shows exactly the fields the request sends for the same bank and configuration', () => {
    const filled = Object.fromEntries(
      Object.keys(emptyCard).map((key) => [key, 'x']),
    ) as unknown as BankCardValues;
    for (const country of ['KR', 'JP', 'PE', null]) {
      for (const branchCodeEnabled of [false, true]) {
        const context = { branchCodeEnabled, country };
        const body = bankCardBody({ ...filled, bankId: '1' }, { ...context, googleBound: false });
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
