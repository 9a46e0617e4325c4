import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { preHashPassword } from '@vela/domain';
import EditFundPasswordPage from '../../../src/features/account/edit-fund-password-page.tsx';
import { useSession } from '../../../src/stores/session-store.ts';
import { fail, inputNamed, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';

setupWebTests();

async function fill(values: { oldPwd: string; newPwd: string; prePwd: string }) {
  const user = userEvent.setup();
  await user.type(inputNamed('oldPwd'), values.oldPwd);
  await user.type(inputNamed('newPwd'), values.newPwd);
  await user.type(inputNamed('prePwd'), values.prePwd);
  await user.click(screen.getByTestId('submit-edit-fund-password'));
}

describe('edit fund password', () => {
  it('sends someone without a fund password to bind one first', () => {
    signInAs(makeUser({ hasFundPassword: false }));
    const api = mockApi({});
    renderPage(<EditFundPasswordPage />, { path: '/edit-fund-password' });
    expect(screen.getByTestId('location').textContent).toBe('/bind-fund-password');
    expect(api.calls).toHaveLength(0);
  });

  it('calls /user/edit-fund-pwd with pre-hashed values and returns to settings', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    const api = mockApi({ '/user/edit-fund-pwd': () => null });
    renderPage(<EditFundPasswordPage />, { path: '/edit-fund-password' });

    await fill({ oldPwd: 'fund-old-1', newPwd: 'fund-new-2', prePwd: 'fund-new-2' });

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings'));
    expect(api.callsTo('/user/edit-fund-pwd')[0]?.body).toEqual({
      oldPwd: preHashPassword('fund-old-1'),
      newPwd: preHashPassword('fund-new-2'),
      prePwd: preHashPassword('fund-new-2'),
    });
    expect(api.callsTo('/user/edit-login-pwd')).toHaveLength(0);
  });

  it('shows a wrong fund password under the current-password input', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    mockApi({
      '/user/edit-fund-pwd': () =>
        fail('FUND_PASSWORD_WRONG', 'The fund password is wrong', { field: 'oldPwd' }),
    });
    renderPage(<EditFundPasswordPage />, { path: '/edit-fund-password' });

    await fill({ oldPwd: 'fund-old-1', newPwd: 'fund-new-2', prePwd: 'fund-new-2' });

    expect((await screen.findByTestId('error-oldPwd')).textContent).toBe('The fund password is wrong');
  });

  it('corrects a stale user and redirects when the server says no fund password is set', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    mockApi({
      '/user/edit-fund-pwd': () => fail('FUND_PASSWORD_NOT_SET', 'Please set a fund password first'),
    });
    renderPage(<EditFundPasswordPage />, { path: '/edit-fund-password' });

    await fill({ oldPwd: 'fund-old-1', newPwd: 'fund-new-2', prePwd: 'fund-new-2' });

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/bind-fund-password'));
    expect(useSession.getState().user?.hasFundPassword).toBe(false);
  });
});
