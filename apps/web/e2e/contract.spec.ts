import { expect, test, type Page } from '@playwright/test';
import type { ContractAccount, ContractClose } from '@vela/contract';
import { idempotencyKey, ok, post, signIn, signInPage, walletCurrency, type Member } from './api.ts';
import { DEMO, collectConsoleErrors, fill, shot, useLanguage } from './support.ts';

/**
 * Contracts in the browser, against the running price simulator: the demo user moves USDT to the
 * contract account, opens a 10x long with a take-profit and a stop-loss, watches its profit and the
 * account's risk degree move with the feed, closes half, and finds the receipts and the bills
 * (docs/product.md, "Contracts").
 */

let demo: Member;

test.beforeAll(async ({ request }) => {
  demo = await signIn(request, DEMO.user, DEMO.password);
});

const account = (request: Parameters<typeof signIn>[0]) =>
  ok(post<ContractAccount>(request, '/user/vc-contract-position/list', {}, { authorization: demo.token }));

async function btcPrice(page: Page): Promise<number> {
  const text = (await page.getByTestId('contract-price').textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

test('the demo user opens a 10x long with targets, watches it move, closes half, and finds receipts and bills', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  const usdt = await walletCurrency(request, demo.token, 'USDT');
  await ok(
    post(
      request,
      '/wallet/transfer',
      { vcId: usdt.vcId, from: 'spot', to: 'contract', amount: '1000' },
      { authorization: demo.token, 'idempotency-key': idempotencyKey() },
    ),
  );
  await signInPage(page, request, DEMO.user, DEMO.password);
  await page.goto('/trade');
  await page.getByTestId('order-tab-contract').click();
  await expect(page.getByTestId('contract-trade-page')).toBeVisible();
  await expect(page.getByTestId('contract-symbol')).toContainText('BTC');
  await expect(page.getByTestId('contract-price')).not.toBeEmpty();

  // A 10x long of 0.01 BTC with a take-profit 50 % above and a stop-loss 50 % below the price.
  const price = await btcPrice(page);
  await page.getByTestId('contract-leverage-10').click();
  await fill(page, 'quantity', '0.01');
  await fill(page, 'takeProfit', (price * 1.5).toFixed(2));
  await fill(page, 'stopLoss', (price * 0.5).toFixed(2));
  await expect(page.getByTestId('contract-estimate-margin')).not.toBeEmpty();
  await shot(page, 'contract-form-dark');
  await page.getByTestId('contract-submit').click();
  const confirm = page.getByTestId('contract-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('contract-confirm-leverage')).toHaveText('10×');
  await confirm.getByTestId('contract-confirm-ok').click();

  // The position opens on the next recorded tick and its profit and the risk degree follow the feed.
  const position = page.getByTestId('contract-position').first();
  await expect(position).toBeVisible({ timeout: 15_000 });
  const [opened] = (await account(request)).positions;
  expect(opened).toMatchObject({ leverage: 10, quantity: '0.01000000', side: 'long' });
  const profit = position.getByTestId('position-profit');
  const first = await profit.textContent();
  await expect.poll(async () => profit.textContent(), { timeout: 20_000 }).not.toBe(first);
  await expect(page.getByTestId('contract-risk')).not.toBeEmpty();
  await shot(page, 'contract-positions-dark');

  // Half of it closes at market, on the next recorded tick.
  await position.getByTestId('position-close').click();
  const sheet = page.getByTestId('close-sheet');
  await expect(sheet).toBeVisible();
  await fill(page, 'closeQuantity', '0.005');
  await sheet.getByTestId('close-submit').click();
  await page.locator('.adm-dialog-body').getByRole('button', { name: 'Confirm' }).click();
  await expect
    .poll(async () => (await account(request)).positions[0]?.quantity, { timeout: 15_000 })
    .toBe('0.00500000');

  // The receipt names the tick it closed on; the bills name the open and the close.
  await page.goto('/contract-trade-order');
  await page.getByTestId('contract-tab-history').click();
  await page.getByTestId('contract-history-closes').first().click();
  const closes = await ok(
    post<{ list: ContractClose[] }>(
      request,
      '/user/vc-contract-close/list',
      { limit: 20 },
      { authorization: demo.token },
    ),
  );
  expect(closes.list[0]).toMatchObject({ reason: 'market', quantity: '0.00500000' });
  await expect(page.getByTestId('contract-close').first()).toBeVisible();
  await page.getByTestId('contract-close').first().click();
  await expect(page.getByText(`#${closes.list[0]?.tickId}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/user-bills');
  await expect(page.getByText('Contract position opened').first()).toBeVisible();
  await expect(page.getByText('Contract position closed').first()).toBeVisible();
  expect(errors).toEqual([]);
});

for (const variant of [
  { name: 'light', locale: 'en', theme: 'light' as const },
  { name: 'arabic', locale: 'ar', theme: 'dark' as const },
]) {
  test(`the contract screens in ${variant.name}`, async ({ page, request }) => {
    await useLanguage(page, variant.locale, variant.theme);
    await signInPage(page, request, DEMO.user, DEMO.password);
    await page.goto('/contract-trade');
    await expect(page.getByTestId('contract-form')).toBeVisible();
    await expect(page.getByTestId('contract-price')).not.toBeEmpty();
    await shot(page, `contract-trade-${variant.name}`);
    await page.goto('/contract-trade-order');
    await expect(page.getByTestId('contract-order-page')).toBeVisible();
    await shot(page, `contract-orders-${variant.name}`);
  });
}
