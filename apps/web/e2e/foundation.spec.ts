import { expect, test } from '@playwright/test';
import { ROUTES } from '../src/config/route-meta.ts';
import { signInPage } from './api.ts';
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

test('a visitor opening / lands on /home, and a private page sends them to /login', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('banner-carousel')).toBeVisible();
  await page.goto('/fund');
  await expect(page).toHaveURL(/\/login\?redirect=%2Ffund$/);
});

test('the first screen renders once: one router follows the browser history', async ({ page }) => {
  // A first render that starts over creates a second router, which listens to history too.
  await page.addInitScript(() => {
    const scope = window as unknown as { historyListeners: number };
    scope.historyListeners = 0;
    const listen = window.addEventListener.bind(window);
    window.addEventListener = ((type: string, ...rest: [EventListener, AddEventListenerOptions?]) => {
      if (type === 'popstate') scope.historyListeners += 1;
      listen(type, ...rest);
    }) as typeof window.addEventListener;
  });
  await useLanguage(page, 'en');
  for (const path of ['/home', '/currency']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => (window as unknown as { historyListeners: number }).historyListeners),
    ).toBe(1);
  }
  await page.locator('.tab-bar__item').nth(0).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/currency$/);
});

test('register, bind Google authenticator, log out, log in with a code; a used code is refused', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  const username = uniqueName('e');
  const password = 'Secret#123';

  await page.goto('/register');
  await fill(page, 'username', username);
  await fill(page, 'password', password);
  await fill(page, 'confirmPassword', password);
  await fill(page, 'fundPassword', 'Fund#4567');
  await fill(page, 'inviteCode', DEMO.inviteCode);
  await page.getByTestId('register-submit').click();
  // The new account is signed in at once.
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/bind-google-validator');
  const secret = (await page.getByTestId('google-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await fill(page, 'password', password);
  await fill(page, 'code', await totpAt(secret));
  await page.getByTestId('submit-bind-google').click();
  await expect(page).toHaveURL(/\/settings$/);

  await logOut(page);

  // Binding used the current 30-second step, so the login uses the next one (accepted within the
  // authenticator's ±30 s tolerance).
  const code = await totpAt(secret, 30_000);
  await login(page, username, password, code);
  await expect(page).toHaveURL(/\/home$/);

  await logOut(page);
  await login(page, username, password, code);
  await expect(page.getByTestId('error-googleCode')).toContainText('already used');
  await expect(page).toHaveURL(/\/login/);
});

/**
 * The app's page split at its later files (lib/later-files.ts): what it loads for the first screen,
 * and the links inside its `<template>` of files it fetches once it has settled.
 */
function splitAtLaterFiles(html: string): { firstScreen: string; later: string } {
  const [firstScreen = '', rest = ''] = html.split('<template id="later-files">');
  return { firstScreen, later: rest.split('</template>')[0] ?? '' };
}

test('an action tapped offline fails at once with a toast, whose code came before the network went', async ({
  page,
  context,
}) => {
  await useLanguage(page, 'en');
  // The toasts' code, in several files, is downloaded once the page has settled (lib/later-files.ts),
  // and not run yet. The test waits for every one of those downloads itself: the page is quiet for a
  // while before they start, so Playwright's `networkidle` may come before them, and the toasts'
  // own file may arrive before the others.
  const html = await (await page.request.get('/login', { headers: { accept: 'text/html' } })).text();
  const laterFiles = [...splitAtLaterFiles(html).later.matchAll(/href="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  expect(laterFiles.some((file) => /\/assets\/feedback-ui-[\w-]+\.js$/.test(file))).toBe(true);
  const finished = new Set<string>();
  page.on('requestfinished', (request) => finished.add(new URL(request.url()).pathname));
  await page.goto('/login');
  await expect.poll(() => laterFiles.filter((file) => !finished.has(file)), { timeout: 20_000 }).toEqual([]);
  await context.setOffline(true);
  await fill(page, 'username', DEMO.user);
  await fill(page, 'password', DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page.locator('.adm-toast-main')).toContainText('Network error');
  await expect(page.getByTestId('login-submit')).toBeEnabled();
  // Nothing goes out by itself once the connection is back.
  await context.setOffline(false);
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(/\/login$/);
});

test('the theme toggle survives a reload', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/home');
  await expect(page.locator('html')).toHaveClass('theme-dark');
  await page.getByTestId('toggle-theme').click();
  await expect(page.locator('html')).toHaveClass('theme-light');
  await page.reload();
  await expect(page.locator('html')).toHaveClass('theme-light');
});

test("the page applies the saved theme itself, before any of the app's scripts, within the security policy", async ({
  page,
}) => {
  await useLanguage(page, 'en', 'light');
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      refused.push(message.text());
  });
  // With the app's scripts held back, only the page's inline script can set the class.
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto('/home');
  await expect(page.locator('html')).toHaveClass('theme-light');
  expect(refused).toEqual([]);
});

