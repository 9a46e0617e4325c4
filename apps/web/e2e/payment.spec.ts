import { expect, test, type Page } from '@playwright/test';
import {
  MEMBER_FUND_PASSWORD,
  MEMBER_PASSWORD,
  TRC20_ADDRESS,
  captureThemes,
  newMember,
  signInPage,
} from './api.ts';
import { collectConsoleErrors, fill, shot, useLanguage } from './support.ts';

/**
 * Payment methods and identity in the browser: a new user (registered through the API; the register
 * form sets the fund password, so it is already bound) adds a bank card, a wallet address and a
 * fast-payment account, and submits real-name verification with three photos. Every screen is
 * captured in the dark and light themes and in Arabic (right to left).
 */

const PASSWORD = MEMBER_PASSWORD;
const FUND_PASSWORD = MEMBER_FUND_PASSWORD;

/** In Arabic a screen is only waited for, since each `ready` below looks for English text. */
const capture = (page: Page, name: string, ready: () => Promise<void>) =>
  captureThemes(page, `payment-${name}`, ready, () => page.waitForLoadState('networkidle'));

/** Chooses a photo for an upload field and waits until the upload has finished. */
async function attachPhoto(page: Page, name: string, photo: Buffer) {
  await page.locator(`input[type="file"][name="${name}"]`).setInputFiles({
    name: `${name}.jpg`,
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await expect(page.getByTestId(`upload-${name}`)).toContainText('Tap to replace', { timeout: 20_000 });
}

test('a new user adds a bank card, a wallet address and a fast-payment account, then submits real-name verification', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { username } = await newMember(request, 'p');
  await useLanguage(page, 'en', 'dark');
  const errors = collectConsoleErrors(page);
  await signInPage(page, request, username, PASSWORD);

  // Settings: the fund password is set; nothing else is bound yet.
  await page.goto('/settings');
  await capture(page, 'settings', async () => {
    await expect(page.getByTestId('settings-fund-password')).toContainText('Change');
    await expect(page.getByTestId('settings-real-name')).toContainText('Not verified');
    await expect(page.getByTestId('settings-bank-card')).toContainText('Not bound');
  });

  // Bank card: the empty list, the form with the bank picker, then the card in the list.
  await page.goto('/receive-ways');
  await capture(page, 'bank-cards-empty', async () => {
    await expect(page.getByTestId('empty-noData')).toContainText('No bank card yet');
  });
  await page.getByTestId('methods-add').click();
  await expect(page).toHaveURL(/\/add-bank-card$/);
  await capture(page, 'add-bank-card', async () => {
    await expect(page.getByTestId('submit-add-bank-card')).toBeVisible();
  });
  await page.getByTestId('select-bankId').click();
  const banks = page.getByTestId('bank-picker');
  await banks.getByPlaceholder('Search banks').fill('kookmin');
  await expect(banks.getByTestId('bank-picker-option')).toHaveCount(1);
  await shot(page, 'payment-bank-picker-dark');
  await banks.getByText('KB Kookmin Bank').click();
  await expect(page.getByTestId('select-bankId')).toContainText('KB Kookmin Bank');
  await fill(page, 'cardNumber', '6222 0212 3456 7890');
  await fill(page, 'name', 'Kim Minsu');
  await fill(page, 'idCardNumber', '900101-1234567');
  await fill(page, 'fundPwd', 'Wrong#0000');
  await page.getByTestId('submit-add-bank-card').click();
  await expect(page.getByTestId('error-fundPwd')).toHaveText('The fund password is wrong');
  await fill(page, 'fundPwd', FUND_PASSWORD);
  await page.getByTestId('submit-add-bank-card').click();
  await expect(page.getByText('Added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/receive-ways$/);
  await capture(page, 'bank-cards', async () => {
    await expect(page.getByTestId('bank-card')).toContainText('**** 7890');
  });
  // A real JPEG to stand for the identity photos: the card as the screen draws it.
  const photo = await page.getByTestId('bank-card').screenshot({ type: 'jpeg', quality: 85 });

  // Wallet address: USDT on TRC20 (the first chain of the coin is chosen with it).
  await page.goto('/add-wallet-address');
  await capture(page, 'add-wallet-address', async () => {
    await expect(page.getByTestId('select-vcId')).toBeEnabled();
  });
  await page.getByTestId('select-vcId').click();
  await page.getByTestId('currency-picker').getByText('USDT', { exact: true }).click();
  await expect(page.getByTestId('select-vcChainNameId')).toContainText('TRC20');
  await fill(page, 'vcAccount', `${TRC20_ADDRESS.slice(0, -1)}u`);
  await fill(page, 'remark', 'My exchange wallet');
  await fill(page, 'fundPwd', FUND_PASSWORD);
  await page.getByTestId('submit-add-wallet-address').click();
  await expect(page.getByTestId('error-vcAccount')).toHaveText('This is not a valid USDT TRC20 address');
  await fill(page, 'vcAccount', TRC20_ADDRESS);
  await page.getByTestId('submit-add-wallet-address').click();
  await expect(page.getByText('Wallet address added')).toBeVisible();
  await expect(page).toHaveURL(/\/wallet-address$/);
  await capture(page, 'wallet-addresses', async () => {
    await expect(page.getByTestId('wallet-address')).toContainText(TRC20_ADDRESS);
  });

  // Fast-payment account.
  await page.goto('/add-zsk-account');
  await capture(page, 'add-zsk-account', async () => {
    await expect(page.getByTestId('submit-add-zsk-account')).toBeVisible();
  });
  await fill(page, 'name', 'Kim Minsu');
  await fill(page, 'zskId', '98765432');
  await fill(page, 'fundPwd', FUND_PASSWORD);
  await page.getByTestId('submit-add-zsk-account').click();
  await expect(page).toHaveURL(/\/zsk-account$/);
  await capture(page, 'zsk-accounts', async () => {
    await expect(page.getByTestId('zsk-account')).toContainText('98765432');
  });

  // Real-name verification: document, name, number and the three photos.
  await page.goto('/real-name');
  await capture(page, 'real-name-form', async () => {
    await expect(page.getByTestId('real-name-status-text')).toHaveText('Not verified');
  });
  await page.getByTestId('select-certType').click();
  await page.getByTestId('cert-type-picker').getByText('Passport').click();
  await fill(page, 'name', 'Kim Minsu');
  await fill(page, 'certNumber', `M${Date.now().toString().slice(-8)}`);
  await attachPhoto(page, 'frontImageId', photo);
  await attachPhoto(page, 'backImageId', photo);
  await attachPhoto(page, 'handheldImageId', photo);
  await shot(page, 'payment-real-name-photos-dark');
  await fill(page, 'fundPwd', FUND_PASSWORD);
  await page.getByTestId('submit-real-name').click();
  await expect(page.getByText('The verification request was submitted successfully')).toBeVisible();
  await capture(page, 'real-name-pending', async () => {
    await expect(page.getByTestId('real-name-status-text')).toHaveText('Under review');
    await expect(page.getByTestId('submit-real-name')).toHaveCount(0);
  });

  // The "me" page and the settings show the new states.
  await page.goto('/user-center');
  await capture(page, 'user-center', async () => {
    await expect(page.getByTestId('menu-real-name')).toContainText('Under review');
  });
  await page.goto('/settings');
  await expect(page.getByTestId('settings-bank-card')).toContainText('Bound');
  await expect(page.getByTestId('settings-wallet-address')).toContainText('Bound');
  await expect(page.getByTestId('settings-real-name')).toContainText('Under review');

  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});
