import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { preHashPassword } from '@vela/domain';
import EditLoginPasswordPage from '../../../src/features/account/edit-login-password-page.tsx';
import {
  fail,
  inputNamed,
  makeUser,
  mockApi,
  renderPage,
  setupWebTests,
  signInAs,
  TEST_TOKEN,
} from '../../setup.tsx';

setupWebTests();

async function fill(values: { oldPwd: string; newPwd: string; prePwd: string }) {
  const user = userEvent.setup();
  await user.type(inputNamed('oldPwd'), values.oldPwd);
  await user.type(inputNamed('newPwd'), values.newPwd);
  await user.type(inputNamed('prePwd'), values.prePwd);
  await user.click(screen.getByTestId('submit-edit-login-password'));
}

describe('edit login password', () => {
  it('sends all three passwords pre-hashed, with the token, and returns to settings', async () => {
    signInAs(makeUser());
    const api = mockApi({ '/user/edit-login-pwd': () => null });
    renderPage(<EditLoginPasswordPage />, { path: '/edit-login-password' });

    await fill({ oldPwd: 'old-secret-1', newPwd: 'new-secret-2', prePwd: 'new-secret-2' });

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings'));
    const [request] = api.callsTo('/user/edit-login-pwd');
    expect(request?.body).toEqual({
      oldPwd: preHashPassword('old-secret-1'),
      newPwd: preHashPassword('new-secret-2'),
      prePwd: preHashPassword('new-secret-2'),
    });
    expect(JSON.stringify(request?.body)).not.toContain('secret');
    expect(request?.headers.authorization).toBe(TEST_TOKEN);
  });

  it('shows the mismatch on the confirmation and sends nothing', async () => {
    signInAs(makeUser());
    const api = mockApi({ '/user/edit-login-pwd': () => null });
    renderPage(<EditLoginPasswordPage />, { path: '/edit-login-password' });

    await fill({ oldPwd: 'old-secret-1', newPwd: 'new-secret-2', prePwd: 'new-secret-3' });

    expect((await screen.findByTestId('error-prePwd')).textContent).toBe('The passwords do not match');
    expect(api.calls).toHaveLength(0);
  });

  it('requires every field', async () => {
    signInAs(makeUser());
    const api = mockApi({});
    renderPage(<EditLoginPasswordPage />, { path: '/edit-login-password' });

    await userEvent.setup().click(screen.getByTestId('submit-edit-login-password'));

    // Each empty field names itself rather than saying that a value is wrong.
    expect(screen.getByTestId('error-oldPwd').textContent).toBe('Current password is required');
    expect(screen.getByTestId('error-newPwd').textContent).toBe('New password is required');
    expect(screen.getByTestId('error-prePwd').textContent).toBe('Confirm new password is required');
    expect(api.calls).toHaveLength(0);
  });

  it('puts a wrong current password (server field "oldPwd") under the current-password input', async () => {
    signInAs(makeUser());
    mockApi({
      '/user/edit-login-pwd': () =>
        fail('PASSWORD_WRONG', 'The current password is wrong', { field: 'oldPwd' }),
    });
    renderPage(<EditLoginPasswordPage />, { path: '/edit-login-password' });

    await fill({ oldPwd: 'wrong-secret', newPwd: 'new-secret-2', prePwd: 'new-secret-2' });

    expect((await screen.findByTestId('error-oldPwd')).textContent).toBe('The current password is wrong');
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
