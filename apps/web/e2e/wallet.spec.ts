import { expect, test, type Page } from '@playwright/test';
import { MEMBER_PASSWORD, credit, newMember, signInPage, type Member } from './api.ts';
import { collectConsoleErrors, fill, shot, useLanguage } from './support.ts';

/**
 * The wallet in the browser: a new user, credited by an operator's balance adjustment (the way money
 * reaches an account before deposits exist in a test), sees the total on /fund, moves money to the
 * contract account, and finds both sides of the transfer and the adjustments in /user-bills.
 */

const PASSWORD = MEMBER_PASSWORD;

const currencyRow = (page: Page, symbol: string) =>
  page.locator(`[data-testid="wallet-currency"][data-symbol="${symbol}"]`);

let member: Member;

test.beforeAll(async ({ request }) => {
  member = await newMember(request, 'w');
  await credit(request, member, 'USDT', '1000');
});

test('assets show the credited total; a transfer moves it; the bills explain every line', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  await signInPage(page, request, member.username, PASSWORD);

  await page.goto('/fund');
  await expect(page.getByTestId('total-assets')).toHaveText('1,000.00');
  const usdt = currencyRow(page, 'USDT');
  await expect(usdt.getByTestId('currency-spot')).toHaveText('1,000.00');
  await expect(usdt.getByTestId('currency-contract')).toHaveText('0.00');
  await expect(usdt.getByTestId('currency-value')).toHaveText('≈ 1,000.00 USDT');

  // Hidden and shown again; the choice survives a reload.
  await page.getByTestId('hide-balance-toggle').click();
  await expect(page.getByTestId('total-assets')).toHaveText('****');
  await page.reload();
  await expect(usdt.getByTestId('currency-spot')).toHaveText('****');
  await page.getByTestId('hide-balance-toggle').click();
  await expect(page.getByTestId('total-assets')).toHaveText('1,000.00');

  // Money that arrives while the page is open shows up after a refresh (here: a reload).
  await credit(request, member, 'BTC', '0.05');
  await page.reload();
  await expect(currencyRow(page, 'BTC').getByTestId('currency-spot')).toHaveText('0.05');
  const total = Number((await page.getByTestId('total-assets').textContent())?.replace(/,/g, ''));
  expect(total).toBeGreaterThan(1000);

  await page.getByTestId('wallet-transfer').click();
  const popup = page.getByTestId('transfer-popup');
  await expect(popup.getByTestId('transfer-currency')).toContainText('USDT');
  await expect(popup.getByTestId('transfer-available')).toHaveText('Available: 1,000.00 USDT');
  await fill(page, 'amount', '250');
  await popup.getByTestId('transfer-submit').click();
  await expect(
    page.getByText('Transfer 250.00 USDT from the spot account to the contract account?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Transferred')).toBeVisible();
  await expect(popup).toBeHidden();
  await expect(usdt.getByTestId('currency-spot')).toHaveText('750.00');
  await expect(usdt.getByTestId('currency-contract')).toHaveText('250.00');

  // More than the source holds is refused on the field, before anything is sent.
  await page.getByTestId('wallet-transfer').click();
  await page.getByTestId('transfer-swap').click();
  await fill(page, 'amount', '250.01');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('error-amount')).toHaveText('Insufficient balance');
  await page.keyboard.press('Escape');

  await page.getByTestId('wallet-bills').click();
  await expect(page).toHaveURL(/\/user-bills$/);
  const lines = page.getByTestId('bill-line');
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(0)).toContainText('Transfer');
  await expect(lines.nth(0)).toContainText('contract account');
  await expect(lines.nth(0).getByTestId('bill-amount')).toHaveText('+250.00 USDT');
  await expect(lines.nth(0).getByTestId('bill-balance')).toHaveText('Balance 250.00 USDT');
  await expect(lines.nth(1).getByTestId('bill-amount')).toHaveText('-250.00 USDT');
  await expect(lines.nth(1).getByTestId('bill-balance')).toHaveText('Balance 750.00 USDT');
  await expect(lines.nth(2)).toContainText('Balance adjustment');
  await expect(lines.nth(2).getByTestId('bill-amount')).toHaveText('+0.05 BTC');
  await expect(lines.nth(3).getByTestId('bill-memo')).toHaveText('Browser test funding of USDT');
  await expect(page.getByText('No more data')).toBeVisible();

  // Only the adjustments, then a range that needs its end date.
  await page.getByTestId('bills-filter-open').click();
  await page.getByTestId('filter-type-adjustment').click();
  await page.getByTestId('filter-apply').click();
  await expect(lines).toHaveCount(2);
  await page.getByTestId('bills-filter-open').click();
  await page.locator('input[name="startDate"]').fill('2024-01-01');
  await page.getByTestId('filter-apply').click();
  await expect(page.getByTestId('error-endDate')).toHaveText('Please choose a date');
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});

for (const variant of [
  { name: 'dark', locale: 'en', theme: 'dark' as const },
  { name: 'light', locale: 'en', theme: 'light' as const },
  { name: 'arabic', locale: 'ar', theme: 'dark' as const },
]) {
  test(`screenshots: assets, transfer and bills (${variant.name})`, async ({ page }) => {
    await useLanguage(page, variant.locale, variant.theme);
    const errors = collectConsoleErrors(page);
    await signInPage(page, page.request, member.username, PASSWORD);
    await page.goto('/fund');
    await expect(currencyRow(page, 'USDT')).toBeVisible();
    await shot(page, `${variant.name}-wallet-fund`);

    await page.getByTestId('wallet-transfer').click();
    await fill(page, 'amount', '12.5');
    await expect(page.getByTestId('transfer-popup')).toBeVisible();
    await shot(page, `${variant.name}-wallet-transfer`);
    await page.keyboard.press('Escape');

    await page.goto('/user-bills');
    await expect(page.getByTestId('bill-line').first()).toBeVisible();
    await shot(page, `${variant.name}-wallet-bills`);

    await page.getByTestId('bills-filter-open').click();
    await expect(page.getByTestId('bill-filter')).toBeVisible();
    await shot(page, `${variant.name}-wallet-bills-filter`);
    expect(errors).toEqual([]);
  });
}
