import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatMinor, formatNumber, parseDecimal } from '@vela/domain';
import { credit, ok, post, signIn, signInPage, walletCurrency, type Member } from './api.ts';
import { DEMO, collectConsoleErrors, fill, shot, useLanguage } from './support.ts';

/**
 * Timed trading in the browser, against the running price simulator: the demo user (credited by an
 * operator's balance adjustment, since the seed gives them no USDT) places a trade of the shortest
 * configured period, watches its countdown, sees it move to the history with its settlement receipt
 * once the period is over, and finds the stake and payout on /fund and in /user-bills.
 */

const STAKE = '10';
const USDT_SCALE = 6;

interface Order {
  id: number;
  state: 'opening' | 'open' | 'settling' | 'settled';
  periodSeconds: number;
  createdAt: number;
  openTickId: number | null;
  openTickTime: number | null;
  expiresAt: number | null;
  settlePrice: string | null;
  settleTickId: number | null;
  settleTickTime: number | null;
  outcome: 'win' | 'loss' | 'tie' | null;
  tieRule: 'refund' | 'loss';
  payout: string | null;
}

const usdt = (request: APIRequestContext, token: string) => walletCurrency(request, token, 'USDT');

const minor = (text: string) => {
  const parsed = parseDecimal(text, USDT_SCALE);
  if (!parsed.ok) throw new Error(`not an amount: ${text}`);
  return parsed.minor;
};

/** An amount as the assets screen shows it: grouped, its significant decimals, at least 2. */
function shown(amountMinor: bigint): string {
  const text = formatMinor(amountMinor, USDT_SCALE);
  const significant = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  return formatNumber(text, Math.max(2, significant));
}

let demo: Member;

test.beforeAll(async ({ request }) => {
  demo = await signIn(request, DEMO.user, DEMO.password);
  await credit(request, demo, 'USDT', '1000');
});

const openOrders = (page: Page) => page.getByTestId('timing-open-orders');

/** Scrolls the page so that `locator` starts just below the sticky coin bar, for a screenshot. */
async function scrollToTop(locator: Locator) {
  await locator.evaluate((node) =>
    window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - 56),
  );
}

/** Chooses the shortest period (the chips are shortest first) and returns its seconds. */
async function chooseShortestPeriod(page: Page): Promise<number> {
  const chip = page.getByTestId('timing-period').first();
  await chip.click();
  await expect(chip).toHaveAttribute('aria-checked', 'true');
  return Number(await chip.getAttribute('data-seconds'));
}

