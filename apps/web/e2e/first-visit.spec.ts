import { expect, test, type Page } from '@playwright/test';
import { post, setPreferences, signIn, signInPage } from './api.ts';
import { DEMO, collectConsoleErrors, shot, useLanguage } from './support.ts';

/** Marks every notice read, and nothing else: the language is left to the first visit's rules. */
async function skipNotices(page: Page) {
  await page.addInitScript(() =>
    localStorage.setItem('vela-popup-notice-read-until', String(Number.MAX_SAFE_INTEGER)),
  );
}

const documentLanguage = (page: Page) => page.locator('html').getAttribute('lang');

test.describe('the first visit opens in the language of the device (en-US)', () => {
  test('an English device on a host the brand map does not name gets English', async ({ page }) => {
    await skipNotices(page);
    await page.goto('/home');
    await expect(page.getByRole('navigation', { name: 'main' })).toContainText('Home');
    expect(await documentLanguage(page)).toBe('en');
  });

  test("a saved choice beats the device's language", async ({ page }) => {
    await skipNotices(page);
    await page.addInitScript(() =>
      localStorage.setItem('vela-preferences', JSON.stringify({ state: { locale: 'ja' }, version: 2 })),
    );
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  });
});

test.describe('a Brazilian device', () => {
  test.use({ locale: 'pt-BR' });
  test('gets Portuguese', async ({ page }) => {
    await skipNotices(page);
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  });
});

test.describe('a device in a language the product does not offer', () => {
  test.use({ locale: 'fr-FR' });
  test("gets the brand's Korean", async ({ page }) => {
    await skipNotices(page);
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  });
});

test('the demo member starts with 10,000 USDT, posted as an adjustment its bills explain', async ({
  request,
}) => {
  const demo = await signIn(request, DEMO.user, DEMO.password);
  const answer = await post<{
    list: { type: string; symbol: string; amount: string; memo: string | null }[];
  }>(request, '/wallet/bills', { types: ['adjustment'], limit: 50 }, { authorization: demo.token });
  expect(answer.success).toBe(true);
  const opening = answer.data.list.filter((bill) => bill.memo === 'Opening balance of the demo account');
  expect(opening).toHaveLength(1);
  expect(opening[0]).toMatchObject({ type: 'adjustment', symbol: 'USDT' });
  expect(Number(opening[0]!.amount)).toBe(10_000);
});

