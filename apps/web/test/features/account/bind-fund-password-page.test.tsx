import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { preHashPassword } from '@vela/domain';
import BindFundPasswordPage from '../../../src/features/account/bind-fund-password-page.tsx';
import { useSession } from '../../../src/stores/session-store.ts';
import { fail, inputNamed, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';

setupWebTests();

async function fill(password: string, passwordPre: string) {
  const user = userEvent.setup();
  await user.type(inputNamed('password'), password);
  await user.type(inputNamed('passwordPre'), passwordPre);
  await user.click(screen.getByTestId('submit-bind-fund-password'));
}

describe('bind fund password', () => {
  it('shows the mismatch and does not call the API when the two differ', async () => {
    signInAs(makeUser({ hasFundPassword: false }));
    const api = mockApi({ '/user/bind-fund-pwd': () => makeUser({ hasFundPassword: true }) });
    renderPage(<BindFundPasswordPage />, { path: '/bind-fund-password' });

    await fill('fund-pass-1', 'fund-pass-2');

    expect((await screen.findByTestId('error-passwordPre')).textContent).toBe('The passwords do not match');
    expect(api.calls).toHaveLength(0);
  });

  it('binds with pre-hashed values, stores the returned user and goes back without bouncing to the edit page', async () => {
    signInAs(makeUser({ hasFundPassword: false }));
    const api = mockApi({
      '/user/bind-fund-pwd': () => makeUser({ hasFundPassword: true, nickname: 'From server' }),
    });
    renderPage(<BindFundPasswordPage />, { path: '/bind-fund-password' });

    await fill('fund-pass-1', 'fund-pass-1');

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings'));
    expect(api.callsTo('/user/bind-fund-pwd')[0]?.body).toEqual({
      password: preHashPassword('fund-pass-1'),
      passwordPre: preHashPassword('fund-pass-1'),
    });
    expect(useSession.getState().user).toMatchObject({ hasFundPassword: true, nickname: 'From server' });
    expect(await screen.findByText('Bound successfully')).toBeTruthy();
  });

  it('redirects to the edit page when a fund password is already set', () => {
    signInAs(makeUser({ hasFundPassword: true }));
    mockApi({});
    renderPage(<BindFundPasswordPage />, { path: '/bind-fund-password' });
    expect(screen.getByTestId('location').textContent).toBe('/edit-fund-password');
  });

  it('shows a server field error under its input', async () => {
    signInAs(makeUser({ hasFundPassword: false }));
    mockApi({
      '/user/bind-fund-pwd': () =>
        fail('PASSWORDS_MISMATCH', 'The new password and its confirmation do not match', {
          field: 'passwordPre',
        }),
    });
    renderPage(<BindFundPasswordPage />, { path: '/bind-fund-password' });

    await fill('fund-pass-1', 'fund-pass-1');

    expect((await screen.findByTestId('error-passwordPre')).textContent).toBe(
      'The new password and its confirmation do not match',
    );
    expect(useSession.getState().user?.hasFundPassword).toBe(false);
  });
});
