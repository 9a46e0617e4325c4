import { expect, test, type Page } from '@playwright/test';
import { signInPage } from './api.ts';
import { DEMO, collectConsoleErrors, shot, useLanguage } from './support.ts';

/**
 * Markets in the browser: the live home screen, the market list with favourites, the trade page's
 * chart and its saved settings, and the polling fallback when the WebSocket is unavailable.
 */

/** Whether the chart's canvases hold drawn pixels (a blank canvas is fully transparent). */
async function chartIsDrawn(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="kline-chart"] canvas')];
    let painted = 0;
    for (const canvas of canvases) {
      if (canvas.width === 0 || canvas.height === 0) continue;
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
      if (!data) continue;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted += 1;
    }
    return painted > 2000;
  });
}

async function texts(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).allTextContents()).join('|');
}

test('home shows banners, the notice ticker and rankings whose prices move', async ({ page }) => {
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  let polls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/vc/market/list')) polls += 1;
  });
  await page.goto('/home');
  await expect(page.getByTestId('banner-carousel')).toBeVisible();
  await expect(page.getByTestId('notice-item').first()).toBeAttached();
  await expect(page.getByTestId('hot-coin')).toHaveCount(3);
  await expect(page.getByTestId('ranking-row')).toHaveCount(5);
  const first = await texts(page, 'ranking-price');
  await expect.poll(() => texts(page, 'ranking-price'), { timeout: 15_000 }).not.toBe(first);
  // The prices came by push over the live socket, not by polling.
  expect(sockets.some((url) => url.endsWith('/api/ws'))).toBe(true);
  expect(polls).toBeLessThanOrEqual(2);

  // The other ranking and another coin type.
  await page.getByTestId('ranking-kind-turnover').click();
  await page.getByTestId('ranking-type-2').click();
  await expect(page.getByTestId('ranking-row').first()).toBeVisible();
  expect(errors).toEqual([]);
});

/** Moves one finger across the screen through the browser's own touch input, as a phone sends it. */
async function touchDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 10,
) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= steps; i += 1) {
    const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('home: the banners follow a swipe, a pull refreshes, and a notice opens its detail', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  let noticeLoads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/sys-notice/list')) noticeLoads += 1;
  });
  await page.goto('/home');
  const carousel = page.getByTestId('banner-carousel');
  await expect(carousel).toBeVisible();
  await expect(page.getByTestId('ranking-row')).toHaveCount(5);

  // Focus inside holds the autoplay, so only the swipe moves the banners.
  await carousel.locator('.carousel__slide:not([aria-hidden="true"]) button').focus();
  const dots = carousel.locator('.carousel__dot');
  const count = await dots.count();
  const active = () =>
    dots.evaluateAll((all) => all.findIndex((dot) => dot.classList.contains('carousel__dot--active')));
  const before = await active();
  const box = (await carousel.boundingBox())!;
  const middle = box.y + box.height / 2;
  await touchDrag(page, { x: box.x + box.width * 0.8, y: middle }, { x: box.x + box.width * 0.2, y: middle });
  await expect.poll(active).toBe((before + 1) % count);
  await expect(page).toHaveURL(/\/home$/);

  // Pulling the page down from the top past the threshold reloads the notices, banners and prices.
  const loadsBefore = noticeLoads;
  await touchDrag(page, { x: 187, y: 320 }, { x: 187, y: 620 }, 14);
  await expect.poll(() => noticeLoads).toBeGreaterThan(loadsBefore);
  await expect(page.getByTestId('pull-to-refresh')).toHaveAttribute('data-status', 'pulling');

  await page.locator('[data-testid="notice-item"]:not([aria-hidden="true"])').click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByTestId('notice-detail')).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('tapping a ranking coin opens the trade page with that coin and a drawn chart', async ({ page }) => {
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  await page.goto('/home');
  const row = page.getByTestId('ranking-row').nth(1);
  await expect(row).toBeVisible();
  const symbol = (await row.getAttribute('data-symbol')) ?? '';
  await row.click();
  await expect(page).toHaveURL(/\/trade$/);
  await expect(page.getByTestId('trade-symbol')).toHaveText(`${symbol}/USDT`);
  await expect(page.locator('.trade-chart__frame')).toHaveAttribute('data-status', 'ready', {
    timeout: 15_000,
  });
  await expect(page.locator('[data-testid="kline-chart"] canvas').first()).toBeVisible();
  await expect.poll(() => chartIsDrawn(page)).toBe(true);
  // A visitor sees the order tabs and is told to log in; there is no order form.
  await expect(page.getByTestId('orders-note')).toContainText('Log in to place orders');

  // The coin picker changes the selection.
  await page.getByTestId('open-coin-picker').click();
  await page.getByTestId('coin-picker').getByPlaceholder('Search coins').fill('eth');
  await page.getByTestId('coin-picker-row').first().click();
  await expect(page.getByTestId('trade-symbol')).toHaveText('ETH/USDT');
  await expect(page.locator('.trade-chart__frame')).toHaveAttribute('data-status', 'ready', {
    timeout: 15_000,
  });
  expect(errors).toEqual([]);
});

