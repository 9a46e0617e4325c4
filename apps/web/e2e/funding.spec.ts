import { expect, test, type Page } from '@playwright/test';
import {
  MEMBER_FUND_PASSWORD,
  MEMBER_PASSWORD,
  bindTrc20Address,
  captureThemes,
  credit,
  newMember,
  operatorToken,
  signInPage,
  verifyIdentity,
  voucherPng,
  type Envelope,
} from './api.ts';
import { collectConsoleErrors, fill, logOut, login, shot, totpAt, useLanguage } from './support.ts';

/**
 * Deposits and withdrawals in the browser. A new member deposits through a bank channel with a
 * voucher and finds the deposit pending in /recharge-order; a member credited by an operator and
 * verified withdraws to a bound wallet address, finds it pending in /withdraw-order and the balance
 * reduced on /fund; members who may not withdraw yet meet the gating prompts instead of the form.
 * Every screen is captured in the dark and light themes and in Arabic (right to left).
 */

const PASSWORD = MEMBER_PASSWORD;
const FUND_PASSWORD = MEMBER_FUND_PASSWORD;

const channelChip = (page: Page, name: string) =>
  page.getByTestId('funding-channel').filter({ hasText: name });

// ---- the flows ----------------------------------------------------------------------------------

test('a new member deposits by bank transfer with a voucher and finds it pending', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await newMember(request, 'f');
  await useLanguage(page, 'en', 'dark');
  const errors = collectConsoleErrors(page);
  await signInPage(page, request, member.username, PASSWORD);

  // The assets screen leads to the deposit screen; the first channel is a chain address with its QR.
  await page.goto('/fund');
  await page.getByTestId('wallet-recharge').click();
  await expect(page).toHaveURL(/\/recharge$/);
  await captureThemes(page, 'funding-recharge', async () => {
    await expect(page.getByTestId('deposit-qr').locator('svg')).toBeVisible();
  });
  await expect(page.getByTestId('deposit-address')).toHaveText('TVjsyZ7fYF3qLF6BQgPmTEZy1xrNNyVAAA');

  // The bank channel: its account, its terms, and the receive amount following the typed amount.
  await channelChip(page, 'Bank transfer (USD)').click();
  await expect(page.getByTestId('pay-account-number')).toContainText('0048 2291 7730 15');
  await expect(page.getByTestId('recharge-range')).toHaveText('Min 50.00, Max 50,000.00 USD');
  await expect(page.getByTestId('terms-fee')).toHaveText('0.5%');
  await captureThemes(page, 'funding-recharge-bank', async () => {
    await channelChip(page, 'Bank transfer (USD)').click();
    await expect(page.getByTestId('pay-account-number')).toBeVisible();
  });
  await channelChip(page, 'Bank transfer (USD)').click();
  await fill(page, 'amount', '100');
  await expect(page.getByTestId('quote-fee')).toHaveText('0.50 USDT');
  await expect(page.getByTestId('quote-receive')).toHaveText('99.50 USDT');
  await fill(page, 'amount', '1000');
  await expect(page.getByTestId('quote-receive')).toHaveText('995.00 USDT');
  await fill(page, 'amount', '100');

  // The spec's rules first: a correct payer name and the voucher.
  await fill(page, 'payerName', 'K');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('error-payerName')).toHaveText('Please enter a correct payer name');
  await expect(page.getByTestId('error-voucherUploadId')).toHaveText('Please upload the payment voucher');
  await fill(page, 'payerName', 'Kim Minsu');
  await fill(page, 'payerMobile', '+82 10 1234 5678');
  await page.locator('input[type="file"][name="voucherUploadId"]').setInputFiles({
    name: 'voucher.png',
    mimeType: 'image/png',
    buffer: voucherPng(),
  });
  await expect(page.getByTestId('upload-voucherUploadId')).toContainText('Tap to replace', {
    timeout: 20_000,
  });
  await shot(page, 'funding-recharge-filled-dark');

  // Confirm, then the spec's submitted message and the records.
  await page.getByTestId('recharge-submit').click();
  const sheet = page.getByTestId('funding-confirm');
  await expect(sheet.getByTestId('confirm-amount')).toHaveText('100.00 USD');
  await expect(sheet.getByTestId('confirm-receive')).toHaveText('99.50 USDT');
  await shot(page, 'funding-recharge-confirm-dark');
  await sheet.getByTestId('funding-confirm-submit').click();
  await expect(
    page.getByText('The deposit was submitted successfully, please wait for review'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/recharge-order$/);
  const line = page.getByTestId('order-line').first();
  await expect(line).toHaveAttribute('data-status', 'pending');
  await expect(line.getByTestId('order-amount')).toHaveText('100.00 USD');
  await expect(line.getByTestId('order-status')).toHaveText('Pending');
  await expect(page.getByText('No more data')).toBeVisible();
  await captureThemes(page, 'funding-recharge-order', async () => {
    await expect(page.getByTestId('order-line').first()).toBeVisible();
  });

  // The detail: the amounts and the timeline, waiting for review.
  await page.getByTestId('order-line').first().click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('detail-receive')).toHaveText('99.50 USDT');
  await expect(detail.getByTestId('timeline-step')).toHaveCount(2);
  await expect(detail.getByTestId('timeline-step').last()).toHaveAttribute('data-state', 'waiting');
  await shot(page, 'funding-recharge-order-detail-dark');

  // The user centre's menu leads to both record lists.
  await page.goto('/user-center');
  await page.getByTestId('menu-recharge-order').click();
  await expect(page).toHaveURL(/\/recharge-order$/);
  await page.goto('/user-center');
  await page.getByTestId('menu-withdraw-order').click();
  await expect(page).toHaveURL(/\/withdraw-order$/);
  await expect(page.getByTestId('empty-noData')).toBeVisible();

  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});

