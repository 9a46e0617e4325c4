import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { FinanceOrder, FinanceProduct } from '@vela/contract';
import {
  ok,
  operatorSession,
  operatorToken,
  post,
  signIn,
  signInPage,
  walletCurrency,
  type Member,
} from './api.ts';
import { DEMO, collectConsoleErrors, fill, shot, useLanguage } from './support.ts';

/**
 * Pledge finance in the browser, against the running price simulator: an operator opens a
 * one-minute product; the demo user buys it twice on /buy-finance, finds both orders held with
 * their estimates, redeems one early, lets the other settle on the recorded price, and finds the
 * receipt and the bills (docs/product.md, "Finance").
 */

const DEMO_FUND_PASSWORD = 'Fund@2024';
let demo: Member;
let product: FinanceProduct;

/** A one-minute product on BTC linked far below the market: it pays back in USDT. */
async function oneMinuteProduct(request: APIRequestContext): Promise<FinanceProduct> {
  const products = await ok(post<FinanceProduct[]>(request, '/portal/finance-product/list', {}));
  const btc = products.find((p) => p.symbol === 'BTC');
  if (!btc) throw new Error('no BTC product is seeded');
  const token = await operatorToken(request);
  const saved = await ok(
    post<FinanceProduct>(
      request,
      '/admin/finance/products/save',
      {
        vcId: btc.vcId,
        names: { en: 'BTC one-minute', ar: 'BTC دقيقة واحدة' },
        remarks: {},
        rateStr: '0.5',
        buyType: 'usdt',
        cycle: 1,
        cycleType: 'minute',
        exchangeRate: '1',
        serviceRateStr: '0.01',
        minAmount: '10',
        maxAmount: '1000',
        quota: '1000000',
        enabled: true,
        sort: -1,
      },
      { authorization: token },
    ),
  );
  return saved;
}

test.beforeAll(async ({ request }) => {
  demo = await signIn(request, DEMO.user, DEMO.password);
  product = await oneMinuteProduct(request);
});

const orderOf = (request: APIRequestContext, id: number) =>
  ok(post<FinanceOrder>(request, '/user/finance-order/detail', { id }, { authorization: demo.token }));

/** Buys `amount` on /buy-finance through the confirm dialog; answers on /finance-orders. */
async function buyThroughTheScreen(page: Page, amount: string) {
  await page.goto(`/buy-finance?id=${product.id}`);
  await fill(page, 'amount', amount);
  await expect(page.getByTestId('outcome-usdt')).toContainText('USDT');
  await expect(page.getByTestId('finance-risk')).toBeVisible();
  await page.getByTestId('buy-submit').click();
  const dialog = page.getByTestId('buy-confirm');
  await expect(dialog).toBeVisible();
  await fill(page, 'fundPwd', DEMO_FUND_PASSWORD);
  await dialog.getByTestId('buy-confirm-ok').click();
  await expect(page).toHaveURL(/\/finance-orders$/);
}

