import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { preHashPassword } from '@vela/domain';
import { OPERATORS, TRC20_ADDRESS, ok, post, signInPage } from './api.ts';
import { DEMO, collectConsoleErrors, fill, totpAt, uniqueName, useLanguage } from './support.ts';

/**
 * Real-name review end to end: a user submits verification on /real-name, the support operator
 * rejects it in the console with a reason, the user reads the reason and submits again, the operator
 * approves and the user is verified. Then support corrects and removes the user's bound methods
 * from the user's detail. The console's screens are captured on a desktop and on a phone.
 */

const PASSWORD = 'Secret#123';
const FUND_PASSWORD = 'Fund#4567';
/** The seeded support operator (demo credentials, decision 016). */
const SUPPORT = OPERATORS.support;
const SHOTS = process.env.VERIFICATION_SHOTS ?? '/tmp/shots/verification';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

/** A successful answer's data, as `token`'s user when given. */
const api = <T>(request: APIRequestContext, apiPath: string, body: unknown, token?: string) =>
  ok(post<T>(request, apiPath, body, token ? { authorization: token } : {}));

/** A registered user with a bank card, a wallet address and a fast-payment account, all through the API. */
async function memberWithMethods(request: APIRequestContext) {
  const username = uniqueName('v');
  await api(request, '/user/register', {
    username,
    loginPwd: preHashPassword(PASSWORD),
    preLoginPwd: preHashPassword(PASSWORD),
    fundPwd: preHashPassword(FUND_PASSWORD),
    inviteCode: DEMO.inviteCode,
  });
  const { token } = await api<{ token: string }>(request, '/user/login', {
    username,
    password: preHashPassword(PASSWORD),
    deviceId: 'e2e-verification',
    deviceType: 'H5',
  });
  const fundPwd = preHashPassword(FUND_PASSWORD);
  const banks = await api<{ id: number; name: string }[]>(request, '/bank/list', {});
  const bank = banks.find((b) => b.name === 'KB Kookmin Bank');
  await api(
    request,
    '/user/bank-card/add',
    {
      bankId: bank?.id,
      cardNumber: '6222 0212 3456 7890',
      name: 'Kim Minsu',
      idCardNumber: '900101-1234567',
      fundPwd,
    },
    token,
  );
  const chains = await api<{ id: number; vcId: number; symbol: string; chainName: string }[]>(
    request,
    '/portal/vc-chain/list',
    {},
  );
  const trc20 = chains.find((c) => c.symbol === 'USDT' && c.chainName === 'TRC20');
  await api(
    request,
    '/user/wallet-address/add',
    { vcId: trc20?.vcId, vcChainNameId: trc20?.id, vcAccount: TRC20_ADDRESS, remark: 'Exchange', fundPwd },
    token,
  );
  await api(request, '/user/zsk-account/add', { name: 'Kim Minsu', zskId: '98765432', fundPwd }, token);
  return { username, token };
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // Modals, drawers and messages animate; the picture shows them settled.
  await page.waitForTimeout(700);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Chooses a photo for an upload field of /real-name and waits until the upload has finished. */
async function attachPhoto(page: Page, name: string, photo: Buffer) {
  await page.locator(`input[type="file"][name="${name}"]`).setInputFiles({
    name: `${name}.jpg`,
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await expect(page.getByTestId(`upload-${name}`)).toContainText('Tap to replace', { timeout: 20_000 });
}

async function submitVerification(page: Page, certNumber: string, photo: Buffer) {
  await page.getByTestId('select-certType').click();
  await page.getByTestId('cert-type-picker').getByText('Passport').click();
  await fill(page, 'name', 'Kim Minsu');
  await fill(page, 'certNumber', certNumber);
  await attachPhoto(page, 'frontImageId', photo);
  await attachPhoto(page, 'backImageId', photo);
  await attachPhoto(page, 'handheldImageId', photo);
  await fill(page, 'fundPwd', FUND_PASSWORD);
  await page.getByTestId('submit-real-name').click();
  await expect(page.getByText('The verification request was submitted successfully')).toBeVisible();
  await expect(page.getByTestId('real-name-status-text')).toHaveText('Under review');
}

/** Refused requests (4xx) are logged by the browser as failed resources; nothing else may appear. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('Failed to load resource'));

test('support rejects a real-name submission with a reason, the user resubmits, support approves it and corrects the user’s methods', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const { username, token } = await memberWithMethods(request);
  const certNumber = `M${Date.now().toString().slice(-8)}`;

  // The user, on a phone, submits verification.
  await useLanguage(page, 'en', 'light');
  const userErrors = collectConsoleErrors(page);
  await signInPage(page, request, username, PASSWORD);
  await page.goto('/real-name');
  await expect(page.getByTestId('real-name-status-text')).toHaveText('Not verified');
  const photo = await page.screenshot({
    type: 'jpeg',
    quality: 85,
    clip: { x: 0, y: 0, width: 375, height: 240 },
  });
  await submitVerification(page, certNumber, photo);

  // Support, at a desk, signs in to the console with the authenticator code.
  const deskContext = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });
  const ops = await deskContext.newPage();
  const consoleErrors = collectConsoleErrors(ops);
  await ops.goto('/admin/');
  await ops.getByLabel('Username').fill(SUPPORT.username);
  await ops.getByLabel('Password').fill(SUPPORT.password);
  await ops.getByLabel('Authenticator code').fill(await totpAt(SUPPORT.totpSecret));
  await ops.getByTestId('login-submit').click();
  await expect(ops).toHaveURL(/\/admin\/users$/);

  // The queue: oldest first, with the document's facts; the review shows the three photos.
  await ops.getByTestId('console-menu').getByText('Verifications').click();
  await expect(ops).toHaveURL(/\/admin\/verifications$/);
  const row = ops.locator('.ant-table-tbody tr', { hasText: username });
  await expect(row).toContainText(certNumber);
  await expect(row).toContainText('Passport');
  await expect(row).toContainText('Kim Minsu');
  await shot(ops, 'queue-1280x800');
  await row.getByTestId('verification-open').click();
  const review = ops.getByRole('dialog', { name: /Real-name verification #\d+/ });
  for (const side of ['front', 'back', 'handheld']) {
    await expect(review.getByTestId(`document-photo-${side}`).locator('img')).toBeVisible();
  }
  await expect(review.getByTestId('verification-facts')).toContainText(certNumber);
  await shot(ops, 'review-1280x800');

  // The same on a phone.
  await ops.setViewportSize(PHONE);
  await shot(ops, 'review-375x812');
  await review.getByRole('button', { name: 'Close', exact: true }).last().click();
  await shot(ops, 'queue-375x812');
  await ops.setViewportSize(DESKTOP);

  // Rejecting asks for the reason the user will read.
  await row.getByTestId('verification-open').click();
  await review.getByTestId('verification-reject').click();
  const reject = ops.getByRole('dialog', { name: `Reject the verification of ${username}` });
  await reject.getByLabel('Reason').fill('The photo of the back is blurred');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(ops.getByText(`The verification of ${username} is rejected`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The user reads the reason and submits again with new photos.
  await page.reload();
  await expect(page.getByTestId('real-name-status-text')).toHaveText('Rejected');
  await expect(page.getByTestId('real-name-reject-reason')).toContainText('The photo of the back is blurred');
  await submitVerification(page, certNumber, photo);

  // Support approves the new submission, after a confirmation.
  await ops.getByRole('button', { name: 'Refresh' }).click();
  await expect(row).toHaveCount(1);
  await row.getByTestId('verification-open').click();
  // A click that lands while the review dialog is still opening can be lost: it is repeated until
  // the confirmation shows, and never once it does.
  const confirmation = ops.locator('.ant-modal-confirm');
  await expect(async () => {
    if (!(await confirmation.isVisible())) {
      await review.getByTestId('verification-approve').click({ timeout: 2_000 });
    }
    await expect(confirmation).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // The confirmation opens with an animation too: its Approve is clicked again only while it is
  // still open two seconds later (a click that took closes it in a fraction of that).
  await expect(async () => {
    if (await confirmation.isVisible()) {
      await confirmation.getByRole('button', { name: 'Approve' }).click({ timeout: 2_000 });
    }
    await expect(confirmation).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(ops.getByText(`${username} is verified`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('real-name-status-text')).toHaveText('Verified');
  await expect(page.getByTestId('submit-real-name')).toHaveCount(0);

  // The user's detail: the identity (approved, after one rejection) and the bound methods in full.
  const openUser = async () => {
    // By address: on a phone the menu is in a drawer.
    await ops.goto('/admin/users');
    const search = ops.getByPlaceholder('Username (start of it) or user id');
    await search.fill(username);
    await search.press('Enter');
    await ops.locator('.ant-table-tbody a').getByText(username, { exact: true }).click();
  };
  await openUser();
  const identity = ops.getByTestId('user-identity');
  await expect(identity.getByTestId('verification-facts')).toContainText('Approved');
  await expect(identity).toContainText('The photo of the back is blurred');
  await identity.scrollIntoViewIfNeeded();
  await shot(ops, 'identity-1280x800');
  const methods = ops.getByTestId('user-methods');
  await expect(methods.getByTestId('methods-bank-cards')).toContainText('6222021234567890');
  await expect(methods.getByTestId('methods-wallet-addresses')).toContainText(TRC20_ADDRESS);
  await expect(methods.getByTestId('methods-zsk-accounts')).toContainText('98765432');

  // A correction: the form checks nothing was left out, the server checks the rest.
  await methods.getByTestId('methods-zsk-accounts').getByTestId('method-edit').click();
  const edit = ops.getByRole('dialog', { name: /Change fast-payment account #\d+/ });
  await edit.getByLabel('ZSK id').fill('12345678');
  await edit.getByLabel('Reason').fill('The customer changed phone number');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(methods.getByTestId('methods-zsk-accounts')).toContainText('12345678');
  await expect(methods.getByTestId('methods-zsk-accounts')).toContainText('Changed by support');

  // A removal, with its reason.
  await methods.getByTestId('methods-wallet-addresses').getByTestId('method-remove').click();
  const remove = ops.getByRole('dialog', { name: /Remove wallet address #\d+/ });
  await remove.getByLabel('Reason').fill('The customer lost access to the wallet');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(methods.getByTestId('methods-wallet-addresses')).toContainText('Removed');
  await expect(methods.getByTestId('methods-wallet-addresses').getByTestId('method-edit')).toHaveCount(0);
  await methods.scrollIntoViewIfNeeded();
  await shot(ops, 'methods-1280x800');

  await ops.setViewportSize(PHONE);
  await ops.keyboard.press('Escape');
  await openUser();
  await ops.getByTestId('user-methods').scrollIntoViewIfNeeded();
  await shot(ops, 'methods-375x812');
  await ops.setViewportSize(DESKTOP);
  await ops.keyboard.press('Escape');

  // The user sees the corrected account, and the removed address is gone.
  expect(await api<unknown[]>(request, '/user/wallet-address/list', {}, token)).toEqual([]);
  const accounts = await api<{ zskId: string }[]>(request, '/user/zsk-account/list', {}, token);
  expect(accounts.map((a) => a.zskId)).toEqual(['12345678']);

  // Every action is in the audit log with its reason (the last row is the phone's second look at the user).
  await ops.getByTestId('console-menu').getByText('Audit log').click();
  const audit = ops.getByTestId('audit-table').locator('.ant-table-tbody tr.ant-table-row');
  await expect(audit.nth(0)).toContainText('User viewed');
  await expect(audit.nth(1)).toContainText('Payment method removed');
  await expect(audit.nth(1)).toContainText('The customer lost access to the wallet');
  await expect(audit.nth(2)).toContainText('Payment method changed');
  await expect(audit.nth(2)).toContainText('12345678');
  await expect(ops.getByTestId('audit-table')).toContainText('Real name approved');
  await expect(ops.getByTestId('audit-table')).toContainText('Real name rejected');
  await expect(ops.getByTestId('audit-table')).toContainText('Identity document viewed');

  expect(unexpected(userErrors)).toEqual([]);
  expect(unexpected(consoleErrors)).toEqual([]);
  await deskContext.close();
});