test('a credited, verified member withdraws to a wallet address; it is pending and the balance is held', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await newMember(request, 'f');
  const operator = await operatorToken(request);
  await credit(request, member, 'USDT', '1000', operator);
  await verifyIdentity(request, member, { operator });
  await bindTrc20Address(request, member);

  await useLanguage(page, 'en', 'dark');
  const errors = collectConsoleErrors(page);
  await signInPage(page, request, member.username, PASSWORD);

  await page.goto('/fund');
  await page.getByTestId('wallet-withdraw').click();
  await expect(page).toHaveURL(/\/withdraw$/);
  // Withdrawals need a Google authenticator (WITHDRAW requireGoogleCode, on by default): the page
  // says so in the form's place and leads to binding one.
  await expect(page.getByTestId('withdraw-gate')).toHaveAttribute('data-requirement', 'googleAuthenticator');
  await expect(page.getByTestId('withdraw-form')).toHaveCount(0);
  const dialog = page.locator('.adm-dialog-body', { hasText: 'Withdrawals need a Google authenticator' });
  await dialog.getByRole('button', { name: 'Go now' }).click();
  await expect(page).toHaveURL(/\/bind-google-validator$/);
  const secret = (await page.getByTestId('google-secret').textContent())?.trim() ?? '';
  await fill(page, 'password', PASSWORD);
  await fill(page, 'code', await totpAt(secret));
  await page.getByTestId('submit-bind-google').click();
  await expect(page).toHaveURL(/\/settings$/);

  await page.goto('/withdraw');
  await expect(page.getByTestId('withdraw-form')).toBeVisible();
  await captureThemes(page, 'funding-withdraw', async () => {
    await expect(page.getByTestId('withdraw-available')).toContainText('1,000.00');
  });
  await expect(page.getByTestId('withdraw-available')).toHaveText('Available: 1,000.00 USDT');
  await expect(page.getByTestId('withdraw-range')).toHaveText('Min 10.00, Max 50,000.00 USDT');
  // The one bound address of the channel's coin and chain is chosen already.
  await expect(page.getByTestId('select-targetId')).toContainText('TR7NHqje');

  // "All" types the whole balance; then the amount to withdraw, quoted live.
  await page.getByTestId('withdraw-all').click();
  await expect(page.locator('input[name="amount"]')).toHaveValue('1000');
  await fill(page, 'amount', '100');
  await expect(page.getByTestId('quote-fee')).toHaveText('0.10 USDT');
  await expect(page.getByTestId('quote-receive')).toHaveText('99.90 USDT');

  // Binding used the current 30-second step, so the withdrawal uses the next one (accepted within
  // the authenticator's ±30 s tolerance). A refused fund password is checked first and leaves the
  // code unused.
  await fill(page, 'googleCode', await totpAt(secret, 30_000));
  // A wrong fund password is refused under its field, and nothing is held.
  await fill(page, 'fundPwd', 'Wrong#0000');
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('funding-confirm').getByTestId('funding-confirm-submit').click();
  await expect(page.getByTestId('error-fundPwd')).toHaveText('The fund password is wrong');

  await fill(page, 'fundPwd', FUND_PASSWORD);
  await page.getByTestId('withdraw-submit').click();
  const sheet = page.getByTestId('funding-confirm');
  await expect(sheet.getByTestId('confirm-amount')).toHaveText('100.00 USDT');
  await expect(sheet.getByTestId('confirm-receive')).toHaveText('99.90 USDT');
  await shot(page, 'funding-withdraw-confirm-dark');
  await sheet.getByTestId('funding-confirm-submit').click();
  await expect(
    page.getByText('The withdrawal request was submitted successfully, please wait for processing'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/withdraw-order$/);
  const line = page.getByTestId('order-line').first();
  await expect(line).toHaveAttribute('data-status', 'pending');
  await expect(line.getByTestId('order-amount')).toHaveText('100.00 USDT');
  await captureThemes(page, 'funding-withdraw-order', async () => {
    await expect(page.getByTestId('order-line').first()).toBeVisible();
  });
  await page.getByTestId('order-line').first().click();
  await expect(page.getByTestId('order-detail').getByTestId('detail-receive')).toHaveText('99.90 USDT');
  await shot(page, 'funding-withdraw-order-detail-dark');

  // The status tabs: nothing approved yet.
  await page.goto('/withdraw-order');
  await page.getByTestId('orders-tab-approved').click();
  await expect(page.getByTestId('empty-noData')).toBeVisible();

  // The held amount has left the spot balance.
  await page.goto('/fund');
  const usdt = page.locator('[data-testid="wallet-currency"][data-symbol="USDT"]');
  await expect(usdt.getByTestId('currency-spot')).toHaveText('900.00');

  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});

