import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { OPERATORS } from './api.ts';
import { ARTIFACTS, collectConsoleErrors, totpAt } from './support.ts';

/**
 * The operators' console at /admin, served by the same built server. The seeded operators have fixed
 * demo passwords and TOTP secrets (apps/server/src/modules/operators/demo-operators.ts, decision 016),
 * so the test computes their codes the way an authenticator app would.
 */
const ADMIN = OPERATORS.admin;
const SUPPORT = OPERATORS.support;

// The console is a desktop tool; one check below also looks at it on a phone.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // Modals and drawers fade in; the picture shows them settled.
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

async function signIn(page: Page, operator: { username: string; password: string }, code: string) {
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByTestId('login-submit').click();
}

/** Refused sign-ins answer 401, which the browser logs as a failed resource; nothing else may appear. */
function unexpected(errors: string[]): string[] {
  return errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 40[13]/.test(error),
  );
}

test('the seeded administrator signs in with TOTP, sees the users and the audit log with the sign-in', async ({
  page,
}) => {
  // Six screens and eight screenshots, each after the network settles, while the other suites share
  // the two cores: 21 to 66 s in the last runs, past the default minute when the machine is busiest.
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: "Vela operators' console" })).toBeVisible();
  await shot(page, 'admin-login');

  // A wrong code is refused with the server's message and spends nothing.
  const current = await totpAt(ADMIN.totpSecret);
  const wrong = current === '000000' ? '111111' : '000000';
  await signIn(page, ADMIN, wrong);
  await expect(page.getByText('The Google code is wrong')).toBeVisible();

  await page.getByLabel('Authenticator code').fill(current);
  await page.getByTestId('login-submit').click();

  // Signed in: the first page is the user list, with the seeded users.
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId('console-operator')).toContainText('admin');
  // Usernames are the links of the table (the agent column names agents as plain text).
  const userLink = (name: string) => page.locator('.ant-table-tbody a').getByText(name, { exact: true });
  await expect(userLink('demo01')).toBeVisible();
  await expect(userLink('agent01')).toBeVisible();
  await shot(page, 'admin-users');

  // A user's detail names their agent; opening it is itself recorded.
  await userLink('demo01').click();
  const detail = page.getByTestId('user-detail');
  await expect(detail).toContainText('agent01');
  await expect(detail).toContainText('Not submitted');
  await shot(page, 'admin-user-detail');
  await page.keyboard.press('Escape');

  // The audit log, newest first: the view, then the sign-in, then the refused attempt.
  await page.getByTestId('console-menu').getByText('Audit log').click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const rows = page.getByTestId('audit-table').locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.nth(0)).toContainText('User viewed');
  await expect(rows.nth(1)).toContainText('Signed in');
  await expect(rows.nth(1)).toContainText('admin');
  await expect(rows.nth(2)).toContainText('Sign-in refused');
  await expect(rows.nth(2)).toContainText('totp_invalid');
  await shot(page, 'admin-audit');

  // Filtering by action leaves only the sign-ins.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.locator('.ant-select-item-option').getByText('Signed in', { exact: true }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  // Other tests of the run sign in too, so every row must be a sign-in, whatever their number.
  await expect(rows.filter({ hasText: 'User viewed' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Sign-in refused' })).toHaveCount(0);
  await expect(rows.first()).toContainText('Signed in');
  for (const row of await rows.all()) await expect(row).toContainText('Signed in');

  // Administrators see the operator accounts.
  await page.getByTestId('console-menu').getByText('Operators').click();
  await expect(page.locator('.ant-table-tbody')).toContainText('finance');
  await expect(page.locator('.ant-table-tbody')).toContainText('support');
  await shot(page, 'admin-operators');

  // A new operator: the authenticator secret is shown once, as a QR code and as text.
  await page.getByTestId('create-operator').click();
  const create = page.getByRole('dialog', { name: 'New operator' });
  await create.getByLabel('Username').fill('e2efin');
  // The role select shows its current value (support) over its input; clicking that opens it.
  await create.getByText('Support', { exact: true }).click();
  await page.locator('.ant-select-item-option').getByText('Finance', { exact: true }).click();
  await create.getByLabel('Initial password').fill('Finance#2030x');
  await create.getByLabel('Confirm password').fill('Finance#2030x');
  await create.getByRole('button', { name: 'Create' }).click();
  const enrolment = page.getByRole('dialog', { name: 'Authenticator for e2efin' });
  await expect(enrolment.getByTestId('enrolment-secret')).toContainText(/[A-Z2-7]{16,}/);
  await shot(page, 'admin-operator-enrolment');
  await enrolment.getByRole('button', { name: 'Done' }).click();

  // Disabling asks for a reason, which the audit log keeps beside the action.
  const created = page.locator('.ant-table-tbody tr', { hasText: 'e2efin' });
  await created.getByRole('button', { name: 'Disable' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable e2efin' });
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(disable.getByText('Give a reason; it is kept in the audit log')).toBeVisible();
  await disable.getByLabel('Reason').fill('Left the finance team');
  await shot(page, 'admin-operator-disable');
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(created).toContainText('Disabled');

  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await page.getByTestId('console-menu').getByText('Audit log').click();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(rows.nth(0)).toContainText('Operator disabled');
  await expect(rows.nth(0)).toContainText('Left the finance team');
  await expect(rows.nth(1)).toContainText('Operator created');
  await shot(page, 'admin-audit-dark');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(unexpected(errors)).toEqual([]);
});

test('support sees no operator management, and an ended session returns to the sign-in screen', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/admin/');
  await signIn(page, SUPPORT, await totpAt(SUPPORT.totpSecret));
  await expect(page).toHaveURL(/\/admin\/users$/);
  const menu = page.getByTestId('console-menu');
  await expect(menu.getByText('Audit log')).toBeVisible();
  await expect(menu.getByText('Operators')).toHaveCount(0);

  await page.goto('/admin/operators');
  await expect(page.getByText('Not for your role')).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/users');
  await expect(page.locator('.ant-table-tbody a').getByText('demo01', { exact: true })).toBeVisible();
  await shot(page, 'admin-users-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The session ends on the server (as after an idle half hour); the next call brings the sign-in back.
  await page.evaluate(() => {
    const stored = JSON.parse(sessionStorage.getItem('vela-admin-session') ?? '{}') as { token?: string };
    sessionStorage.setItem('vela-admin-session', JSON.stringify({ ...stored, token: 'op_ended' }));
  });
  await page.reload();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByText('Your session has ended, please log in again')).toBeVisible();
  expect(unexpected(errors)).toEqual([]);
});
