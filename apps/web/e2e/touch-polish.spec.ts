import { expect, test, type Page } from '@playwright/test';
import { MEMBER_PASSWORD, newMember, signInPage } from './api.ts';
import {
  DEMO,
  collectConsoleErrors,
  fill,
  logOut,
  login,
  shot,
  totpAt,
  uniqueName,
  useLanguage,
} from './support.ts';

/**
 * Touch, contrast and polish on a 375 × 812 phone: tap targets of at least 44 × 44 CSS px on the
 * main screens, the accent's contrast in the light theme, the market list's pairs and volumes,
 * coin names in the reader's language on the assets screen, the customer-service page in the app's
 * theme, and what follows registering and logging in.
 */

const MIN_TARGET = 44;

/**
 * Every visible interactive element of the page smaller than 44 × 44 px, described for the failure
 * message. Inputs are measured themselves (their text box takes the tap). Deliberate exceptions:
 * - hidden inputs that antd-mobile lays over a control (the switch's checkbox): the control around
 *   them is measured instead, through its role;
 * - elements no one can tap at the moment: zero-sized, `visibility: hidden`, or under an element
 *   that is `aria-hidden` (the slides of the banner carousel that are off screen);
 * - inline links inside running text in paragraphs, which WCAG 2.5.8 exempts: the sentence decides
 *   their size. (None of the main screens has one today.)
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, [role=button], [role=tab], [role=switch], [role=checkbox], [role=columnheader], input:not([type=hidden])';
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      if (element.closest('[aria-hidden="true"]')) continue;
      if (element.tagName === 'A' && element.closest('p')) continue;
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const id = element.dataset.testid ?? element.className.toString().split(' ')[0] ?? '';
        const text = (element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 24);
        found.push(
          `${element.tagName.toLowerCase()} ${id} "${text}" ${box.width.toFixed(0)}×${box.height.toFixed(0)}`,
        );
      }
    }
    return found;
  }, MIN_TARGET);
}

async function settled(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Skeletons give way to the data; measure what the user taps then.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

test('every tap target on the main screens is at least 44 × 44 px, for a visitor and a user', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  const problems: Record<string, string[]> = {};
  for (const path of ['/home', '/currency', '/trade', '/user-center', '/login', '/register']) {
    await settled(page, path);
    problems[`visitor ${path}`] = await smallTargets(page);
  }
  await signInPage(page, page.request, DEMO.user, DEMO.password);
  for (const path of ['/home', '/currency', '/trade', '/fund', '/user-center']) {
    await settled(page, path);
    problems[`user ${path}`] = await smallTargets(page);
  }
  // A page opened from a menu: its header's back control.
  await settled(page, '/settings');
  problems['user /settings'] = await smallTargets(page);
  const failing = Object.entries(problems).filter(([, list]) => list.length > 0);
  expect(Object.fromEntries(failing)).toEqual({});
});

/** Relative luminance of an sRGB colour (WCAG 2.x). */
function luminance([r, g, b]: number[]): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

function contrast(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The text colour of the element and the colour behind it, as the eye sees them: each background
 * from the element (its `::before` layer first, where a pill is drawn) up to the page, composed by
 * their alpha over what lies beneath.
 */
async function textAndBackground(page: Page, selector: string): Promise<{ text: number[]; back: number[] }> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const probe = document.createElement('canvas').getContext('2d')!;
      const rgba = (colour: string): number[] => {
        probe.clearRect(0, 0, 1, 1);
        probe.fillStyle = '#000';
        probe.fillStyle = colour;
        probe.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
        return [r!, g!, b!, a! / 255];
      };
      const layers: number[][] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (node === element) layers.push(rgba(getComputedStyle(node, '::before').backgroundColor));
        layers.push(rgba(getComputedStyle(node).backgroundColor));
      }
      // Compose from the page upward; a layer drawn with a canvas keeps its own alpha.
      let back = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) {
        if (!a) continue;
        back = [r! * a + back[0]! * (1 - a), g! * a + back[1]! * (1 - a), b! * a + back[2]! * (1 - a)];
      }
      const [r, g, b] = rgba(getComputedStyle(element).color);
      return { text: [r!, g!, b!], back };
    });
}