test('members who may not withdraw yet are prompted before the form: real name, then fund password', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await newMember(request, 'f');
  await useLanguage(page, 'en', 'dark');
  await signInPage(page, request, member.username, PASSWORD);

  // Not verified: the prompt leads to real-name verification.
  await page.goto('/withdraw');
  await expect(page.getByTestId('withdraw-gate')).toHaveAttribute('data-requirement', 'realName');
  await expect(page.getByTestId('withdraw-form')).toHaveCount(0);
  const dialog = page.locator('.adm-dialog-body');
  await expect(dialog).toContainText('Please complete real-name verification first');
  await shot(page, 'funding-withdraw-gate-dark');
  await dialog.getByRole('button', { name: 'Go now' }).click();
  await expect(page).toHaveURL(/\/real-name$/);

  // Registration always sets a fund password, so a member without one exists only from older
  // records; the login answer is rewritten to be such a member. The prompt comes first of all.
  await page.route(/\/api\/user\/(login|get-login-info)$/, async (route) => {
    const response = await route.fetch();
    const envelope = (await response.json()) as Envelope<Record<string, unknown>>;
    const user = (envelope.data.user ?? envelope.data) as Record<string, unknown>;
    user.hasFundPassword = false;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(envelope) });
  });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await logOut(page);
  await login(page, member.username, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/withdraw');
  await expect(page.getByTestId('withdraw-gate')).toHaveAttribute('data-requirement', 'fundPassword');
  await expect(page.locator('.adm-dialog-body')).toContainText('Please set a fund password first');
  await page.locator('.adm-dialog-body').getByRole('button', { name: 'Go now' }).click();
  await expect(page).toHaveURL(/\/bind-fund-password$/);
  expect(requests.filter((url) => url.includes('/withdraw/request'))).toEqual([]);
});