test('a visitor is asked to log in for favourites; a user adds and removes one', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/currency?tab=all');
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  await page.getByTestId('favourite-star').first().click();
  await expect(page.getByText('Log in to keep a list of favourite coins.')).toBeVisible();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcurrency%3Ftab%3Dall$/);
  await page.locator('input[name="username"]').fill(DEMO.user);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/currency\?tab=all$/);

  const row = page
    .locator('[data-testid="market-row"]:has([data-testid="favourite-star"][aria-pressed="false"])')
    .first();
  await expect(row).toBeVisible();
  const symbol = (await row.getAttribute('data-symbol')) ?? '';
  const target = page.locator(`[data-testid="market-row"][data-symbol="${symbol}"]`);
  await target.getByTestId('favourite-star').click();
  await expect(page.getByText('Added to favourites')).toBeVisible();
  await expect(target.getByTestId('favourite-star')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('market-tab-favourites').click();
  await expect(target).toBeVisible();
  await page.reload();
  await expect(target.getByTestId('favourite-star')).toHaveAttribute('aria-pressed', 'true');
  await target.getByTestId('favourite-star').click();
  await expect(page.getByText('Removed from favourites')).toBeVisible();
  await expect(target).toHaveCount(0);
});

test('the market list searches and sorts', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/currency?tab=spot');
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  await page.getByTestId('sort-name').click();
  await expect(page.getByTestId('sort-name')).toHaveAttribute('aria-sort', 'ascending');
  const names = await page
    .getByTestId('market-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-symbol') ?? ''));
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  await page.getByPlaceholder('Search coins').fill('btc');
  await expect(page.getByTestId('market-row')).toHaveCount(1);
  await expect(page.getByTestId('market-row')).toHaveAttribute('data-symbol', 'BTC');
});

test("a user's chart interval and indicators survive a reload", async ({ page }) => {
  await useLanguage(page, 'en');
  await signInPage(page, page.request, DEMO.user, DEMO.password);
  await page.goto('/trade');
  const chart = page.getByTestId('kline-chart');
  await expect(chart).toBeVisible();
  const interval = (await chart.getAttribute('data-interval')) === '1h' ? '4h' : '1h';
  const indicatorsBefore = ((await chart.getAttribute('data-indicators')) ?? '').split(',');
  const hadKdj = indicatorsBefore.includes('KDJ');

  let saved = page.waitForResponse((r) => r.url().endsWith('/api/user/chart-settings/save'));
  await page.getByTestId(`interval-${interval}`).click();
  await saved;
  await expect(chart).toHaveAttribute('data-interval', interval);

  saved = page.waitForResponse((r) => r.url().endsWith('/api/user/chart-settings/save'));
  await page.getByTestId('open-indicators').click();
  await page.getByTestId('indicator-KDJ').click();
  await saved;
  await page.getByTestId('indicator-close').click();
  await expect(page.locator('.trade-chart__frame')).toHaveAttribute('data-status', 'ready', {
    timeout: 15_000,
  });

  await page.reload();
  await expect(chart).toHaveAttribute('data-interval', interval);
  const indicatorsAfter = ((await chart.getAttribute('data-indicators')) ?? '').split(',');
  expect(indicatorsAfter.includes('KDJ')).toBe(!hadKdj);
  await expect(page.locator('.trade-chart__frame')).toHaveAttribute('data-status', 'ready', {
    timeout: 15_000,
  });
  await expect.poll(() => chartIsDrawn(page)).toBe(true);
});

test('with the WebSocket refused, prices still update by polling', async ({ page }) => {
  await useLanguage(page, 'en');
  // Every live connection is closed at once, as a proxy that does not pass WebSockets would.
  await page.routeWebSocket(/\/api\/ws/, (ws) => ws.close({ code: 1011, reason: 'blocked by the test' }));
  const polls: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/vc/market/list')) polls.push(Date.now());
  });
  await page.goto('/currency?tab=all');
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  const first = await texts(page, 'market-price');
  await expect.poll(() => texts(page, 'market-price'), { timeout: 15_000 }).not.toBe(first);
  await expect.poll(() => polls.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
});

/**
 * Records every text the page draws on a canvas, so a test can read what the chart shows: its
 * labels are pixels, not elements.
 */
async function recordCanvasTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const drawn = new Set<string>();
    Object.assign(window, { __drawnTexts: drawn });
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (
      text: string,
      x: number,
      y: number,
      maxWidth?: number,
    ) {
      drawn.add(String(text));
      if (maxWidth === undefined) fillText.call(this, text, x, y);
      else fillText.call(this, text, x, y, maxWidth);
    };
  });
}

