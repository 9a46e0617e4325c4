import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import RegisterPage from '../../../src/features/auth/register-page.tsx';
import { registrationLink } from '../../../src/features/agent/share-logic.ts';
import { fail, inputNamed, mockApi, renderPage, setupWebTests } from '../../setup.tsx';

setupWebTests();

const CONFIG = { dict: {}, list: [{ group: 'REGISTER', key: 'enabled', value: 'true' }] };

/** Opens the register page from the link an agent shares. */
function openFromShareLink(inviteCode: string) {
  const link = new URL(registrationLink('https://vela.example', inviteCode));
  const api = mockApi({
    '/sys-config/simple-list': () => CONFIG,
    '/user/register': (body) => ({ username: body.username }),
    '/user/login': () => fail('LOGIN_FAILED', 'Wrong username or password'),
  });
  renderPage(<RegisterPage />, { path: '/register', history: [`${link.pathname}${link.search}`] });
  return api;
}

describe('the registration link an agent shares', () => {
  it('fills the invite code in, and the new account registers with it', async () => {
    const api = openFromShareLink('654321');
    expect(inputNamed('inviteCode').value).toBe('654321');

    const user = userEvent.setup();
    await user.type(inputNamed('username'), 'newbie1');
    await user.type(inputNamed('password'), 'secret-1');
    await user.type(inputNamed('confirmPassword'), 'secret-1');
    await user.type(inputNamed('fundPassword'), 'fund-secret-1');
    await user.click(screen.getByTestId('register-submit'));

    await screen.findByTestId('location');
    expect(api.callsTo('/user/register')[0]?.body.inviteCode).toBe('654321');
  });

  it('leaves the code editable, for a person given another one', async () => {
    openFromShareLink('654321');
    const user = userEvent.setup();
    await user.clear(inputNamed('inviteCode'));
    await user.type(inputNamed('inviteCode'), '111222');
    expect(inputNamed('inviteCode').value).toBe('111222');
  });
});
