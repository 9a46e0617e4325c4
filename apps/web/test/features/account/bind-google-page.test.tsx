import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { preHashPassword } from '@vela/domain';
import BindGooglePage from '../../../src/features/account/bind-google-page.tsx';
import { useSession } from '../../../src/stores/session-store.ts';
import { fail, inputNamed, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';

setupWebTests();

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Vela:alice01?secret=${SECRET}&issuer=Vela`;

describe('bind Google authenticator', () => {
  it('shows the QR code and the key, and binds with the pre-hashed password and the code', async () => {
    signInAs(makeUser({ googleBound: false }));
    const api = mockApi({
      '/user/has-bound-google': () => ({ bound: false }),
      '/user/bind-google-get': () => ({ secret: SECRET, otpauthUri: URI }),
      '/user/bind-google': () => makeUser({ googleBound: true }),
    });
    renderPage(<BindGooglePage />, { path: '/bind-google-validator' });

    expect((await screen.findByTestId('google-secret')).textContent).toBe(SECRET);
    expect(screen.getByTestId('google-qr').querySelector('svg')).not.toBeNull();
    expect(screen.getByText('1. Install Google Authenticator (or any TOTP app) on your phone.')).toBeTruthy();

    const events = userEvent.setup();
    await events.type(inputNamed('password'), 'login-pass-1');
    await events.type(inputNamed('code'), '123456');
    await events.click(screen.getByTestId('submit-bind-google'));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings'));
    expect(api.callsTo('/user/bind-google')[0]?.body).toEqual({
      password: preHashPassword('login-pass-1'),
      code: '123456',
    });
    expect(useSession.getState().user?.googleBound).toBe(true);
  });

  it('asks for a 6-digit code and sends nothing otherwise', async () => {
    signInAs(makeUser({ googleBound: false }));
    const api = mockApi({
      '/user/has-bound-google': () => ({ bound: false }),
      '/user/bind-google-get': () => ({ secret: SECRET, otpauthUri: URI }),
    });
    renderPage(<BindGooglePage />, { path: '/bind-google-validator' });
    await screen.findByTestId('google-secret');

    const events = userEvent.setup();
    await events.type(inputNamed('code'), '12345');
    await events.click(screen.getByTestId('submit-bind-google'));

    expect(screen.getByTestId('error-password').textContent).toBe('Login password is required');
    expect(screen.getByTestId('error-code').textContent).toBe('The Google code is 6 digits');
    expect(api.callsTo('/user/bind-google')).toHaveLength(0);
  });

  it('puts a wrong code (server field "code") under the code input', async () => {
    signInAs(makeUser({ googleBound: false }));
    mockApi({
      '/user/has-bound-google': () => ({ bound: false }),
      '/user/bind-google-get': () => ({ secret: SECRET, otpauthUri: URI }),
      '/user/bind-google': () => fail('GOOGLE_CODE_INVALID', 'The Google code is wrong', { field: 'code' }),
    });
    renderPage(<BindGooglePage />, { path: '/bind-google-validator' });
    await screen.findByTestId('google-secret');

    const events = userEvent.setup();
    await events.type(inputNamed('password'), 'login-pass-1');
    await events.type(inputNamed('code'), '654321');
    await events.click(screen.getByTestId('submit-bind-google'));

    expect((await screen.findByTestId('error-code')).textContent).toBe('The Google code is wrong');
    expect(useSession.getState().user?.googleBound).toBe(false);
  });

  it('shows the bound state without fetching a key when the user has one bound', async () => {
    signInAs(makeUser({ googleBound: true }));
    const api = mockApi({ '/user/has-bound-google': () => ({ bound: true }) });
    renderPage(<BindGooglePage />, { path: '/bind-google-validator' });

    expect(screen.getByTestId('google-bound').textContent).toContain('Google authenticator is bound');
    await waitFor(() => expect(api.callsTo('/user/has-bound-google')).toHaveLength(1));
    expect(api.callsTo('/user/bind-google-get')).toHaveLength(0);
    expect(screen.queryByTestId('submit-bind-google')).toBeNull();
  });

  it('trusts the server over a stale stored user that says unbound', async () => {
    signInAs(makeUser({ googleBound: false }));
    mockApi({
      '/user/has-bound-google': () => ({ bound: true }),
      '/user/bind-google-get': () => fail('GOOGLE_ALREADY_BOUND', 'A Google authenticator is already bound'),
    });
    renderPage(<BindGooglePage />, { path: '/bind-google-validator' });

    expect(await screen.findByTestId('google-bound')).toBeTruthy();
    await waitFor(() => expect(useSession.getState().user?.googleBound).toBe(true));
  });

  it('shows a retryable error when the key cannot be loaded', async () => {
    signInAs(makeUser({ googleBound: false }));
    let attempts = 0;
    mockApi({
      '/user/has-bound-google': () => ({ bound: false }),
      '/user/bind-google-get': () => {
        attempts += 1;
        return attempts === 1
          ? fail('INTERNAL_ERROR', 'Something went wrong')
          : { secret: SECRET, otpauthUri: URI };
      },
    });
    renderPage(<BindGooglePage />, { path: '/bind-google-validator' });

    await userEvent.setup().click(await screen.findByTestId('empty-loadFailed'));

    expect((await screen.findByTestId('google-secret')).textContent).toBe(SECRET);
  });

  it('copies the key', async () => {
    signInAs(makeUser({ googleBound: false }));
    mockApi({
      '/user/has-bound-google': () => ({ bound: false }),
      '/user/bind-google-get': () => ({ secret: SECRET, otpauthUri: URI }),
    });
    // user-event installs a clipboard of its own on navigator; it is read back below.
    const events = userEvent.setup();
    renderPage(<BindGooglePage />, { path: '/bind-google-validator' });

    await events.click(await screen.findByTestId('copy-google-secret'));

    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Copied')).toBeTruthy();
  });
});
