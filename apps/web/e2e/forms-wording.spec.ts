import { expect, test, type Page } from '@playwright/test';
import {
  MEMBER_FUND_PASSWORD,
  MEMBER_PASSWORD,
  captureThemes,
  newMember,
  ok,
  post,
  signInPage,
  verifyIdentity,
  type Member,
} from './api.ts';
import { collectConsoleErrors, fill, useLanguage } from './support.ts';

/**
 * The payment-method forms and the wording of form errors: an address added from a link of the
 * withdrawal screen comes pre-selected and leads back there; a verified user's bank card shows the
 * verified name and ID read-only; an empty field says it is required and mismatched passwords say
 * so. Each changed form is captured in dark, light and Arabic.
 */

const ERC20_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** Refused requests (4xx) are logged by the browser as failed resources; nothing else may appear. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('Failed to load resource'));

/** Signs `member` in on the phone; the test chose the language first. */
async function signedIn(page: Page, member: Member) {
  await signInPage(page, page.request, member.username, MEMBER_PASSWORD);
}

test('an address added from the withdrawal screen’s link comes pre-selected and returns to /withdraw', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await newMember(request, 'f');
  const chains = await ok(
    post<{ id: number; vcId: number; symbol: string; chainName: string }[]>(
      request,
      '/portal/vc-chain/list',
      {},
    ),
  );
  const erc20 = chains.find((c) => c.symbol === 'USDT' && c.chainName === 'ERC20');
  expect(erc20).toBeDefined();
  const errors = collectConsoleErrors(page);
  await useLanguage(page, 'en');
  await signedIn(page, member);

  const link = `/add-wallet-address?coinId=${erc20?.vcId}&chain=ERC20&returnTo=${encodeURIComponent('/withdraw')}`;
  await page.goto(link);
  const preselected = async () => {
    await expect(page.getByTestId('select-vcId')).toContainText('USDT');
    await expect(page.getByTestId('select-vcChainNameId')).toContainText('ERC20');
  };
  await captureThemes(page, 'forms-wallet-address-preselected', preselected);

  await fill(page, 'vcAccount', ERC20_ADDRESS);
  await fill(page, 'fundPwd', MEMBER_FUND_PASSWORD);
  await page.getByTestId('submit-add-wallet-address').click();
  await expect(page).toHaveURL(/\/withdraw$/);
  const saved = await ok(
    post<{ vcChainNameId: number; vcAccount: string }[]>(
      request,
      '/user/wallet-address/list',
      {},
      {
        authorization: member.token,
      },
    ),
  );
  expect(saved).toEqual([expect.objectContaining({ vcChainNameId: erc20?.id, vcAccount: ERC20_ADDRESS })]);
  expect(unexpected(errors)).toEqual([]);
});

test('a link whose returnTo leads to another site is ignored', async ({ page, request }) => {
  const member = await newMember(request, 'f');
  await useLanguage(page, 'en');
  await signedIn(page, member);
  await page.goto(`/add-wallet-address?coinId=1&returnTo=${encodeURIComponent('//evil.example/withdraw')}`);
  await page.getByTestId('select-vcId').click();
  await page.getByTestId('currency-picker').getByText('BTC', { exact: true }).click();
  await fill(page, 'vcAccount', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  await fill(page, 'fundPwd', MEMBER_FUND_PASSWORD);
  await page.getByTestId('submit-add-wallet-address').click();
  await expect(page).toHaveURL(/\/wallet-address$/);
});

test('a verified user’s bank card form shows the verified name and ID read-only, without a ZSK id', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await newMember(request, 'f');
  const certNumber = `M${Date.now().toString().slice(-8)}`;
  await verifyIdentity(request, member, { certNumber });
  const errors = collectConsoleErrors(page);
  await useLanguage(page, 'en');
  await signedIn(page, member);

  await page.goto('/add-bank-card');
  const name = page.locator('input[name="name"]');
  const id = page.locator('input[name="idCardNumber"]');
  const shown = async () => {
    await expect(name).toHaveValue('Kim Minsu');
    await expect(id).toHaveValue(`Passport **** ${certNumber.slice(-4)}`);
  };
  const shownInArabic = async () => {
    await expect(name).toHaveValue('Kim Minsu');
    await expect(id).toHaveValue(new RegExp(`\\*\\*\\*\\* ${certNumber.slice(-4)}$`));
  };
  await captureThemes(page, 'forms-bank-card-verified', shown, shownInArabic);
  await expect(name).toHaveAttribute('readonly', '');
  await expect(id).toHaveAttribute('readonly', '');
  await expect(page.getByText('ID type/number')).toBeVisible();
  await expect(page.locator('input[name="zskId"]')).toHaveCount(0);

  // The identity screen labels the document "ID type" and "ID number", with one date-time format.
  await page.goto('/real-name');
  const facts = async () => {
    await expect(page.getByText('ID type', { exact: true })).toBeVisible();
    await expect(page.getByText('ID number', { exact: true })).toBeVisible();
    await expect(page.getByText(/Submitted\W+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)).toBeVisible();
  };
  await captureThemes(page, 'forms-real-name-verified', facts, async () => {
    await expect(page.locator('.identity-status__time')).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });
  await page.goto('/add-bank-card');

  // The card is added in the verified name, without typing it.
  await page.getByTestId('select-bankId').click();
  await page.getByText('KB Kookmin Bank').click();
  await fill(page, 'cardNumber', '6222 0212 3456 7890');
  await fill(page, 'fundPwd', MEMBER_FUND_PASSWORD);
  await page.getByTestId('submit-add-bank-card').click();
  await expect(page).toHaveURL(/\/receive-ways$/);
  const cards = await ok(
    post<{ name: string; idCardNumberMasked: string }[]>(
      request,
      '/user/bank-card/list',
      {},
      {
        authorization: member.token,
      },
    ),
  );
  expect(cards).toEqual([
    expect.objectContaining({ name: 'Kim Minsu', idCardNumberMasked: `**** ${certNumber.slice(-4)}` }),
  ]);
  expect(unexpected(errors)).toEqual([]);
});

test('an empty field says it is required, and mismatched passwords say they do not match', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await newMember(request, 'f');
  await useLanguage(page, 'en');
  await signedIn(page, member);

  await page.goto('/add-bank-card');
  const empty = async () => {
    await page.getByTestId('submit-add-bank-card').click();
    await expect(page.getByTestId('error-cardNumber')).toBeVisible();
  };
  await empty();
  await expect(page.getByTestId('error-cardNumber')).toHaveText('Card number is required');
  await expect(page.getByTestId('error-name')).toHaveText('Name is required');
  await expect(page.getByTestId('error-idCardNumber')).toHaveText('ID number is required');
  await expect(page.getByTestId('error-fundPwd')).toHaveText('Fund password is required');
  await expect(page.locator('input[name="zskId"]')).toHaveCount(0);
  await captureThemes(page, 'forms-bank-card-required', empty);

  await page.goto('/edit-login-password');
  const mismatch = async () => {
    await fill(page, 'oldPwd', MEMBER_PASSWORD);
    await fill(page, 'newPwd', 'NewSecret#1');
    await fill(page, 'prePwd', 'NewSecret#2');
    await page.getByTestId('submit-edit-login-password').click();
    await expect(page.getByTestId('error-prePwd')).toBeVisible();
  };
  await mismatch();
  await expect(page.getByTestId('error-prePwd')).toHaveText('The passwords do not match');
  await captureThemes(page, 'forms-password-mismatch', mismatch);
});
