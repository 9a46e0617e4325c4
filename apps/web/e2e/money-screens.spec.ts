import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { preHashPassword } from '@vela/domain';
import {
  MEMBER_FUND_PASSWORD,
  MEMBER_PASSWORD,
  TRC20_ADDRESS,
  bindTrc20Address,
  captureThemes,
  credit,
  idempotencyKey,
  newMember,
  ok,
  operatorToken,
  post,
  signInPage,
  verifyIdentity,
  voucherPng,
  type Member,
} from './api.ts';
import { collectConsoleErrors, fill, shot, totpAt, useLanguage } from './support.ts';

/**
 * The money screens as a member meets them: the withdrawal checklist up front with links that add
 * the missing address for the chosen channel, a confirmation with the whole address and its network,
 * a pending withdrawal cancelled from the records with the balance restored, and a crypto deposit
 * that names its transaction hash, shown in the records with the network and the voucher. Every
 * screen is captured in the dark and light themes and in Arabic.
 */

const auth = (member: Member) => ({ authorization: member.token });

/** A Google authenticator, bound as the settings screen does; answers its secret. */
async function bindAuthenticator(request: APIRequestContext, member: Member): Promise<string> {
  const { secret } = await ok(post<{ secret: string }>(request, '/user/bind-google-get', {}, auth(member)));
  await ok(
    post(
      request,
      '/user/bind-google',
      // The previous 30-second step (accepted within the authenticator's tolerance), so that signing
      // in can use the current one and the withdrawal the next: each code is taken once.
      { password: preHashPassword(MEMBER_PASSWORD), code: await totpAt(secret, -30_000) },
      auth(member),
    ),
  );
  return secret;
}

/** Closes the gating dialog that opens on each visit with something missing, in English or Arabic. */
async function dismissPrompt(page: Page) {
  const cancel = page.locator('.adm-dialog-footer button', { hasText: /^(Cancel|إلغاء)$/ });
  await cancel.click();
  await expect(page.locator('.adm-dialog-body')).toHaveCount(0);
}

const usdtSpot = (page: Page) =>
  page.locator('[data-testid="wallet-currency"][data-symbol="USDT"]').getByTestId('currency-spot');

test('the withdrawal checklist comes first, and a missing address is added for the chosen channel', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await newMember(request, 'k');
  await useLanguage(page, 'en', 'dark');
  const errors = collectConsoleErrors(page);
  await signInPage(page, request, member.username, MEMBER_PASSWORD);

  await page.goto('/withdraw');
  const gate = page.getByTestId('withdraw-gate');
  await expect(gate).toHaveAttribute('data-requirement', 'realName');
  await dismissPrompt(page);
  const checks = gate.getByTestId('withdraw-check');
  // Registration sets the fund password; the rest is still to do, each with the way to do it.
  await expect(checks).toHaveCount(4);
  await expect(checks.nth(0)).toHaveAttribute('data-state', 'done');
  await expect(checks.nth(1)).toHaveAttribute('data-state', 'missing');
  await expect(checks.nth(2)).toHaveAttribute('data-requirement', 'googleAuthenticator');
  const address = checks.nth(3);
  await expect(address).toHaveAttribute('data-requirement', 'WALLET_ADDRESS');
  await expect(address).toContainText('A USDT address on TRC20');
  await expect(address.getByTestId('withdraw-check-go')).toHaveAttribute(
    'href',
    /^\/add-wallet-address\?coinId=\d+&chain=TRC20&returnTo=\/withdraw$/,
  );
  // Each look after the first is a new visit, whose dialog is closed before the capture.
  let looks = 0;
  await captureThemes(page, 'money-withdraw-checklist', async () => {
    if (looks++ > 0) await dismissPrompt(page);
    await expect(page.getByTestId('withdraw-check')).toHaveCount(4);
  });

  // The bank channel needs a card instead, added from the card form, which comes back here. (The
  // dialog asks for the first missing item, the identity check, once per visit.)
  await page.getByTestId('funding-channel').filter({ hasText: 'Bank card (USD)' }).click();
  await expect(checks.nth(3)).toHaveAttribute('data-requirement', 'BANK_CARD');
  await expect(checks.nth(3).getByTestId('withdraw-check-go')).toHaveAttribute(
    'href',
    '/add-bank-card?returnTo=/withdraw',
  );

  // Following the address line opens the add form with the channel's coin and network.
  await page.getByTestId('funding-channel').first().click();
  await checks.nth(3).getByTestId('withdraw-check-go').click();
  await expect(page).toHaveURL(/\/add-wallet-address\?coinId=\d+&chain=TRC20&returnTo=\/withdraw$/);
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});

