import { expect, test, type Locator, type Page } from '@playwright/test';
import { credit, MEMBER_PASSWORD, newMember, ok, post, signInPage, type Member } from './api.ts';
import { collectConsoleErrors, fill, shot, useLanguage } from './support.ts';

/**
 * The trade screen while an order is filled on a 375×812 phone: the live price and the Buy/Sell bar
 * stay in view wherever the form is scrolled, a period is chosen from the start (the last one
 * chosen, or the shortest), a stake over the balance or the limit shows its error instead of a
 * payout (with the way to deposit when the balance is short), and a settled order shows its result
 * card in the open orders for a moment before it leaves them.
 */

interface Period {
  seconds: number;
  minAmount: string;
  maxAmount: string | null;
  enabled: boolean;
}

interface TimingConfigEntry {
  vcId: number;
  enabled: boolean;
  periods: Period[];
}

const BALANCE = '100';

async function fundedMember(request: Parameters<typeof newMember>[0]): Promise<Member> {
  const member = await newMember(request, 'ts');
  await credit(request, member, 'USDT', BALANCE);
  return member;
}

async function openTrade(page: Page, member: Member) {
  await signInPage(page, page.request, member.username, MEMBER_PASSWORD);
  await page.goto('/trade');
  // The panel's code loads after the chart's; three pages starting at once on a loaded machine
  // have taken longer than the usual wait for it.
  await expect(page.getByTestId('timing-panel')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('timing-available')).toHaveText(/^\d[\d,]*\.\d{2,} USDT$/);
}

/** Scrolls the window so that the top of `locator` is `y` pixels from the top of the screen. */
async function scrollTopTo(locator: Locator, y: number) {
  await locator.evaluate((node, at) => {
    window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - at);
  }, y);
  // The scroll is read by an intersection observer on the next frame.
  await locator.page().waitForTimeout(150);
}

/** The tab bar's top: what sticks to the bottom must end above it. */
async function tabBarTop(page: Page): Promise<number> {
  const box = await page.locator('.tab-bar').boundingBox();
  return box ? box.y : 812;
}

/**
 * Whether the element named `testId` is on the screen above `bottom`, and is what a finger at its
 * top, centre and bottom would touch (nothing sticky covers any of it). It is found again by its
 * name at those points, since a live price is a new element each time it flashes.
 */
async function reachable(page: Page, testId: string, bottom: number): Promise<boolean> {
  // An element that is not there is not reachable: asked for its box, Playwright would wait for it
  // to appear, and the poll that asks again would never get its answer.
  const element = page.getByTestId(testId);
  if ((await element.count()) === 0) return false;
  const box = await element.boundingBox();
  if (!box || box.y < 0 || box.y + box.height > bottom + 0.5) return false;
  const x = box.x + box.width / 2;
  const points = [box.y + 2, box.y + box.height / 2, box.y + box.height - 2].map((y) => ({ x, y }));
  return page.evaluate(
    ({ at, name }) =>
      at.every(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest(`[data-testid="${name}"]`))),
    { at: points, name: testId },
  );
}

/** The live price the user sees: the large one, or the sticky bar's once the large one scrolled away. */
async function priceInView(page: Page, bottom: number): Promise<boolean> {
  return (await reachable(page, 'trade-price', bottom)) || (await reachable(page, 'trade-bar-price', bottom));
}

test('at 375×812 the price and the Buy/Sell bar stay in view while the order is filled', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  await openTrade(page, await fundedMember(request));
  const panel = page.getByTestId('timing-panel');
  const bottom = await tabBarTop(page);
  expect(bottom).toBeLessThan(812);

  // From the form just coming into view, through filling it, to the open orders under it.
  await page.locator('input[name="amount"]').fill('10');
  // The first steps of a scroll, while the large price slides under the bar.
  for (const scrollY of [0, 20, 40, 60, 90]) {
    await page.evaluate((at) => window.scrollTo(0, at), scrollY);
    await expect.poll(() => priceInView(page, bottom), { message: `price at scroll ${scrollY}` }).toBe(true);
  }
  for (const y of [700, 560, 420, 280, 140, 60]) {
    await scrollTopTo(panel, y);
    await expect.poll(() => priceInView(page, bottom), { message: `price at panel top ${y}` }).toBe(true);
    for (const id of ['timing-buy-up', 'timing-sell-down']) {
      expect(await reachable(page, id, bottom), `${id} at panel top ${y}`).toBe(true);
    }
  }
  // Scrolled to the end, the bar has the price, and the open orders are under the form.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByTestId('trade-bar-price')).toBeVisible();
  await expect(page.getByTestId('trade-bar-price')).toHaveText(/\d/);
  // Back at the top the large price is there, and the bar shows only the coin again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('trade-bar-price')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a period is chosen from the start: the shortest, then the last one chosen', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en');
  await openTrade(page, await fundedMember(request));
  const chips = page.getByTestId('timing-period');
  await expect(chips.first()).toHaveAttribute('aria-checked', 'true');
  const seconds = await chips.evaluateAll((nodes) =>
    nodes.map((n) => Number(n.getAttribute('data-seconds'))),
  );
  expect(seconds).toEqual([...seconds].sort((a, b) => a - b));

  await chips.nth(1).click();
  await page.reload();
  await expect(page.getByTestId('timing-panel')).toBeVisible();
  await expect(chips.nth(1)).toHaveAttribute('aria-checked', 'true');
  await expect(chips.first()).toHaveAttribute('aria-checked', 'false');
});