test('the accent as text meets WCAG AA in the light theme: the selected interval and a chip', async ({
  page,
}) => {
  await useLanguage(page, 'en', 'light');
  await settled(page, '/trade');
  const interval = await textAndBackground(page, '.trade-interval--on');
  expect(contrast(interval.text, interval.back)).toBeGreaterThanOrEqual(4.5);

  await settled(page, '/home');
  const chip = await textAndBackground(page, '.chip--active');
  expect(contrast(chip.text, chip.back)).toBeGreaterThanOrEqual(4.5);
  // It is still the accent, not a grey: the red channel leads, as in the yellow.
  expect(chip.text[0]).toBeGreaterThan(chip.text[2]! + 60);
});

/** "2.55B" -> 2.55e9, for comparing shown volumes. */
function compactValue(text: string): number {
  const match = /([\d,.]+)([KMBT]?)/.exec(text);
  if (!match) throw new Error(`no figure in ${text}`);
  const scale = { '': 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[match[2] as '' | 'K' | 'M' | 'B' | 'T'];
  return Number(match[1]!.replaceAll(',', '')) * scale;
}

test('the market list names pairs, shows volume with its unit, and the volume tab ranks by it', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  await settled(page, '/currency');
  const btc = page.locator('[data-testid="market-row"][data-symbol="BTC"]');
  await expect(btc.getByTestId('pair-name')).toHaveText('BTC/USDT');
  await expect(btc.getByTestId('market-turnover')).toHaveText(/^Vol \d[\d.,]*[KMBT] USDT$/);
  // Billions read B in English, never G.
  const volumes = await page.getByTestId('market-turnover').allTextContents();
  expect(volumes.some((text) => /\dB USDT$/.test(text))).toBe(true);
  expect(volumes.some((text) => /\dG\b/.test(text))).toBe(false);

  await page.getByTestId('sort-price').click();
  await expect(page.getByTestId('sort-price')).toHaveAttribute('aria-sort', 'descending');
  await page.getByTestId('market-tab-volume').click();
  await expect(page.getByTestId('sort-price')).toHaveAttribute('aria-sort', 'none');
  const shown = await page.getByTestId('market-turnover').allTextContents();
  const figures = shown.map(compactValue);
  expect(figures).toEqual([...figures].sort((a, b) => b - a));
  expect(errors).toEqual([]);
});

test('coin names follow the language on the assets screen as on the market list', async ({ page }) => {
  await useLanguage(page, 'kr');
  await signInPage(page, page.request, DEMO.user, DEMO.password);
  await settled(page, '/currency');
  const marketName = await page
    .locator('[data-testid="market-row"][data-symbol="BTC"]')
    .getByTestId('market-name')
    .textContent();
  expect(marketName).toBe('비트코인');
  // Korean has its own compact units (억 for a hundred million).
  await expect(page.getByTestId('market-turnover').first()).toHaveText(/\d(억|만|조)? USDT/);

  await settled(page, '/fund');
  const btc = page.locator('[data-testid="wallet-currency"][data-symbol="BTC"]');
  await expect(btc.locator('.wallet-coin__name')).toHaveText(marketName!);
  const usdt = page.locator('[data-testid="wallet-currency"][data-symbol="USDT"]');
  await expect(usdt.locator('.wallet-coin__name')).toHaveText('테더');
});

async function frameBackground(page: Page): Promise<string> {
  const frame = page.frameLocator('[data-testid="customer-frame"]');
  await expect(frame.locator('h1')).toBeVisible();
  return frame.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
}

test('the customer-service page wears the app theme', async ({ page }) => {
  await useLanguage(page, 'en', 'dark');
  await signInPage(page, page.request, DEMO.user, DEMO.password);
  await page.goto('/home');
  await page.getByTestId('open-customer').click();
  expect(await frameBackground(page)).toBe('rgb(11, 14, 20)');
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('toggle-theme').click();
  await page.getByTestId('open-customer').click();
  expect(await frameBackground(page)).toBe('rgb(245, 246, 248)');
});

