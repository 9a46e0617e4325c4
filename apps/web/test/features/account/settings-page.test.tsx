import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import SettingsPage from '../../../src/features/account/settings-page.tsx';
import { usePreferences } from '../../../src/stores/preferences-store.ts';
import { useSession } from '../../../src/stores/session-store.ts';
import { useUi } from '../../../src/stores/ui-store.ts';
import { fail, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';

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

describe('the nickname', () => {
  it('says the change is once, checks the nickname, and shows it used afterwards', async () => {
    signInAs(makeUser({ nickname: 'Alice', nicknameChanged: false }));
    const api = mockApi({
      '/user/get-login-info': () => makeUser({ nickname: 'Alice', nicknameChanged: false }),
      '/user/edit-nickname': (body) =>
        makeUser({ nickname: (body as { nickname: string }).nickname, nicknameChanged: true }),
    });
    renderPage(<SettingsPage />, { path: '/settings' });
    const user = userEvent.setup();
    const row = screen.getByTestId('settings-nickname');
    expect(within(row).getByText('Alice')).toBeTruthy();
    await user.click(row);
    const sheet = await screen.findByTestId('nickname-sheet');
    expect(within(sheet).getByTestId('nickname-once').textContent).toBe(
      'You can change your nickname only once.',
    );
    const input = within(sheet).getByRole('textbox');
    await user.clear(input);
    await user.type(input, 'x');
    await user.click(within(sheet).getByTestId('nickname-ok'));
    expect(await within(sheet).findByText(/A nickname has 2 to 16 letters/)).toBeTruthy();
    expect(api.callsTo('/user/edit-nickname')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'Nova');
    await user.click(within(sheet).getByTestId('nickname-ok'));
    await expect.poll(() => useSession.getState().user?.nickname).toBe('Nova');
    expect(api.callsTo('/user/edit-nickname')[0]?.body).toEqual({ nickname: 'Nova' });
    const used = within(screen.getByTestId('settings-nickname'));
    expect(used.getByText('Changed once')).toBeTruthy();
  });

  it('puts the server’s refusal under the field', async () => {
    signInAs(makeUser({ nicknameChanged: false }));
    mockApi({
      '/user/get-login-info': () => makeUser({ nicknameChanged: false }),
      '/user/edit-nickname': () =>
        fail('NICKNAME_ALREADY_CHANGED', 'The nickname can be changed only once, and it has been', {
          field: 'nickname',
        }),
    });
    renderPage(<SettingsPage />, { path: '/settings' });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('settings-nickname'));
    const sheet = await screen.findByTestId('nickname-sheet');
    await user.click(within(sheet).getByTestId('nickname-ok'));
    expect(
      await within(sheet).findByText('The nickname can be changed only once, and it has been'),
    ).toBeTruthy();
  });
});