test('a stake over the balance or the limit shows the error instead of a payout', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en');
  const member = await fundedMember(request);
  const config = await ok(post<TimingConfigEntry[]>(request, '/portal/vc-timing-trade-config/list', {}));
  await openTrade(page, member);
  const vcId = Number(await page.getByTestId('trade-page').getAttribute('data-vc-id'));
  const periods = config.find((c) => c.vcId === vcId)?.periods.filter((p) => p.enabled) ?? [];
  const capped = periods.find((p) => p.maxAmount !== null);

  const payout = page.getByTestId('timing-payout');
  await fill(page, 'amount', '20');
  await expect(payout).toHaveText(/^\d[\d,]*\.\d{2,} USDT$/);
  await expect(page.getByTestId('error-amount')).toHaveCount(0);

  // More than the 100 USDT held: the error at once, no payout, and the way to deposit.
  await fill(page, 'amount', '150');
  await expect(page.getByTestId('error-amount')).toHaveText('Insufficient balance');
  await expect(payout).toHaveText('-- USDT');

  // More than the period's maximum: the range, and no deposit shortcut (it would not help).
  if (capped?.maxAmount) {
    await page.locator(`[data-testid="timing-period"][data-seconds="${capped.seconds}"]`).click();
    await fill(page, 'amount', String(Number(capped.maxAmount) + 1));
    await expect(page.getByTestId('error-amount')).toHaveText(/^The amount is out of range/);
    await expect(payout).toHaveText('-- USDT');
    await expect(page.getByTestId('timing-deposit')).toHaveCount(0);
    await fill(page, 'amount', '150');
  }
  await expect(page.getByTestId('timing-deposit')).toBeVisible();
  await page.getByTestId('timing-deposit').click();
  await expect(page).toHaveURL(/\/recharge$/);
});

/** Places a trade of the shortest period and returns its id. */
async function placeShortest(page: Page): Promise<number> {
  const chip = page.getByTestId('timing-period').first();
  await chip.click();
  await fill(page, 'amount', '10');
  await page.getByTestId('timing-buy-up').click();
  await page.getByTestId('timing-confirm').getByTestId('timing-confirm-ok').click();
  const card = page.getByTestId('timing-open-orders').getByTestId('timing-order').first();
  await expect(card).toBeVisible();
  return Number(await card.getAttribute('data-id'));
}

/** A figure written on one line: no number broken over two. */
async function onOneLine(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => {
    const fontSize = Number.parseFloat(getComputedStyle(node).fontSize);
    return node.getBoundingClientRect().height < fontSize * 1.9;
  });
}

test('a settled order shows its result card in the open orders for a moment, with its receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  await openTrade(page, await fundedMember(request));
  const id = await placeShortest(page);

  const strip = page.getByTestId('timing-open-orders');
  const result = strip.locator(`[data-testid="timing-result"][data-id="${id}"]`);
  await expect(result).toBeVisible({ timeout: 60_000 });
  const shownAt = Date.now();
  await expect(result).toHaveAttribute('data-state', 'settled');
  await expect(result.getByTestId('order-outcome')).toHaveText(/^(Won|Lost|Tie|Refunded \(tie\))$/);
  await expect(result.getByTestId('result-profit')).toHaveText(/^[+-]?\d[\d,]*\.\d{2,} USDT$/);
  for (const figure of ['result-profit', 'result-payout', 'result-amount', 'result-settle-price']) {
    expect(await onOneLine(result.getByTestId(figure).locator('bdi').first()), figure).toBe(true);
  }
  // Still there a moment later, then gone.
  await page.waitForTimeout(Math.max(0, 3000 - (Date.now() - shownAt)));
  await expect(result).toBeVisible();
  await result.getByTestId('result-receipt').click();
  const detail = page.getByTestId('timing-detail');
  await expect(detail.getByTestId('detail-settle-tick-id')).toHaveText(/^#\d+$/);
  await page.keyboard.press('Escape');
  await expect(strip.getByTestId('timing-no-open')).toHaveText('No open orders', { timeout: 15_000 });
  expect(errors).toEqual([]);
});

interface DrawnText {
  text: string;
  x: number;
  y: number;
  width: number;
  color: string;
  canvasWidth: number;
}

