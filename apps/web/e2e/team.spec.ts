import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import type { Rebate, ReportFigures } from '@vela/contract';
import { credit, ok, operatorSession, post, signIn, signInPage, type Member } from './api.ts';
import { ARTIFACTS, collectConsoleErrors, fill, login, shot, uniqueName, useLanguage } from './support.ts';

/**
 * Agents and teams in the browser (docs/product.md, "Teams"): the demo agent adds a user and sees
 * each rebate beside its own with the difference it keeps; the new user logs in, must change the
 * initial password, and places a timed trade; once it settles the agent finds the member in its
 * team, the rebate with where it came from, and the team report moved. The share page's QR code
 * reads back as the registration link.
 */

const AGENT = { username: 'agent01', password: 'Agent@2024' };
const NEW_PASSWORD = 'Chosen#2026';
let agent: Member;

test.beforeAll(async ({ request }) => {
  agent = await signIn(request, AGENT.username, AGENT.password);
});

const teamReport = async (page: Page) => {
  const request = page.request;
  const today = new Date().toISOString().slice(0, 10);
  const answer = await ok(
    post<{ totals: ReportFigures[] }>(
      request,
      '/user/report',
      { scope: 'team', from: today, to: today, utcOffsetMinutes: 0 },
      { authorization: agent.token },
    ),
  );
  return answer.totals.find((f) => f.symbol === 'USDT');
};

/** Adds a member with 1.2 % on timed trades and 0.5 % on contracts; answers the initial password. */
async function addUserThroughTheScreen(page: Page, username: string): Promise<string> {
  await page.goto('/add-user');
  await page.getByTestId('select-userType').click();
  await page.getByTestId('user-type-picker').getByText('Member', { exact: true }).click();
  await fill(page, 'username', username);
  await fill(page, 'timingPercent', '1.2');
  await fill(page, 'contractPercent', '0.5');
  await page.getByTestId('add-user-submit').click();
  const confirm = page.getByTestId('add-user-confirm');
  await expect(confirm).toBeVisible();
  // Beside the agent's own 2 % and 1.5 %, the agent keeps 0.8 % and 1 %.
  await expect(confirm.getByTestId('confirm-timing-member')).toContainText('1.2');
  await expect(confirm.getByTestId('confirm-timing-own')).toContainText('2');
  await expect(confirm.getByTestId('confirm-timing-kept')).toContainText('0.8');
  await expect(confirm.getByTestId('confirm-contract-kept')).toContainText('1');
  await shot(page, 'add-user-confirm-dark');
  await confirm.getByTestId('add-user-confirm-ok').click();
  const result = page.getByTestId('add-user-result');
  await expect(result.getByTestId('added-username')).toContainText(username);
  return ((await result.getByTestId('added-password').textContent()) ?? '').trim();
}

