import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@vela/contract/routes';
import { preHashPassword } from '@vela/domain';
import { RouteGuard } from '../../../src/app/route-guard-view.tsx';
import { decideNavigation } from '../../../src/config/route-guard.ts';
import EditLoginPasswordPage from '../../../src/features/account/edit-login-password-page.tsx';
import { call } from '../../../src/lib/api-client.ts';
import { useSession } from '../../../src/stores/session-store.ts';
import {
  answerDialog,
  fail,
  inputNamed,
  makeUser,
  mockApi,
  renderPage,
  setupWebTests,
  signInAs,
} from '../../setup.tsx';
import { until } from '../../support/helpers.tsx';

setupWebTests();

const gated = { token: 'token', hasUser: true, mustChangePassword: true };
const NEW_USER = () => makeUser({ id: 501, username: 'bob01', mustChangePassword: true });

describe('the initial password rule', () => {
  it('sends a user who must change it from every page to the login password page, with the way back', () => {
    expect(decideNavigation('/fund', gated)).toEqual({
      kind: 'redirect',
      to: '/edit-login-password?redirect=%2Ffund',
    });
    expect(decideNavigation('/recharge?vcId=2', gated)).toEqual({
      kind: 'redirect',
      to: '/edit-login-password?redirect=%2Frecharge%3FvcId%3D2',
    });
    for (const path of ['/home', '/user-center', '/settings', '/login', '/register', '/add-user']) {
      expect(decideNavigation(path, gated).kind, path).toBe('redirect');
    }
  });

  it('lets them open the login password page, and everyone else anything they could before', () => {
    expect(decideNavigation('/edit-login-password', gated)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/edit-login-password?redirect=%2Ffund', gated)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/fund', { ...gated, mustChangePassword: false })).toEqual({ kind: 'allow' });
    // A visitor has no session to hold back: the login page comes first, as always.
    expect(decideNavigation('/fund', { token: null, hasUser: false, mustChangePassword: true })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Ffund',
    });
  });

  it('is applied by the route guard from the stored user', () => {
    signInAs(NEW_USER());
    function Probe() {
      const location = useLocation();
      return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
    }
    render(
      <MemoryRouter initialEntries={['/fund']}>
        <Routes>
          <Route
            path="*"
            element={
              <RouteGuard>
                <Probe />
              </RouteGuard>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where').textContent).toBe('/edit-login-password?redirect=%2Ffund');
  });

  it('marks the stored user when the server says the password must be changed first', async () => {
    signInAs(makeUser({ mustChangePassword: false }));
    mockApi({
      '/wallet/overview': () =>
        fail('PASSWORD_CHANGE_REQUIRED', 'Please change your initial login password first'),
    });
    await expect(call(routes.wallet.walletOverview, {})).rejects.toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
    expect(useSession.getState().user?.mustChangePassword).toBe(true);
  });
});

async function changePassword() {
  const user = userEvent.setup();
  await user.type(inputNamed('oldPwd'), 'Vela2024');
  await user.type(inputNamed('newPwd'), 'my-own-secret');
  await user.type(inputNamed('prePwd'), 'my-own-secret');
  await user.click(screen.getByTestId('submit-edit-login-password'));
}

function openGatedPage() {
  renderPage(<EditLoginPasswordPage />, {
    path: '/edit-login-password',
    history: ['/edit-login-password?redirect=%2Ffund'],
  });
}

describe('the login password page while the initial password must be changed', () => {
  it('says why, then reads the user again and continues to the page the user was going to', async () => {
    signInAs(NEW_USER());
    const api = mockApi({
      '/user/edit-login-pwd': () => null,
      '/user/get-login-info': () => ({ ...NEW_USER(), mustChangePassword: false }),
    });
    openGatedPage();
    expect(screen.getByTestId('initial-password-notice').textContent).toContain(
      'Change your initial password',
    );

    await changePassword();

    expect((await screen.findByTestId('location')).textContent).toBe('/fund');
    expect(api.callsTo('/user/edit-login-pwd')[0]?.body).toMatchObject({
      oldPwd: preHashPassword('Vela2024'),
      newPwd: preHashPassword('my-own-secret'),
    });
    expect(api.callsTo('/user/get-login-info')).toHaveLength(1);
    expect(useSession.getState().user?.mustChangePassword).toBe(false);
  });

  it('lets the user continue when reading the user again fails, since the change was accepted', async () => {
    signInAs(NEW_USER());
    mockApi({
      '/user/edit-login-pwd': () => null,
      '/user/get-login-info': () => fail('INTERNAL_ERROR', 'Something went wrong'),
    });
    openGatedPage();
    await changePassword();
    expect((await screen.findByTestId('location')).textContent).toBe('/fund');
    expect(useSession.getState().user?.mustChangePassword).toBe(false);
  });

  it('keeps the user here when the change is refused', async () => {
    signInAs(NEW_USER());
    mockApi({
      '/user/edit-login-pwd': () =>
        fail('PASSWORD_WRONG', 'The current password is wrong', { field: 'oldPwd' }),
    });
    openGatedPage();
    await changePassword();
    expect((await screen.findByTestId('error-oldPwd')).textContent).toBe('The current password is wrong');
    expect(useSession.getState().user?.mustChangePassword).toBe(true);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('offers logging out, the one other way off this page', async () => {
    signInAs(NEW_USER());
    const api = mockApi({ '/user/logout': () => null });
    openGatedPage();
    await userEvent.setup().click(screen.getByTestId('initial-password-logout'));
    await answerDialog('Confirm');
    await until(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(api.callsTo('/user/logout')).toHaveLength(1);
    expect(useSession.getState().token).toBeNull();
  });

  it('shows no notice to a user who chose to change the password', () => {
    signInAs(makeUser());
    mockApi({});
    renderPage(<EditLoginPasswordPage />, { path: '/edit-login-password' });
    expect(screen.queryByTestId('initial-password-notice')).toBeNull();
    expect(screen.queryByTestId('initial-password-logout')).toBeNull();
  });
});