/**
 * Keeps, for each canvas, the texts of its latest frame (klinecharts clears a canvas before each
 * frame), with where they were drawn: the chart's labels are pixels, not elements.
 */
async function recordFrames(page: Page) {
  await page.addInitScript(() => {
    const frames = new Map<HTMLCanvasElement, DrawnText[]>();
    Object.assign(window, { __frames: frames });
    const proto = CanvasRenderingContext2D.prototype;
    const clearRect = proto.clearRect;
    proto.clearRect = function (...args: Parameters<typeof clearRect>) {
      frames.set(this.canvas, []);
      clearRect.apply(this, args);
    };
    const fillText = proto.fillText;
    proto.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
      frames.get(this.canvas)?.push({
        text: String(text),
        x,
        y,
        width: this.measureText(String(text)).width,
        color: String(this.fillStyle),
        canvasWidth: this.canvas.getBoundingClientRect().width,
      });
      if (maxWidth === undefined) fillText.call(this, text, x, y);
      else fillText.call(this, text, x, y, maxWidth);
    };
  });
}

async function latestFrames(page: Page): Promise<DrawnText[][]> {
  return page.evaluate(() => [
    ...(window as unknown as { __frames: Map<unknown, DrawnText[]> }).__frames.values(),
  ]);
}

test('the chart cuts no time label at an edge, and the last-price tag covers no price label', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await recordFrames(page);
  await page.goto('/trade');
  await expect(page.locator('.trade-chart__frame')).toHaveAttribute('data-status', 'ready', {
    timeout: 15_000,
  });
  // A few live updates, so the tag has moved since the labels were first laid out.
  await page.waitForTimeout(3000);
  const frames = await latestFrames(page);
  const times = frames.flat().filter((d) => /^\d\d[-:]\d\d/.test(d.text));
  expect(times.length).toBeGreaterThan(0);
  for (const label of times) {
    expect(label.x, label.text).toBeGreaterThanOrEqual(0);
    expect(label.x + label.width, label.text).toBeLessThanOrEqual(label.canvasWidth + 0.5);
  }
  const price = /^[\d,]+\.\d+$/;
  const axis = frames.find((frame) => frame.some((d) => d.color === '#ffffff' && price.test(d.text)));
  expect(axis, 'the price axis with the last-price tag').toBeDefined();
  const tag = axis!.find((d) => d.color === '#ffffff' && price.test(d.text))!;
  const labels = axis!.filter((d) => d !== tag && price.test(d.text));
  expect(labels.length).toBeGreaterThan(2);
  // The tag is its text and 3 px above and below; a label is 10 px high: 13 px apart they touch.
  for (const label of labels) expect(Math.abs(label.y - tag.y), label.text).toBeGreaterThanOrEqual(13);
});

const VARIANTS = [
  { name: 'dark', locale: 'en', theme: 'dark' as const },
  { name: 'light', locale: 'en', theme: 'light' as const },
  { name: 'ar', locale: 'ar', theme: 'dark' as const },
];

/**
 * The screens of one look, on a page of its own: the chart, the form, the shortfall, then the result
 * card of an order of the shortest period once it has settled.
 */
async function captureTradeScreen(page: Page, look: string, member: Member) {
  const errors = collectConsoleErrors(page);
  await openTrade(page, member);
  await expect(page.getByTestId('kline-chart')).toBeVisible();
  await expect(page.locator('.trade-chart__frame')).toHaveAttribute('data-status', 'ready');
  await shot(page, `trade-screen-chart-${look}`);

  await fill(page, 'amount', '10');
  await scrollTopTo(page.getByTestId('timing-panel'), 420);
  await shot(page, `trade-screen-form-${look}`);
  await fill(page, 'amount', '150');
  await scrollTopTo(page.getByTestId('timing-panel'), 60);
  await shot(page, `trade-screen-insufficient-${look}`);

  const id = await placeShortest(page);
  const strip = page.getByTestId('timing-open-orders');
  const result = strip.locator(`[data-testid="timing-result"][data-id="${id}"]`);
  await expect(result).toBeVisible({ timeout: 60_000 });
  await scrollTopTo(strip, 60);
  await shot(page, `trade-screen-result-${look}`);
  expect(errors, look).toEqual([]);
}

// The three looks run side by side, each on a page of its own with its own member, so that their
// orders' periods run out together instead of one after another.
test('screenshots: chart, order form and result card (dark, light, ar)', async ({ browser, request }) => {
  test.setTimeout(150_000);
  // The members are made one after another: funding them shares one console session.
  const members: Member[] = [];
  for (const _variant of VARIANTS) members.push(await fundedMember(request));
  await Promise.all(
    VARIANTS.map(async (variant, index) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await useLanguage(page, variant.locale, variant.theme);
      await captureTradeScreen(page, variant.name, members[index]!);
      await context.close();
    }),
  );
});
