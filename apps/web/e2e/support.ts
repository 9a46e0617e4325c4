import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

export const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');
export const DEMO = { inviteCode: '100200', user: 'demo01', password: 'Demo@2024' };

/** Starts a page in English (the brand default is Korean) unless a test chooses otherwise. */
export async function useLanguage(page: Page, locale: string, theme: 'dark' | 'light' = 'dark') {
  await page.addInitScript(
    ([code, mode]) => {
      if (!localStorage.getItem('vela-preferences')) {
        localStorage.setItem(
          'vela-preferences',
          JSON.stringify({ state: { locale: code, theme: mode }, version: 1 }),
        );
      }
      // The system notice dialog is shown once per notice version; tests that do not look at it
      // mark every notice read (NOTICE_READ_KEY of system-notice-dialog.tsx).
      localStorage.setItem('vela-popup-notice-read-until', String(Number.MAX_SAFE_INTEGER));
    },
    [locale, theme] as const,
  );
}

/** Fails the test on any console error or uncaught exception in the page. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function totpAt(secret: string, offsetMs = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor((Date.now() + offsetMs) / 1000) });
}

export function uniqueName(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 36).toString(36)}`.slice(
    0,
    10,
  );
}

export async function fill(page: Page, name: string, value: string) {
  await page.locator(`input[name="${name}"]`).fill(value);
}

export async function login(page: Page, username: string, password: string, googleCode?: string) {
  await page.goto('/login');
  await fill(page, 'username', username);
  await fill(page, 'password', password);
  await page.getByTestId('login-submit').click();
  if (googleCode !== undefined) {
    await expect(page.locator('input[name="googleCode"]')).toBeVisible();
    await fill(page, 'googleCode', googleCode);
    await page.getByTestId('login-submit').click();
  }
}

/** Logs out as a user does: the user centre's log-out entry, confirmed, back on the login screen. */
export async function logOut(page: Page) {
  await page.goto('/user-center');
  await page.getByTestId('logout').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/login/);
}

export async function shot(page: Page, name: string) {
  // Toasts close after 3 s; screenshots show the screen, not a passing toast.
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}