async function drawnTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __drawnTexts: Set<string> }).__drawnTexts]);
}

async function forgetDrawnTexts(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { __drawnTexts: Set<string> }).__drawnTexts.clear());
}

/** Puts the crosshair on a candle, which shows the candle's tooltip. */
async function pointAtCandle(page: Page): Promise<void> {
  const box = (await page.getByTestId('kline-chart').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.3);
}

async function showBitcoin(page: Page): Promise<void> {
  await page.getByTestId('open-coin-picker').click();
  await page.getByTestId('coin-picker').getByPlaceholder(/./).fill('btc');
  await page.getByTestId('coin-picker-row').first().click();
  await expect(page.getByTestId('trade-symbol')).toHaveText('BTC/USDT');
  // The sheet slides away after the pick; until it has, its mask would take the pointer's move.
  await expect(page.getByTestId('coin-picker')).toBeHidden();
  await expect(page.locator('.trade-chart__frame')).toHaveAttribute('data-status', 'ready', {
    timeout: 15_000,
  });
}

test('a language change renames coins and relabels the chart, without reloading the page', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await recordCanvasTexts(page);
  const errors = collectConsoleErrors(page);
  await page.goto('/trade');
  await showBitcoin(page);
  await expect(page.locator('.trade-coin__name')).toHaveText('Bitcoin');
  await expect(page.getByTestId('kline-chart')).toHaveAttribute('data-locale', 'en');
  await pointAtCandle(page);
  await expect
    .poll(() => drawnTexts(page))
    .toEqual(expect.arrayContaining(['Open: ', 'Change: ', 'Volume: ']));

  // The language popup of the home header; the page stays the same document throughout.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.locator('.tab-bar__item').nth(0).click();
  await page.getByTestId('open-language').click();
  await page.getByTestId('language-zh-CN').click();
  await page.getByTestId('language-save').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('[data-testid="ranking-row"] .ranking-row__name').first()).toHaveText(
    /[\u4e00-\u9fff]/,
  );

  await forgetDrawnTexts(page);
  await page.locator('.tab-bar__item').nth(2).click();
  await expect(page.locator('.trade-coin__name')).toHaveText('比特币');
  await expect(page.getByTestId('kline-chart')).toHaveAttribute('data-locale', 'zh-CN');
  await expect(page.locator('.trade-chart__frame')).toHaveAttribute('data-status', 'ready', {
    timeout: 15_000,
  });
  await pointAtCandle(page);
  await expect.poll(() => drawnTexts(page)).toEqual(expect.arrayContaining(['开：', '涨跌幅：', '成交量：']));
  expect(await drawnTexts(page)).not.toContain('Open: ');
  // Live prices keep arriving by push; the coin keeps its Chinese name.
  const price = await page.getByTestId('trade-price').textContent();
  await expect.poll(() => page.getByTestId('trade-price').textContent(), { timeout: 15_000 }).not.toBe(price);
  await expect(page.locator('.trade-coin__name')).toHaveText('比特币');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
  expect(errors).toEqual([]);
});

test('screenshot: the trade chart in Arabic, light theme, with its tooltip', async ({ page }) => {
  await useLanguage(page, 'ar', 'light');
  await recordCanvasTexts(page);
  await page.goto('/trade');
  await showBitcoin(page);
  await expect(page.locator('.trade-coin__name')).toHaveText('بيتكوين');
  await expect(page.getByTestId('kline-chart')).toHaveAttribute('data-locale', 'ar');
  await pointAtCandle(page);
  await expect
    .poll(() => drawnTexts(page))
    .toEqual(expect.arrayContaining(['الافتتاح:\u200f ', 'الحجم:\u200f ']));
  await shot(page, 'arabic-light-markets-trade-tooltip');
});

for (const variant of [
  { name: 'dark', locale: 'en', theme: 'dark' as const },
  { name: 'light', locale: 'en', theme: 'light' as const },
  { name: 'arabic', locale: 'ar', theme: 'dark' as const },
  { name: 'arabic-light', locale: 'ar', theme: 'light' as const },
]) {
  test(`screenshots: markets on home, market list and trade (${variant.name})`, async ({ page }) => {
    await useLanguage(page, variant.locale, variant.theme);
    await page.goto('/home');
    await expect(page.getByTestId('ranking-row')).toHaveCount(5);
    await shot(page, `${variant.name}-markets-home`);
    await page.goto('/currency?tab=all');
    await expect(page.getByTestId('market-row').first()).toBeVisible();
    await shot(page, `${variant.name}-markets-list`);
    await page.goto('/trade');
    await expect(page.locator('.trade-chart__frame')).toHaveAttribute('data-status', 'ready', {
      timeout: 15_000,
    });
    await shot(page, `${variant.name}-markets-trade`);
  });
}