test('the confirmation shows the whole address and network; a pending withdrawal is cancelled and the balance restored', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const member = await newMember(request, 'k');
  const operator = await operatorToken(request);
  await credit(request, member, 'USDT', '1000', operator);
  await verifyIdentity(request, member, { operator });
  await bindTrc20Address(request, member);
  // Withdrawals need an authenticator (WITHDRAW requireGoogleCode, on by default).
  const secret = await bindAuthenticator(request, member);

  await useLanguage(page, 'en', 'dark');
  const errors = collectConsoleErrors(page);
  await signInPage(page, request, member.username, MEMBER_PASSWORD, await totpAt(secret));
  await page.goto('/withdraw');
  await expect(page.getByTestId('withdraw-form')).toBeVisible();

  const sheet = page.getByTestId('funding-confirm');
  const review = async () => {
    await fill(page, 'amount', '100');
    await fill(page, 'fundPwd', MEMBER_FUND_PASSWORD);
    await fill(page, 'googleCode', await totpAt(secret, 30_000));
    await page.getByTestId('withdraw-submit').click();
    await expect(sheet.getByTestId('confirm-address')).toBeVisible();
  };
  // Captured with the sheet open; the last look leaves it open in dark English.
  await captureThemes(page, 'money-withdraw-confirm', review);
  await expect(sheet.getByTestId('confirm-network')).toHaveText('TRC20');
  // The whole address, not a shortened one, and all of it inside the 375-pixel screen.
  await expect(sheet.getByTestId('confirm-address')).toHaveText(TRC20_ADDRESS);
  const box = await sheet.getByTestId('confirm-address').boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(375);
  await sheet.getByTestId('funding-confirm-submit').click();
  await expect(page).toHaveURL(/\/withdraw-order$/);
  const line = page.getByTestId('order-line').first();
  await expect(line).toHaveAttribute('data-status', 'pending');
  await expect(line.getByTestId('order-channel')).toHaveText('Crypto · USDT · TRC20');
  await page.goto('/fund');
  await expect(usdtSpot(page)).toHaveText('900.00');

  // The records: the pending withdrawal offers its cancellation.
  await page.goto('/withdraw-order');
  const detail = page.getByTestId('order-detail');
  const openDetail = async () => {
    await page.getByTestId('order-line').first().click();
    await expect(detail.getByTestId('order-cancel')).toBeVisible();
  };
  await captureThemes(page, 'money-withdraw-order-pending', openDetail);
  await detail.getByTestId('order-cancel').click();
  const dialog = page.locator('.adm-dialog-body', { hasText: 'Cancel this withdrawal?' });
  await expect(dialog).toContainText('100.00 USDT');
  await shot(page, 'money-withdraw-cancel-confirm-dark');
  await dialog.getByRole('button', { name: 'Cancel withdrawal' }).click();
  await expect(
    page.getByText('Withdrawal cancelled. The amount is back in your spot account.'),
  ).toBeVisible();
  await expect(line).toHaveAttribute('data-status', 'cancelled');
  await expect(line.getByTestId('order-status')).toHaveText('Cancelled');
  await captureThemes(page, 'money-withdraw-order-cancelled', async () => {
    await expect(page.getByTestId('order-line').first()).toHaveAttribute('data-status', 'cancelled');
  });
  // The detail says who cancelled it and offers nothing more.
  await page.getByTestId('order-line').first().click();
  await expect(detail.getByTestId('timeline-step').last()).toHaveAttribute('data-state', 'cancelled');
  await expect(detail.getByTestId('order-cancel')).toHaveCount(0);

  // The hold is back in the spot balance.
  await page.goto('/fund');
  await expect(usdtSpot(page)).toHaveText('1,000.00');
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});

