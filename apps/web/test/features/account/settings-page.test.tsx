import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import SettingsPage from '../../../src/features/account/settings-page.tsx';
import { usePreferences } from '../../../src/stores/preferences-store.ts';
import { useSession } from '../../../src/stores/session-store.ts';
import { useUi } from '../../../src/stores/ui-store.ts';
import { makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';

setupWebTests();

describe('settings', () => {
  it('shows an unset fund password as "Not set" in the down colour and leads to binding one', async () => {
    const user = signInAs(makeUser({ hasFundPassword: false, googleBound: false }));
    mockApi({ '/user/get-login-info': () => user });
    renderPage(<SettingsPage />, { path: '/settings' });

    const fundRow = screen.getByTestId('settings-fund-password');
    const notSet = within(fundRow).getByText('Not set');
    expect(notSet.classList.contains('down')).toBe(true);
    expect(within(screen.getByTestId('settings-google')).getByText('Not bound')).toBeTruthy();

    await userEvent.setup().click(fundRow);
    expect(screen.getByTestId('location').textContent).toBe('/bind-fund-password');
  });

  it('leads to changing an existing fund password and shows a bound authenticator', async () => {
    const user = signInAs(makeUser({ hasFundPassword: true, googleBound: true }));
    mockApi({ '/user/get-login-info': () => user });
    renderPage(<SettingsPage />, { path: '/settings' });

    const fundRow = screen.getByTestId('settings-fund-password');
    expect(within(fundRow).queryByText('Not set')).toBeNull();
    expect(within(fundRow).getByText('Change')).toBeTruthy();
    expect(within(screen.getByTestId('settings-google')).getByText('Bound')).toBeTruthy();

    await userEvent.setup().click(fundRow);
    expect(screen.getByTestId('location').textContent).toBe('/edit-fund-password');
  });

  it('refreshes the user on entry, so a change made elsewhere shows', async () => {
    signInAs(makeUser({ hasFundPassword: false }));
    const api = mockApi({ '/user/get-login-info': () => makeUser({ hasFundPassword: true }) });
    renderPage(<SettingsPage />, { path: '/settings' });

    expect(await within(screen.getByTestId('settings-fund-password')).findByText('Change')).toBeTruthy();
    expect(api.callsTo('/user/get-login-info')).toHaveLength(1);
    expect(useSession.getState().user?.hasFundPassword).toBe(true);
  });

  it('opens the language and line popups and switches the theme', async () => {
    const user = signInAs(makeUser());
    mockApi({
      '/user/get-login-info': () => user,
      '/i18n-language/simple-list': () => [{ code: 'en', enabled: true, localeName: 'English' }],
    });
    renderPage(<SettingsPage />, { path: '/settings' });
    const events = userEvent.setup();

    expect(await within(screen.getByTestId('menu-language')).findByText('English')).toBeTruthy();
    await events.click(screen.getByTestId('menu-language'));
    expect(useUi.getState().languageOpen).toBe(true);
    await events.click(screen.getByTestId('menu-line'));
    expect(useUi.getState().lineOpen).toBe(true);

    expect(usePreferences.getState().theme).toBe('dark');
    await events.click(screen.getByTestId('theme-switch'));
    expect(usePreferences.getState().theme).toBe('light');
  });
});