test('registering signs the new user in, with a short welcome at the top', async ({ page }) => {
  await useLanguage(page, 'en');
  const username = uniqueName('r');
  await page.goto('/register');
  await fill(page, 'username', username);
  await fill(page, 'password', 'Secret#123');
  await fill(page, 'confirmPassword', 'Secret#123');
  await fill(page, 'fundPassword', 'Fund#4567');
  await fill(page, 'inviteCode', DEMO.inviteCode);
  // The greeting is measured the moment it shows: it is brief.
  const greeting = page.waitForFunction(() => {
    const toast = document.querySelector('.adm-toast-main');
    if (!toast?.textContent) return null;
    const box = toast.getBoundingClientRect();
    return { text: toast.textContent, bottom: box.bottom, height: box.height };
  });
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/home$/);

  // One small line near the top, not a box over the middle of the screen, and soon gone.
  const shown = await (await greeting).jsonValue();
  expect(shown?.text).toBe('Registration successful');
  expect(shown!.bottom).toBeLessThan(812 / 3);
  expect(shown!.height).toBeLessThan(64);
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 2500 });

  await page.goto('/user-center');
  await expect(page.getByTestId('profile-card')).toContainText(username);
});

test('the authenticator code field is not shown as wrong before anything is typed', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en');
  // Registering through the screens has a test of its own (foundation.spec.ts).
  const { username } = await newMember(request, 'g');
  const password = MEMBER_PASSWORD;
  await signInPage(page, request, username, password);

  await page.goto('/bind-google-validator');
  const secret = (await page.getByTestId('google-secret').textContent())?.trim() ?? '';
  await expect(page.locator('[data-field="code"]')).not.toHaveClass(/form-field--error/);
  await expect(page.getByTestId('error-code')).toHaveCount(0);
  await fill(page, 'password', password);
  await fill(page, 'code', await totpAt(secret));
  await page.getByTestId('submit-bind-google').click();
  await expect(page).toHaveURL(/\/settings$/);

  await logOut(page);
  await login(page, username, password);
  await expect(page.locator('input[name="googleCode"]')).toBeVisible();
  await expect(page.locator('[data-field="googleCode"]')).not.toHaveClass(/form-field--error/);
  await expect(page.getByTestId('error-googleCode')).toHaveCount(0);
});

test('each menu entry of the user centre opens a page titled as the entry reads', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInPage(page, page.request, DEMO.user, DEMO.password);
  await settled(page, '/user-center');
  // The first list holds the pages; the second the preferences, which open popups.
  const entries = page.locator('.account-list').first().locator('[data-testid^="menu-"]');
  // The page's code may still be starting on a loaded machine: the list is read once it shows.
  await expect(entries.first()).toBeVisible();
  const ids = await entries.evaluateAll((list) => list.map((e) => e.getAttribute('data-testid') ?? ''));
  expect(ids.length).toBeGreaterThan(3);
  for (const id of ids) {
    const entry = page.getByTestId(id);
    const label = (await entry.locator('.adm-list-item-content-main').textContent())?.trim();
    await entry.click();
    await expect(page.locator('.page-header__title'), id).toHaveText(label!);
    await page.goBack();
    await expect(page).toHaveURL(/\/user-center$/);
  }
});

for (const variant of [
  { name: 'dark', locale: 'en', theme: 'dark' as const },
  { name: 'light', locale: 'en', theme: 'light' as const },
  { name: 'arabic', locale: 'ar', theme: 'light' as const },
]) {
  test(`screenshots: market, assets, login, register, me and customer service (${variant.name})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await useLanguage(page, variant.locale, variant.theme);
    await settled(page, '/login');
    await shot(page, `polish-${variant.name}-login`);
    await settled(page, '/register');
    await shot(page, `polish-${variant.name}-register`);
    await signInPage(page, page.request, DEMO.user, DEMO.password);
    await settled(page, '/home');
    await shot(page, `polish-${variant.name}-home`);
    await settled(page, '/currency');
    await shot(page, `polish-${variant.name}-currency`);
    await settled(page, '/trade');
    await shot(page, `polish-${variant.name}-trade`);
    await settled(page, '/fund');
    await shot(page, `polish-${variant.name}-fund`);
    await settled(page, '/user-center');
    await shot(page, `polish-${variant.name}-me`);
    await page.getByTestId('menu-customer-service').click();
    await expect(page.frameLocator('[data-testid="customer-frame"]').locator('h1')).toBeVisible();
    await shot(page, `polish-${variant.name}-customer-service`);
  });
}