test('a crypto deposit names its transaction hash; the records show the network, the hash and the voucher', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await newMember(request, 'k');
  await useLanguage(page, 'en', 'dark');
  const errors = collectConsoleErrors(page);
  await signInPage(page, request, member.username, MEMBER_PASSWORD);

  await page.goto('/recharge');
  const chips = page.getByTestId('funding-channel');
  // Each channel has its own icon: USDT on TRC20 and on ERC20 differ by their network's badge.
  await expect(chips.first().locator('[data-network]')).toHaveAttribute('data-network', 'TRC20');
  await expect(chips.filter({ hasText: 'USDT · ERC20' }).locator('[data-network]')).toHaveAttribute(
    'data-network',
    'ERC20',
  );
  await expect(chips.filter({ hasText: 'Bank transfer (USD)' }).locator('.channel-icon--bank')).toHaveCount(
    1,
  );
  // A crypto channel asks for the transaction hash, not the payer.
  await expect(page.locator('textarea[name="txHash"]')).toBeVisible();
  await expect(page.locator('input[name="payerName"]')).toHaveCount(0);
  await expect(page.getByTestId('tx-hash-rule')).toHaveText(
    'Enter the transaction hash: 64 characters, digits 0-9 and letters a-f',
  );
  // Captured at the form, where the hash is asked for.
  await captureThemes(page, 'money-recharge-crypto', async () => {
    await page.locator('textarea[name="txHash"]').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('tx-hash-rule')).toBeInViewport();
  });

  const hash = randomBytes(32).toString('hex');
  await fill(page, 'amount', '100');
  await page.locator('textarea[name="txHash"]').fill(`0x${hash}`);
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('error-txHash')).toHaveText(
    'Enter the transaction hash: 64 characters, digits 0-9 and letters a-f',
  );
  await page.locator('textarea[name="txHash"]').fill(hash);
  await page.locator('input[type="file"][name="voucherUploadId"]').setInputFiles({
    name: 'voucher.png',
    mimeType: 'image/png',
    buffer: voucherPng(),
  });
  await expect(page.getByTestId('upload-voucherUploadId')).toContainText('Tap to replace', {
    timeout: 20_000,
  });
  await page.getByTestId('recharge-submit').click();
  const sheet = page.getByTestId('funding-confirm');
  await expect(sheet.getByTestId('confirm-network')).toHaveText('TRC20');
  await expect(sheet.getByTestId('confirm-tx-hash')).toHaveText(hash);
  await shot(page, 'money-recharge-crypto-confirm-dark');
  await sheet.getByTestId('funding-confirm-submit').click();
  await expect(page).toHaveURL(/\/recharge-order$/);

  // The records: the network on the line; the hash (copyable) and the voucher in the detail.
  const line = page.getByTestId('order-line').first();
  await expect(line.getByTestId('order-channel')).toHaveText('Crypto · USDT · TRC20');
  const detail = page.getByTestId('order-detail');
  const openDetail = async () => {
    await page.getByTestId('order-line').first().click();
    await expect(detail.getByTestId('detail-tx-hash')).toBeVisible();
    await detail.getByTestId('order-voucher').click();
    await expect(detail.getByTestId('order-voucher-image')).toBeVisible();
  };
  // Captured with the detail open; the last look leaves it open in dark English.
  await captureThemes(page, 'money-recharge-order', openDetail);
  await expect(detail.getByTestId('detail-tx-hash')).toHaveText(hash);
  await expect(detail.getByTestId('copy-tx-hash')).toBeVisible();
  expect(
    await detail.getByTestId('order-voucher-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(100);

  // The same transaction cannot pay a second deposit.
  const channels = await ok(
    post<{ id: number; chainName: string | null }[]>(request, '/recharge/channel/list', {}, auth(member)),
  );
  const upload = await ok(
    post<{ id: number }>(
      request,
      '/upload/image',
      { purpose: 'voucher', data: voucherPng().toString('base64') },
      auth(member),
    ),
  );
  const again = await post<unknown>(
    request,
    '/recharge/request',
    {
      channelId: channels.find((c) => c.chainName === 'TRC20')?.id,
      amount: '100',
      txHash: hash.toUpperCase(),
      voucherUploadId: upload.id,
    },
    { ...auth(member), 'idempotency-key': idempotencyKey() },
  );
  expect(again.code).toBe('TX_HASH_USED');
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});