test("the first screen's scripts ask to be compiled as they download; the other chunks do not", async ({
  request,
}) => {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  const html = await (await request.get('/home', { headers: { accept: 'text/html' } })).text();
  const { firstScreen, later } = splitAtLaterFiles(html);
  const scripts = (part: string) =>
    [...part.matchAll(/(?:src|href)="(\/assets\/[\w-]+\.js)"/g)].map((match) => match[1] ?? '');
  const first = scripts(firstScreen);
  const notFirst = scripts(later);
  expect(first.length).toBeGreaterThan(5);
  expect(notFirst.length).toBeGreaterThan(0);
  for (const file of first)
    expect((await (await request.get(file)).text()).startsWith(HINT), file).toBe(true);
  for (const file of notFirst)
    expect((await (await request.get(file)).text()).startsWith(HINT), file).toBe(false);
});

test('switching to Arabic turns the page right to left and shows Arabic text', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('open-language').click();
  await page.getByTestId('language-ar').click();
  await page.getByTestId('language-save').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('.tab-bar')).toContainText('الرئيسية');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

for (const { locale, edge } of [
  { locale: 'en', edge: 'left' },
  { locale: 'ar', edge: 'right' },
] as const) {
  test(`fields start at the reading edge, and the search icon keeps off it (${locale})`, async ({ page }) => {
    await useLanguage(page, locale);
    await page.goto('/login');
    await expect(page.locator('input[name="username"]')).toHaveCSS('text-align', edge);
    await page.goto('/currency');
    await expect(page.locator('.market__search input')).toHaveCSS('text-align', edge);
    // The search box's icon sits at the edge where the box starts, inside its padding.
    const gap = await page.evaluate((side) => {
      const box = document
        .querySelector('.market__search .adm-search-bar-input-box')!
        .getBoundingClientRect();
      const icon = document
        .querySelector('.market__search .adm-search-bar-input-box-icon')!
        .getBoundingClientRect();
      return side === 'left' ? icon.left - box.left : box.right - icon.right;
    }, edge);
    expect(gap).toBeGreaterThanOrEqual(8);
  });
}

test('every route renders without a console error, for a visitor and for a signed-in user', async ({
  page,
  request,
}) => {
  // Two passes over every route, each waiting for the network to settle.
  test.setTimeout(240_000);
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  const concrete = (path: string) => path.replace(':helpIndex', '0');
  for (const route of ROUTES) {
    await page.goto(concrete(route.path));
    await page.waitForLoadState('networkidle');
  }
  await signInPage(page, request, DEMO.user, DEMO.password);
  for (const route of ROUTES.filter((r) => r.path !== '/login' && r.path !== '/register')) {
    await page.goto(concrete(route.path));
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  expect(errors).toEqual([]);
});

for (const variant of [
  { name: 'dark', locale: 'en', theme: 'dark' as const },
  { name: 'light', locale: 'en', theme: 'light' as const },
  { name: 'arabic', locale: 'ar', theme: 'dark' as const },
]) {
  test(`screenshots: login, register, home, me and settings (${variant.name})`, async ({ page, request }) => {
    await useLanguage(page, variant.locale, variant.theme);
    await page.goto('/login');
    await shot(page, `${variant.name}-login`);
    await page.goto('/register');
    await shot(page, `${variant.name}-register`);
    await signInPage(page, request, DEMO.user, DEMO.password);
    await page.goto('/home');
    await shot(page, `${variant.name}-home`);
    await page.goto('/user-center');
    await shot(page, `${variant.name}-me`);
    await page.goto('/settings');
    await shot(page, `${variant.name}-settings`);
  });
}
