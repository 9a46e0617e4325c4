import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { SpotHolding, SpotOrder } from '@vela/contract';
import { ok, post, signIn, signInPage, walletCurrency, type Member } from './api.ts';
import { DEMO, collectConsoleErrors, fill, shot, useLanguage } from './support.ts';

/**
 * Spot trading in the browser, against the running price simulator: the demo user buys BTC at
 * market on the trade screen's second tab, finds the holding with its cost and live profit, places
 * and cancels a limit order, sells the holding from /spot-holding, and sees the balances and the
 * bills move (docs/product.md, "Spot").
 */

let demo: Member;

test.beforeAll(async ({ request }) => {
  demo = await signIn(request, DEMO.user, DEMO.password);
});

const orders = (request: APIRequestContext, scope: 'open' | 'history') =>
  ok(
    post<{ list: SpotOrder[] }>(
      request,
      '/user/vc-spot-trade/list',
      { scope, limit: 20 },
      { authorization: demo.token },
    ),
  );

async function openSpotTab(page: Page) {
  await page.goto('/trade');
  await page.getByTestId('order-tab-futures').click();
  await expect(page.getByTestId('spot-panel')).toBeVisible();
}

/** Fills the form and confirms; answers once the toast says the order was placed. */
async function submitOrder(page: Page, field: 'amount' | 'quantity', value: string) {
  await fill(page, field, value);
  await page.getByTestId('spot-submit').click();
  const dialog = page.getByTestId('spot-confirm');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('spot-confirm-ok').click();
  await expect(page.getByText('Order placed')).toBeVisible();
}

test('the demo user buys at market, sees the holding, cancels a limit order, sells, and finds the bills', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  await signInPage(page, request, DEMO.user, DEMO.password);
  const usdtBefore = await walletCurrency(request, demo.token, 'USDT');
  await openSpotTab(page);

  // A market buy of 100 USDT fills on the next recorded tick and shows under the form.
  // Numbers are isolated from the text around them (for right-to-left languages).
  await expect(page.getByTestId('spot-range')).toHaveText(
    /^Min \u2066?10\.00\u2069?, Max \u2066?100,000\.00\u2069?$/,
  );
  await submitOrder(page, 'amount', '100');
  const fills = page.getByTestId('spot-fills');
  const filled = fills.locator('[data-testid="spot-order"][data-state="filled"]').first();
  await expect(filled).toBeVisible({ timeout: 15_000 });
  const [bought] = (await orders(request, 'history')).list;
  expect(bought).toMatchObject({ side: 'buy', kind: 'market', state: 'filled' });
  expect(bought?.fillTickTime).toBeGreaterThan(bought?.createdAt ?? Infinity);
  await filled.getByTestId('spot-order-open').click();
  const detail = page.getByTestId('spot-detail');
  await expect(detail.getByTestId('spot-detail-tick-id')).toHaveText(`#${bought?.fillTickId}`);
  await expect(detail.getByTestId('spot-support')).toHaveText('Contact customer service');
  await page.keyboard.press('Escape');

  // A limit buy far below the market rests, and its cancellation gives the amount back.
  await page.getByTestId('spot-kind-limit').click();
  await fill(page, 'limitPrice', '1000');
  await submitOrder(page, 'amount', '50');
  const resting = page.getByTestId('spot-open-list').locator('[data-testid="spot-order"][data-state="open"]');
  await expect(resting).toHaveCount(1);
  expect((await walletCurrency(request, demo.token, 'USDT')).frozen).toBe('50.000000');
  await resting.getByTestId('spot-cancel').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(resting).toHaveCount(0);
  await expect.poll(async () => (await walletCurrency(request, demo.token, 'USDT')).frozen).toBe('0.000000');

  // The holding: its quantity, average cost and a live profit; selling all of it at market.
  await page.getByTestId('spot-holdings-link').click();
  await expect(page).toHaveURL(/\/spot-holding$/);
  const holding = page.locator('[data-testid="spot-holding"]').first();
  await expect(holding).toContainText('BTC');
  await expect(holding.getByTestId('holding-profit')).toHaveText(/^[+-]?\d[\d,]*(\.\d+)? USDT/);
  const [held] = await ok(
    post<SpotHolding[]>(request, '/user/vc-spot-holding/list', {}, { authorization: demo.token }),
  );
  expect(held?.averageCost).toBe(bought?.fillPrice);
  await shot(page, 'spot-holding-dark');
  await holding.getByTestId('spot-holding-sell').click();
  const sheet = page.getByTestId('spot-sell-sheet');
  await sheet.locator('[data-testid="spot-quick"]').last().click();
  await sheet.getByTestId('spot-submit').click();
  await page.getByTestId('spot-confirm').getByTestId('spot-confirm-ok').click();
  await expect(page.locator('[data-testid="spot-holding"]')).toHaveCount(0, { timeout: 15_000 });
  await page.getByTestId('spot-tab-history').click();
  await expect(
    page.getByTestId('spot-history').locator('[data-testid="spot-order"]').first(),
  ).toHaveAttribute('data-state', 'filled');

  // The balances: USDT is back less the fees and the price's move; no BTC is left.
  const usdtAfter = await walletCurrency(request, demo.token, 'USDT');
  expect(usdtAfter.frozen).toBe(usdtBefore.frozen);
  expect((await walletCurrency(request, demo.token, 'BTC')).spot).toBe('0.00000000');
  await page.goto('/user-bills');
  await expect(page.locator('[data-testid="bill-line"][data-type="spot_fill"]').first()).toContainText(
    'Spot order filled',
  );
  await expect(page.locator('[data-testid="bill-line"][data-type="spot_release"]').first()).toContainText(
    'Spot order #',
  );
  expect(errors).toEqual([]);
});

for (const variant of [
  { name: 'dark', locale: 'en', theme: 'dark' as const },
  { name: 'light', locale: 'en', theme: 'light' as const },
  { name: 'arabic', locale: 'ar', theme: 'dark' as const },
]) {
  test(`the spot panel and a limit order, ${variant.name}`, async ({ page, request }) => {
    await useLanguage(page, variant.locale, variant.theme);
    const errors = collectConsoleErrors(page);
    await signInPage(page, request, DEMO.user, DEMO.password);
    await openSpotTab(page);
    await page.getByTestId('spot-kind-limit').click();
    await fill(page, 'limitPrice', '1000');
    await fill(page, 'amount', '20');
    await expect(page.getByTestId('spot-receive')).toHaveText(/0\.0199/);
    await page.getByTestId('spot-panel').scrollIntoViewIfNeeded();
    await shot(page, `spot-panel-${variant.name}`);
    await page.getByTestId('spot-submit').click();
    await expect(page.getByTestId('spot-confirm')).toBeVisible();
    await shot(page, `spot-confirm-${variant.name}`);
    await page.getByTestId('spot-confirm').getByTestId('spot-confirm-cancel').click();
    expect(errors).toEqual([]);
  });
}