test('the demo user places the shortest trade, watches it settle, and finds the receipt, balance and bill', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  // What the live socket brings: the user's own channel (decision 024) announces the settlement.
  const pushed: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && !frame.payload.includes('"tickers"'))
        pushed.push(frame.payload);
    }),
  );
  await signInPage(page, request, DEMO.user, DEMO.password);
  const before = minor((await usdt(request, demo.token)).spot);

  await page.goto('/trade');
  const panel = page.getByTestId('timing-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('timing-available')).toHaveText(`${shown(before)} USDT`);

  // A period is chosen from the start: the user's last one, or the shortest the coin offers.
  await expect(page.getByTestId('timing-period').first()).toHaveAttribute('aria-checked', 'true');

  const seconds = await chooseShortestPeriod(page);
  expect(seconds).toBe(30);
  await fill(page, 'amount', STAKE);
  await expect(page.getByTestId('timing-payout')).toHaveText(/^\d[\d,]*\.\d{2,} USDT$/);
  await page.getByTestId('timing-buy-up').click();
  const dialog = page.getByTestId('timing-confirm');
  await expect(dialog.getByTestId('confirm-direction')).toHaveText('Buy long');
  await expect(dialog.getByTestId('confirm-period')).toHaveText('30s');
  await expect(dialog.getByTestId('confirm-amount')).toHaveText('10.00 USDT');
  await dialog.getByTestId('timing-confirm-ok').click();
  await expect(page.getByText('Order placed')).toBeVisible();

  // The order runs in the strip: a countdown and the live estimate against the current price.
  const card = openOrders(page).getByTestId('timing-order').first();
  await expect(card).toHaveAttribute('data-state', 'open');
  const id = Number(await card.getAttribute('data-id'));
  await expect(card.getByTestId('order-countdown')).toHaveText(/^00:[0-3]\d$/);
  await expect(card.getByTestId('order-estimate')).toHaveText(
    /^(Winning|Losing|Level) [+-]?\d+\.\d{2} USDT$/,
  );
  const shownCountdown = await card.getByTestId('order-countdown').textContent();
  await expect(card.getByTestId('order-countdown')).not.toHaveText(shownCountdown ?? '', { timeout: 3000 });
  // The stake has left the available balance.
  await expect(page.getByTestId('timing-available')).toHaveText(`${shown(before - minor(STAKE))} USDT`);

  // At expiry it waits for its settlement, shows its result card for a moment, then leaves.
  const result = openOrders(page).locator(`[data-testid="timing-result"][data-id="${id}"]`);
  await expect(result).toBeVisible({ timeout: 45_000 });
  await expect(result.getByTestId('order-outcome')).toHaveText(/^(Won|Lost|Refunded \(tie\))$/);
  await expect(openOrders(page).getByTestId('timing-no-open')).toHaveText('No open orders', {
    timeout: 15_000,
  });
  // The settlement was pushed over the user's channel: while it is subscribed the 2 s polling is off.
  expect(pushed).toContain('{"topic":"user","status":"subscribed"}');
  expect(pushed).toContain(`{"topic":"timing","id":${id},"state":"settled"}`);

  const settled = await ok(
    post<Order>(request, '/user/vc-timing-trade/detail', { id }, { authorization: demo.token }),
  );
  expect(settled.state).toBe('settled');
  // It opened at the first tick after its acceptance, and its period counted from that tick.
  expect(settled.openTickTime).toBeGreaterThan(settled.createdAt);
  expect(settled.expiresAt).toBe((settled.openTickTime ?? 0) + settled.periodSeconds * 1000);
  expect(settled.settleTickTime).toBeGreaterThanOrEqual(settled.expiresAt ?? Infinity);

  await page.getByTestId('timing-all-orders').click();
  await expect(page).toHaveURL(/\/timing-trade-order$/);
  await page.getByTestId('timing-tab-history').click();
  const row = page.locator(`[data-testid="timing-order"][data-id="${id}"]`);
  await expect(row).toHaveAttribute('data-state', 'settled');
  await row.click();
  const detail = page.getByTestId('timing-detail');
  await expect(detail.getByTestId('detail-settle-price')).toHaveText(/^\d[\d,]*(\.\d+)?$/);
  await expect(detail.getByTestId('detail-settle-tick-id')).toHaveText(`#${settled.settleTickId}`);
  await expect(detail.getByTestId('detail-settle-tick-time')).toHaveText(
    /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/,
  );
  await expect(detail.getByTestId('detail-result')).toHaveText(
    { win: 'Won', loss: 'Lost', tie: settled.tieRule === 'refund' ? 'Refunded (tie)' : 'Tie' }[
      settled.outcome ?? 'tie'
    ],
  );
  await expect(detail.getByTestId('detail-payout')).toHaveText(`${shown(minor(settled.payout ?? '0'))} USDT`);
  await expect(detail.getByTestId('timing-support')).toHaveText('Contact customer service');
  // The verify view shows the public ticks around the expiry with the settlement tick highlighted,
  // right below the expiry mark, and the open tick right below the acceptance mark.
  await detail.getByTestId('timing-verify-open').click();
  const around = detail.getByTestId('verify-settle');
  const settledAt = around.locator('[aria-current="true"]');
  await expect(settledAt).toHaveAttribute('data-tick-id', String(settled.settleTickId));
  await expect(around.locator('[data-testid="verify-mark"] + [aria-current="true"]')).toHaveCount(1);
  const opened = detail.getByTestId('verify-open').locator('[aria-current="true"]');
  await expect(opened).toHaveAttribute('data-tick-id', String(settled.openTickId));
  await expect(
    detail.getByTestId('verify-open').locator('[data-testid="verify-mark"] + [aria-current="true"]'),
  ).toHaveCount(1);
  await detail.getByTestId('timing-verify-back').click();
  await expect(detail.getByTestId('detail-settle-tick-id')).toBeVisible();
  await page.keyboard.press('Escape');

  // The balance is the stake out and the payout in; the bills carry the stake, and the settlement
  // when it paid something back (a lost stake goes from the escrow to the house, and no account of
  // the user's moves).
  const payout = minor(settled.payout ?? '0');
  const after = before - minor(STAKE) + payout;
  await page.goto('/fund');
  await expect(
    page.locator('[data-testid="wallet-currency"][data-symbol="USDT"]').getByTestId('currency-spot'),
  ).toHaveText(shown(after));
  await page.goto('/user-bills');
  await expect(page.locator('[data-testid="bill-line"][data-type="timing_stake"]').first()).toBeVisible();
  const settlements = page.locator('[data-testid="bill-line"][data-type="timing_settlement"]');
  if (payout > 0n) {
    await expect(settlements.first()).toContainText('Timed trade settled');
    await expect(settlements.first().getByTestId('bill-reference')).toContainText(`Timed order #${id}`);
  } else {
    await expect(settlements).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

for (const variant of [
  { name: 'dark', locale: 'en', theme: 'dark' as const },
  { name: 'light', locale: 'en', theme: 'light' as const },
  { name: 'arabic', locale: 'ar', theme: 'dark' as const },
]) {
  test(`screenshots: quick trade, confirm, open order, orders and receipt (${variant.name})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await useLanguage(page, variant.locale, variant.theme);
    const errors = collectConsoleErrors(page);
    await signInPage(page, page.request, DEMO.user, DEMO.password);

    await page.goto('/trade');
    const panel = page.getByTestId('timing-panel');
    await expect(panel).toBeVisible();
    // The longest period: an order of the shortest would settle during the next variant, and the
    // toast announcing its result would cover that variant's screenshots.
    const longest = page.getByTestId('timing-period').last();
    await longest.click();
    await expect(longest).toHaveAttribute('aria-checked', 'true');
    await fill(page, 'amount', STAKE);
    await scrollToTop(page.locator('.trade-orders'));
    await shot(page, `${variant.name}-timing-panel`);

    await page.getByTestId('timing-sell-down').click();
    await expect(page.getByTestId('timing-confirm')).toBeVisible();
    await shot(page, `${variant.name}-timing-confirm`);
    await page.getByTestId('timing-confirm-ok').click();
    const card = openOrders(page).getByTestId('timing-order').first();
    await expect(card.getByTestId('order-countdown')).toBeVisible();
    await scrollToTop(openOrders(page));
    await shot(page, `${variant.name}-timing-open-order`);

    await page.goto('/timing-trade-order');
    await expect(page.getByTestId('order-countdown').first()).toBeVisible();
    await shot(page, `${variant.name}-timing-orders-active`);
    await page.getByTestId('timing-order').first().click();
    await expect(page.getByTestId('timing-detail')).toBeVisible();
    await shot(page, `${variant.name}-timing-detail-open`);
    await page.keyboard.press('Escape');

    await page.getByTestId('timing-tab-history').click();
    const settled = page.locator('[data-testid="timing-order"][data-state="settled"]').first();
    await expect(settled).toBeVisible();
    await shot(page, `${variant.name}-timing-orders-history`);
    await settled.click();
    await expect(page.getByTestId('detail-settle-tick-id')).toBeVisible();
    await shot(page, `${variant.name}-timing-detail`);
    await page.getByTestId('timing-verify-open').click();
    await expect(page.getByTestId('verify-settle').locator('[aria-current="true"]')).toBeVisible();
    await shot(page, `${variant.name}-timing-verify`);
    expect(errors).toEqual([]);
  });
}