test('the welcome notice shows once, and not again after a change of language', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/home');
  const dialog = page.getByRole('dialog', { name: 'Welcome to Vela' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  // The same notice in Korean is the same version: it is not shown again.
  await setPreferences(page, { theme: 'dark', locale: 'kr' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByTestId('notice-item').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('notice-item').first()).toBeAttached();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);
});

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

async function openTab(page: Page, label: string, path: string) {
  await page.getByRole('navigation', { name: 'main' }).getByRole('button', { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Scrolls the page down by `y` pixels and answers where it came to rest. */
async function scrollDown(page: Page, y: number): Promise<number> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
  return scrollY(page);
}

test('each tab opens at its own scroll position, or its top on the first visit', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/currency');
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  const marketAt = await scrollDown(page, 300);

  await openTab(page, 'Home', '/home');
  await expect(page.getByTestId('hot-coin').first()).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  const homeAt = await scrollDown(page, 200);
  expect(homeAt).not.toBe(marketAt);

  await openTab(page, 'Market', '/currency');
  await expect.poll(() => scrollY(page)).toBe(marketAt);
  await openTab(page, 'Home', '/home');
  await expect.poll(() => scrollY(page)).toBe(homeAt);
});

test('the hot coins are BTC and ETH, then the most traded coin', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/home');
  await expect(page.getByTestId('hot-coin')).toHaveCount(3);
  const symbols = await page.locator('.hot-coin__symbol').allTextContents();
  expect(symbols.slice(0, 2)).toEqual(['BTC', 'ETH']);
  expect(['SOL', 'BNB', 'XRP', 'DOGE', 'ADA', 'LTC']).toContain(symbols[2]);
});

/** What leads somewhere on the main screens besides the tab bar: menus, banners, actions and links. */
const LINKS_BESIDE_TAB_BAR = [
  '.quick-menus button',
  '[data-testid="quick-deposit"]',
  '.home-banner',
  '.account-list [data-testid^="menu-"]:not([data-testid="menu-language"]):not([data-testid="menu-line"]):not([data-testid="menu-customer-service"])',
  '.wallet-actions button:not([data-testid="wallet-transfer"])',
  'main a[href^="/"]',
].join(', ');

const LINKS = `.tab-bar__item, ${LINKS_BESIDE_TAB_BAR}`;

/**
 * Where one link, tab or menu entry of `screen` leads: an anchor's own address, or where a tap on it
 * goes. The banners the carousel is not showing are inert, or become so while the carousel moves,
 * and cannot be tapped: null (the unit test of config/built-routes checks every banner's target).
 */
async function targetOf(page: Page, links: string, screen: string, index: number): Promise<string | null> {
  const link = page.locator(links).nth(index);
  if (await link.evaluate((element) => element.closest('[inert]') !== null)) return null;
  const href = await link.getAttribute('href');
  if (href) return new URL(href, page.url()).pathname;
  const banner = await link.evaluate((element) => element.classList.contains('home-banner'));
  try {
    await link.click({ timeout: banner ? 2000 : 5000 });
  } catch (error) {
    // The carousel moved on between finding the banner and tapping it; the one shown is checked.
    if (banner) return null;
    throw error;
  }
  await page.waitForURL((url) => url.pathname !== screen, { timeout: 2000 }).catch(() => undefined);
  const target = new URL(page.url()).pathname;
  if (target !== screen) {
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${screen}$`));
    // A prompt the screen reached opened on entry (to finish a step first) closes with Back.
    await expect(page.locator('.adm-mask')).toHaveCount(0);
  }
  // A prompt this entry opened on the screen itself would cover the next entry: it starts again.
  if (target === screen) {
    await page.goto(screen);
    await page.waitForLoadState('networkidle');
  }
  return target;
}

/**
 * The built screens each main screen must lead to. The tab bar is the same on every main screen, so
 * it is walked on the home screen only; each screen is its own test, so a slow machine spends its
 * time budget per screen and a failure names the screen. The market screen has nothing beside the
 * tab bar but its rows, which the market tests open.
 */
const MAIN_SCREENS: Record<string, string[]> = {
  '/home': ['/home', '/currency', '/trade', '/fund', '/user-center', '/recharge', '/finance'],
  '/trade': ['/contract-trade'],
  '/fund': ['/recharge', '/withdraw', '/user-bills'],
  '/user-center': ['/user-bills', '/settings'],
};

for (const [screen, expected] of Object.entries(MAIN_SCREENS)) {
  test(`no menu, banner or link of ${screen} leads to a placeholder page`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await useLanguage(page, 'en');
    const errors = collectConsoleErrors(page);
    await signInPage(page, request, DEMO.user, DEMO.password);
    await page.goto(screen);
    await page.waitForLoadState('networkidle');
    const links = screen === '/home' ? LINKS : LINKS_BESIDE_TAB_BAR;
    const count = await page.locator(links).count();
    expect(count).toBeGreaterThan(0);
    const targets = new Set<string>();
    for (let index = 0; index < count; index += 1) {
      const target = await targetOf(page, links, screen, index);
      if (target !== null) targets.add(target);
    }
    // Each screen reached is opened once, as a fresh visit, and must be a built screen.
    for (const target of targets) {
      await page.goto(target);
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('empty-pageNotReady'), target).toHaveCount(0);
    }
    // The menus lead to the built screens they name.
    for (const path of expected) expect([...targets], path).toContain(path);
    expect(errors).toEqual([]);
  });
}

test('customer service opens a real page', async ({ page, request }) => {
  await useLanguage(page, 'en');
  await signInPage(page, request, DEMO.user, DEMO.password);
  await page.goto('/user-center');
  await page.getByTestId('menu-customer-service').click();
  const popup = page.getByTestId('customer-popup');
  await expect(popup).toBeVisible();
  await expect(
    popup.frameLocator('iframe').getByRole('heading', { name: 'Vela customer service' }),
  ).toBeVisible();
});

for (const variant of [
  { name: 'dark', locale: 'en', theme: 'dark' as const },
  { name: 'light', locale: 'en', theme: 'light' as const },
  { name: 'arabic', locale: 'ar', theme: 'dark' as const },
]) {
  test(`screenshots: home with its hot coins and tab bar, and the user centre (${variant.name})`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, variant.locale, variant.theme);
    await signInPage(page, request, DEMO.user, DEMO.password);
    await page.goto('/home');
    await expect(page.getByTestId('hot-coin')).toHaveCount(3);
    await shot(page, `first-visit-home-${variant.name}`);
    await page.goto('/user-center');
    await expect(page.getByTestId('profile-card')).toBeVisible();
    await shot(page, `first-visit-me-${variant.name}`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, `first-visit-me-bottom-${variant.name}`);
  });
}