test('the demo user buys a one-minute product, redeems one order early, and sees the other settle', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  await signInPage(page, request, DEMO.user, DEMO.password);
  const usdtBefore = await walletCurrency(request, demo.token, 'USDT');

  // The product is listed with its terms; both purchases go through the confirm dialog.
  await page.goto('/all-finance');
  await page.getByTestId('finance-coin-BTC').click();
  await expect(page.locator(`[data-testid="finance-product"][data-id="${product.id}"]`)).toContainText(
    'BTC one-minute',
  );
  await buyThroughTheScreen(page, '100');
  await buyThroughTheScreen(page, '50');
  const held = page.getByTestId('finance-holding').locator('[data-testid="finance-order"]');
  await expect(held).toHaveCount(2);
  await shot(page, 'finance-holdings-dark');
  const [kept, early] = [held.nth(1), held.nth(0)];
  const keptId = Number(await kept.getAttribute('data-id'));
  await expect(kept.getByTestId('order-estimate-usdt')).toContainText('USDT');
  expect((await walletCurrency(request, demo.token, 'USDT')).frozen).not.toBe(usdtBefore.frozen);

  // Early redemption: the fee and the refund are shown before it happens.
  await early.getByTestId('order-redeem').click();
  const redeem = page.getByTestId('redeem-confirm');
  await expect(redeem.getByTestId('redeem-fee')).toContainText('0.5');
  await redeem.getByTestId('redeem-confirm-ok').click();
  await expect(held).toHaveCount(1);

  // The other settles at the first recorded price at or after its end, a minute after purchase.
  await expect
    .poll(async () => (await orderOf(request, keptId)).state, { timeout: 120_000, intervals: [2_000] })
    .toBe('settled');
  const settled = await orderOf(request, keptId);
  expect(settled.payoutSymbol).toBe('USDT');
  expect(settled.settleTickTime).toBeGreaterThanOrEqual(settled.calcEndDate);
  await page.reload();
  await page.getByTestId('finance-tab-history').click();
  const ended = page
    .getByTestId('finance-history')
    .locator(`[data-testid="finance-order"][data-id="${keptId}"]`);
  await expect(ended).toHaveAttribute('data-state', 'settled');
  await ended.getByTestId('finance-order-open').click();
  const detail = page.getByTestId('finance-detail');
  await expect(detail.getByTestId('detail-tick-id')).toContainText(String(settled.settleTickId));
  await shot(page, 'finance-receipt-dark');
  await page.keyboard.press('Escape');

  // The bills: the purchases, the redemption and the settlement.
  await page.goto('/finance-order-bills');
  for (const type of ['finance_buy', 'finance_redeem', 'finance_fee', 'finance_settlement'])
    await expect(page.locator(`[data-testid="bill-line"][data-type="${type}"]`).first()).toBeVisible();
  expect(errors).toEqual([]);
});

for (const variant of [
  { name: 'dark', locale: 'en', theme: 'dark' as const },
  { name: 'light', locale: 'en', theme: 'light' as const },
  { name: 'arabic', locale: 'ar', theme: 'dark' as const },
]) {
  test(`finance screens, ${variant.name}`, async ({ page, request }) => {
    await useLanguage(page, variant.locale, variant.theme);
    const errors = collectConsoleErrors(page);
    await signInPage(page, request, DEMO.user, DEMO.password);
    await page.goto('/finance');
    await expect(page.getByTestId('finance-overview')).toBeVisible();
    await shot(page, `finance-overview-${variant.name}`);
    await page.goto('/all-finance');
    await expect(page.getByTestId('finance-product').first()).toBeVisible();
    await shot(page, `finance-products-${variant.name}`);
    await page.goto(`/buy-finance?id=${product.id}`);
    await fill(page, 'amount', '100');
    await expect(page.getByTestId('finance-risk-example')).toBeVisible();
    await shot(page, `finance-buy-${variant.name}`);
    await page.getByTestId('buy-submit').click();
    await expect(page.getByTestId('buy-confirm')).toBeVisible();
    await shot(page, `finance-confirm-${variant.name}`);
    await page.goto('/finance-orders');
    await expect(page.getByTestId('finance-orders-page')).toBeVisible();
    // The demo user holds nothing between the tests: the empty list leads to the products.
    await expect(page.getByTestId('finance-browse-products')).toBeVisible();
    await shot(page, `finance-orders-${variant.name}`);
    expect(errors).toEqual([]);
  });
}

// After the purchase above: the console shows the product's sales, keeps its terms, and lists the
// settlement.
test('the console lists the products, keeps a sold product’s terms, and logs the settlement', async ({
  page,
  request,
}) => {
  const session = await operatorSession(request);
  await page.addInitScript((stored) => {
    sessionStorage.setItem('vela-admin-session', JSON.stringify(stored));
  }, session);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/finance');
  const table = page.getByTestId('finance-products-table');
  await expect(table).toContainText('BTC one-minute');
  await shot(page, 'finance-console-products');
  await page.getByTestId(`finance-product-edit-${product.id}`).click();
  await expect(page.getByTestId('finance-terms-locked')).toBeVisible();
  await shot(page, 'finance-console-locked-product');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Settlements' }).click();
  await expect(page.locator('.ant-table-tbody').last()).toContainText('BTC');
});
