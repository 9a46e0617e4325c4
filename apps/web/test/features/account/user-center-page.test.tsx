import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import UserCenterPage from '../../../src/features/account/user-center-page.tsx';
import { usePreferences } from '../../../src/stores/preferences-store.ts';
import { useSession } from '../../../src/stores/session-store.ts';
import { useUi } from '../../../src/stores/ui-store.ts';
import {
  answerDialog,
  fail,
  makeUser,
  mockApi,
  renderPage,
  setupWebTests,
  signInAs,
  TEST_TOKEN,
} from '../../setup.tsx';

setupWebTests();

const agent = () =>
  makeUser({
    id: 77,
    nickname: 'Boss',
    username: 'boss01',
    userType: 2,
    isAgent: true,
    inviteCode: '123456',
  });

describe('user centre', () => {
  it('shows a visitor the log-in card and the menus anyone may use, and no personal parts', async () => {
    const api = mockApi({});
    renderPage(<UserCenterPage />, { path: '/user-center' });

    const card = screen.getByTestId('visitor-card');
    expect(within(card).getByText('Not logged in')).toBeTruthy();
    expect(screen.queryByTestId('profile-card')).toBeNull();
    expect(screen.queryByTestId('hide-balance-toggle')).toBeNull();
    expect(screen.queryByTestId('logout')).toBeNull();
    expect(screen.queryByTestId('menu-my-team')).toBeNull();
    expect(screen.getByTestId('menu-customer-service')).toBeTruthy();
    expect(api.callsTo('/user/get-login-info')).toHaveLength(0);

    await userEvent.setup().click(within(card).getByTestId('login-or-register'));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('shows an agent the profile and invite code, refreshed from the server', async () => {
    signInAs(agent());
    const api = mockApi({
      '/user/get-login-info': () => ({ ...agent(), nickname: 'Boss Renamed', inviteCode: '654321' }),
    });
    renderPage(<UserCenterPage />, { path: '/user-center' });

    const card = screen.getByTestId('profile-card');
    expect(card.textContent).toContain('UID 77');
    expect(within(card).getByTestId('user-type-badge').textContent).toBe('Agent');
    expect(await within(card).findByText('Boss Renamed')).toBeTruthy();
    expect(screen.getByTestId('invite-code').textContent).toBe('654321');
    expect(useSession.getState().user).toMatchObject({ nickname: 'Boss Renamed', inviteCode: '654321' });
    expect(api.callsTo('/user/get-login-info')[0]?.headers.authorization).toBe(TEST_TOKEN);
    // The team screen is built, and an agent's menu leads there.
    expect(screen.getByTestId('menu-my-team')).toBeTruthy();
    // The team report is built, and an agent's menu leads there.
    expect(screen.getByTestId('menu-team-report')).toBeTruthy();
  });

  it('shows a member no invite code and no team menus', () => {
    const member = signInAs(makeUser({ nickname: '', username: 'carol9' }));
    mockApi({ '/user/get-login-info': () => member });
    renderPage(<UserCenterPage />, { path: '/user-center' });

    const card = screen.getByTestId('profile-card');
    expect(within(card).getByText('carol9')).toBeTruthy();
    expect(within(card).getByTestId('user-type-badge').textContent).toBe('Member');
    expect(screen.queryByTestId('invite-code')).toBeNull();
    expect(screen.queryByTestId('menu-my-team')).toBeNull();
    expect(screen.queryByTestId('menu-team-report')).toBeNull();
    expect(screen.getByTestId('menu-user-report')).toBeTruthy();
    expect(screen.getByTestId('menu-bills')).toBeTruthy();
  });

  it('offers no entry to a screen that is not built yet', () => {
    signInAs(makeUser());
    mockApi({ '/user/get-login-info': () => makeUser() });
    renderPage(<UserCenterPage />, { path: '/user-center' });
    for (const testId of ['menu-messages', 'menu-help', 'menu-add-to-home']) {
      expect(screen.queryByTestId(testId), testId).toBeNull();
    }
    expect(screen.getByTestId('menu-settings')).toBeTruthy();
    expect(screen.getByTestId('menu-customer-service')).toBeTruthy();
  });

  it('hides and shows the total with the eye toggle, and never invents a figure', async () => {
    const user = signInAs(makeUser());
    mockApi({ '/user/get-login-info': () => user });
    renderPage(<UserCenterPage />, { path: '/user-center' });
    const events = userEvent.setup();

    const toggle = screen.getByTestId('hide-balance-toggle');
    expect(screen.getByTestId('total-assets').textContent).toBe('--');
    expect(toggle.getAttribute('aria-label')).toBe('Hide balances');

    await events.click(toggle);
    expect(screen.getByTestId('total-assets').textContent).toBe('****');
    expect(usePreferences.getState().hideBalance).toBe(true);
    expect(toggle.getAttribute('aria-label')).toBe('Show balances');

    await events.click(toggle);
    expect(screen.getByTestId('total-assets').textContent).toBe('--');
  });

  it('shows the total of the wallets in USDT from the wallet overview', async () => {
    const user = signInAs(makeUser());
    mockApi({
      '/user/get-login-info': () => user,
      '/wallet/overview': () => ({ totalUsdt: '1234.567891', currencies: [] }),
    });
    renderPage(<UserCenterPage />, { path: '/user-center' });
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('1,234.56 USDT'));
  });

  it('logs out after confirmation: calls the API, clears the session and personal preferences, goes to /login', async () => {
    const user = signInAs(makeUser());
    usePreferences.setState({ hideBalance: true, favourites: [1, 2] });
    const api = mockApi({ '/user/get-login-info': () => user, '/user/logout': () => null });
    renderPage(<UserCenterPage />, { path: '/user-center' });
    const events = userEvent.setup();

    await events.click(screen.getByTestId('logout'));
    expect(await screen.findByText('Log out of this device?')).toBeTruthy();
    await answerDialog('Confirm');

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(api.callsTo('/user/logout')).toHaveLength(1);
    expect(api.callsTo('/user/logout')[0]?.headers.authorization).toBe(TEST_TOKEN);
    expect(useSession.getState()).toMatchObject({ token: null, user: null });
    expect(usePreferences.getState()).toMatchObject({ hideBalance: false, favourites: [] });
    expect(await screen.findByText('Logged out')).toBeTruthy();
  });

  it('still logs out locally when the logout call fails', async () => {
    const user = signInAs(makeUser());
    mockApi({ '/user/get-login-info': () => user, '/user/logout': () => fail('INTERNAL_ERROR', 'down') });
    renderPage(<UserCenterPage />, { path: '/user-center' });
    const events = userEvent.setup();

    await events.click(screen.getByTestId('logout'));
    await answerDialog('Confirm');

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(useSession.getState().token).toBeNull();
  });

  it('stays signed in when the log-out confirmation is cancelled', async () => {
    const user = signInAs(makeUser());
    const api = mockApi({ '/user/get-login-info': () => user, '/user/logout': () => null });
    renderPage(<UserCenterPage />, { path: '/user-center' });
    const events = userEvent.setup();

    await events.click(screen.getByTestId('logout'));
    await answerDialog('Cancel');

    await waitFor(() => expect(screen.queryByText('Log out of this device?')).toBeNull());
    expect(api.callsTo('/user/logout')).toHaveLength(0);
    expect(useSession.getState().token).toBe(TEST_TOKEN);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('renews the invite code after confirmation and refreshes the user', async () => {
    signInAs(agent());
    let code = '123456';
    const api = mockApi({
      '/user/get-login-info': () => ({ ...agent(), inviteCode: code }),
      '/user/reload-invite-code': () => {
        code = '999000';
        return { inviteCode: code };
      },
    });
    renderPage(<UserCenterPage />, { path: '/user-center' });
    const events = userEvent.setup();
    await waitFor(() => expect(api.callsTo('/user/get-login-info')).toHaveLength(1));

    await events.click(screen.getByTestId('renew-invite-code'));
    expect(
      await screen.findByText('The current invite code will stop working. Issue a new one?'),
    ).toBeTruthy();
    await answerDialog('Confirm');

    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toBe('999000'));
    await waitFor(() => expect(api.callsTo('/user/get-login-info')).toHaveLength(2));
    expect(useSession.getState().user?.inviteCode).toBe('999000');
  });

  it('copies the invite code', async () => {
    signInAs(agent());
    mockApi({ '/user/get-login-info': () => agent() });
    // user-event installs a clipboard of its own on navigator; it is read back below.
    const events = userEvent.setup();
    renderPage(<UserCenterPage />, { path: '/user-center' });

    await events.click(screen.getByTestId('copy-invite-code'));

    expect(await navigator.clipboard.readText()).toBe('123456');
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('opens the settings page, the language popup and switches the theme', async () => {
    const user = signInAs(makeUser());
    mockApi({ '/user/get-login-info': () => user });
    renderPage(<UserCenterPage />, { path: '/user-center' });
    const events = userEvent.setup();

    await events.click(screen.getByTestId('menu-language'));
    expect(useUi.getState().languageOpen).toBe(true);
    await events.click(screen.getByTestId('theme-switch'));
    expect(usePreferences.getState().theme).toBe('light');
    await events.click(screen.getByTestId('menu-settings'));
    expect(screen.getByTestId('location').textContent).toBe('/settings');
  });
});