test('an agent adds a user who trades, and sees the member, the rebate and the team report', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await useLanguage(page, 'en');
  const errors = collectConsoleErrors(page);
  await signInPage(page, request, AGENT.username, AGENT.password);
  const reportBefore = await teamReport(page);
  const username = uniqueName('t');
  const initial = await addUserThroughTheScreen(page, username);
  expect(initial.length).toBeGreaterThan(5);

  // The new user, on their own device: the first login leads to the password change.
  const device = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await device.newPage();
  await useLanguage(phone, 'en');
  await login(phone, username, initial);
  await expect(phone).toHaveURL(/\/edit-login-password/);
  await expect(phone.getByTestId('initial-password-notice')).toBeVisible();
  await fill(phone, 'oldPwd', initial);
  await fill(phone, 'newPwd', NEW_PASSWORD);
  await fill(phone, 'prePwd', NEW_PASSWORD);
  await phone.getByTestId('submit-edit-login-password').click();
  await expect(phone).not.toHaveURL(/\/edit-login-password/);
  const member = await signIn(request, username, NEW_PASSWORD);
  await credit(request, member, 'USDT', '100');

  // A 30-second timed trade of 10 USDT, placed on the trade screen.
  await phone.goto('/trade');
  await phone.getByTestId('timing-period').first().click();
  await fill(phone, 'amount', '10');
  await phone.getByTestId('timing-buy-up').click();
  await phone.getByTestId('timing-confirm').getByTestId('timing-confirm-ok').click();
  await expect(phone.getByTestId('timing-open-orders').getByTestId('timing-order').first()).toBeVisible();
  await device.close();

  // The rebate is paid when the trade settles: 10 × (2 % − 1.2 %) = 0.08 USDT.
  const rebates = async () =>
    (
      await ok(
        post<{ list: Rebate[] }>(request, '/user/rebate/list', { limit: 20 }, { authorization: agent.token }),
      )
    ).list;
  await expect
    .poll(async () => (await rebates()).find((r) => r.memberUsername === username)?.state, {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBe('paid');

  await page.goto('/my-team');
  await page.getByTestId('team-search').fill(username);
  const card = page.getByTestId('team-member').filter({ hasText: username });
  await expect(card).toBeVisible();
  await shot(page, 'my-team-dark');
  await page.goto('/rebates');
  const rebate = page.getByTestId('rebate').filter({ hasText: username }).first();
  await expect(rebate.getByTestId('rebate-amount')).toContainText('0.08');
  await rebate.click();
  await expect(page.getByTestId('rebate-equation')).toContainText('10');
  await expect(page.getByTestId('rebate-equation')).toContainText('0.08');
  await shot(page, 'rebate-origin-dark');
  await page.keyboard.press('Escape');

  // The team report moved by the trade, once the roll-up has taken it.
  await expect
    .poll(async () => Number((await teamReport(page))?.orderCount ?? 0), { timeout: 30_000 })
    .toBeGreaterThan(Number(reportBefore?.orderCount ?? 0));
  await page.goto('/team-report');
  await expect(page.getByTestId('report-figure-orderCount')).not.toHaveText('0');
  await shot(page, 'team-report-dark');
  expect(errors).toEqual([]);
});

test('the share page’s QR code reads back as the registration link with the invite code', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en');
  await signInPage(page, request, AGENT.username, AGENT.password);
  await page.goto('/share');
  const code = ((await page.getByTestId('share-invite-code').textContent()) ?? '').replace(/\D/g, '');
  expect(code).toMatch(/^\d{6}$/);
  const qr = page.getByTestId('share-qr');
  await expect(qr).toBeVisible();
  // The QR code's own pixels, read from its canvas, decoded as a phone's camera would.
  const image = await qr.evaluate((node) => {
    const canvas = node instanceof HTMLCanvasElement ? node : node.querySelector('canvas');
    if (!canvas) throw new Error('the QR code is not drawn on a canvas');
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height);
    if (!data) throw new Error('the QR code canvas has no pixels');
    return { pixels: Array.from(data.data), width: data.width, height: data.height };
  });
  const decoded = jsQR(new Uint8ClampedArray(image.pixels), image.width, image.height);
  const origin = new URL(page.url()).origin;
  expect(decoded?.data).toBe(`${origin}/register?inviteCode=${code}`);
  // Registration from that link fills in the code.
  await page.goto(`/register?inviteCode=${code}`);
  await expect(page.locator('input[name="inviteCode"]')).toHaveValue(code);
});

for (const variant of [
  { name: 'dark', locale: 'en', theme: 'dark' as const },
  { name: 'light', locale: 'en', theme: 'light' as const },
  { name: 'ar', locale: 'ar', theme: 'dark' as const },
]) {
  test(`team screens in ${variant.name}`, async ({ page, request }) => {
    await useLanguage(page, variant.locale, variant.theme);
    await signInPage(page, request, AGENT.username, AGENT.password);
    for (const [path, testId] of [
      ['/my-team', 'my-team-page'],
      ['/add-user', 'add-user-page'],
      ['/share', 'share-qr'],
      ['/team-report', 'report-totals'],
      ['/team-timing', 'team-timing-page'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(testId).first()).toBeVisible();
      await shot(page, `team${path.replace(/\//g, '-')}-${variant.name}`);
    }
  });
}

test('the console browses the agent tree, finds a member with its path, and shows the daily report', async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  const session = await operatorSession(request);
  await page.addInitScript((stored) => {
    sessionStorage.setItem('vela-admin-session', JSON.stringify(stored));
  }, session);
  await page.setViewportSize({ width: 1280, height: 800 });
  const member = await signIn(request, 'demo01', 'Demo@2024');
  await page.goto('/admin/agent-tree');
  const table = page.getByTestId('team-tree-table');
  await expect(table).toContainText(AGENT.username);
  await page.getByTestId(`team-toggle-${agent.userId}`).click();
  await expect(table).toContainText('demo01');
  await page.getByTestId(`team-edit-${member.userId}`).click();
  await expect(page.getByTestId('team-member-caps')).toBeVisible();
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(ARTIFACTS, 'console-agent-tree-edit.png') });
  await page.keyboard.press('Escape');
  await page.getByTestId('team-tree-search').fill('demo0');
  await page.getByTestId('team-tree-search').press('Enter');
  await expect(page.getByTestId(`team-path-${member.userId}`)).toContainText(AGENT.username);
  await page.goto('/admin/daily-reports');
  await expect(page.getByTestId('report-days-table')).toContainText('USDT');
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(ARTIFACTS, 'console-daily-reports.png') });
  expect(errors).toEqual([]);
});
