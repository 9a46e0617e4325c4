import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import AddUserPage from '../../../src/features/agent/add-user-page.tsx';
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
import { until } from '../../support/helpers.tsx';

setupWebTests();

afterEach(async () => {
  await act(async () => {
    Toast.clear();
  });
});

const agent = () =>
  makeUser({ id: 77, username: 'boss01', userType: 2, isAgent: true, inviteCode: '123456' });

const OPTIONS = {
  userTypes: [1, 2],
  pointPercentTiming: '0.015',
  pointPercentContract: '0.004',
  initialPassword: 'Vela2024',
};

const ADDED = {
  id: 501,
  username: 'bob01',
  userType: 1,
  pointPercentTiming: '0.012',
  pointPercentContract: '0.0025',
  initialPassword: 'Vela2024',
};

function agentApi(add: (body: Record<string, unknown>) => unknown = () => ADDED) {
  return mockApi({
    '/user/get-login-info': () => agent(),
    '/user/portal-user-add-point-percent-list': () => OPTIONS,
    '/user/add': add,
  });
}

const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? '';
/** Text without the direction isolates that keep figures in order inside a sentence. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066\u2069]/g, '');

async function fillForm(values: { username: string; timing: string; contract: string }) {
  const user = userEvent.setup();
  await user.type(inputNamed('username'), values.username);
  await user.type(inputNamed('timingPercent'), values.timing);
  await user.type(inputNamed('contractPercent'), values.contract);
  await user.click(screen.getByTestId('add-user-submit'));
}

async function openForm() {
  renderPage(<AddUserPage />, { path: '/add-user' });
  await screen.findByTestId('add-user-form');
}

describe('/add-user: who sees the form', () => {
  it('tells a member that only agents add users, and asks the server nothing about it', async () => {
    signInAs(makeUser());
    const api = mockApi({ '/user/get-login-info': () => makeUser() });
    renderPage(<AddUserPage />, { path: '/add-user' });
    expect(screen.getByTestId('add-user-not-agent').textContent).toBe('Only agents can add users to a team.');
    expect(screen.queryByTestId('add-user-form')).toBeNull();
    expect(api.callsTo('/user/portal-user-add-point-percent-list')).toHaveLength(0);
  });

  it('tells an agent the server no longer counts as one the same', async () => {
    signInAs(agent());
    mockApi({
      '/user/get-login-info': () => agent(),
      '/user/portal-user-add-point-percent-list': () => fail('NOT_AGENT', 'Only agents can do this'),
    });
    renderPage(<AddUserPage />, { path: '/add-user' });
    expect(await screen.findByTestId('add-user-not-agent')).toBeTruthy();
  });

  it('shows the placeholder while the caps load, then the form with each cap in percent', async () => {
    signInAs(agent());
    const api = agentApi();
    renderPage(<AddUserPage />, { path: '/add-user' });
    expect(screen.getByTestId('page-skeleton')).toBeTruthy();
    await screen.findByTestId('add-user-form');
    expect(plain(screen.getByTestId('cap-timingPercent').textContent)).toBe('At most 1.5 %');
    expect(plain(screen.getByTestId('cap-contractPercent').textContent)).toBe('At most 0.4 %');
    // A member is the type chosen first: the one that can do least.
    expect(screen.getByTestId('select-userType').textContent).toBe('Member');
    expect(api.callsTo('/user/portal-user-add-point-percent-list')[0]?.headers.authorization).toBe(
      TEST_TOKEN,
    );
  });
});

describe('/add-user: the caps', () => {
  it('refuses a rebate above the agent’s own in the server’s words, and sends nothing', async () => {
    signInAs(agent());
    const api = agentApi();
    await openForm();
    await fillForm({ username: 'bob01', timing: '1.6', contract: '0.4' });
    expect(screen.getByTestId('error-timingPercent').textContent).toBe(
      'A rebate cannot exceed your own: at most 1.5 %',
    );
    expect(screen.queryByTestId('error-contractPercent')).toBeNull();
    expect(screen.queryByTestId('add-user-confirm')).toBeNull();
    expect(api.callsTo('/user/add')).toHaveLength(0);
  });

  it('says so together with the other mistakes, all at once', async () => {
    signInAs(agent());
    agentApi();
    await openForm();
    const user = userEvent.setup();
    await user.type(inputNamed('contractPercent'), '0.5');
    await user.click(screen.getByTestId('add-user-submit'));
    expect(screen.getByTestId('error-username').textContent).toBe('Username is required');
    expect(screen.getByTestId('error-timingPercent').textContent).toBe(
      'Rebate on timed trades (%) is required',
    );
    expect(screen.getByTestId('error-contractPercent').textContent).toBe(
      'A rebate cannot exceed your own: at most 0.4 %',
    );
  });

  it('keeps typing to a percentage with at most six decimals', async () => {
    signInAs(agent());
    agentApi();
    await openForm();
    await userEvent.setup().type(inputNamed('timingPercent'), '1.23456789x');
    expect(inputNamed('timingPercent').value).toBe('1.234567');
  });
});

describe('/add-user: the confirmation and the new user', () => {
  it('confirms each rebate beside the agent’s own and the difference kept, then adds the user', async () => {
    signInAs(agent());
    const api = agentApi();
    await openForm();
    await fillForm({ username: 'bob01', timing: '1.2', contract: '0.25' });

    const dialog = await screen.findByTestId('add-user-confirm');
    expect(within(dialog).getByTestId('confirm-user-type').textContent).toBe('Member');
    expect(within(dialog).getByTestId('confirm-username').textContent).toBe('bob01');
    expect(within(dialog).getByTestId('confirm-timing-member').textContent).toBe('1.2 %');
    expect(within(dialog).getByTestId('confirm-timing-own').textContent).toBe('1.5 %');
    expect(within(dialog).getByTestId('confirm-timing-kept').textContent).toBe('0.3 %');
    expect(within(dialog).getByTestId('confirm-contract-member').textContent).toBe('0.25 %');
    expect(within(dialog).getByTestId('confirm-contract-own').textContent).toBe('0.4 %');
    expect(within(dialog).getByTestId('confirm-contract-kept').textContent).toBe('0.15 %');
    expect(api.callsTo('/user/add')).toHaveLength(0);

    fireEvent.click(within(dialog).getByTestId('add-user-confirm-ok'));
    await screen.findByTestId('add-user-result');
    expect(api.callsTo('/user/add')[0]?.body).toEqual({
      userType: 1,
      username: 'bob01',
      pointPercentTiming: '0.012',
      pointPercentContract: '0.0025',
    });
  });

  it('adds an agent when that type is chosen', async () => {
    signInAs(agent());
    const api = agentApi((body) => ({ ...ADDED, userType: body.userType }));
    await openForm();
    fireEvent.click(screen.getByTestId('select-userType'));
    const agentOption = await screen.findByText('Agent', { selector: '.option-sheet__label' });
    fireEvent.click(agentOption);
    await until(() => expect(screen.getByTestId('select-userType').textContent).toBe('Agent'));
    await fillForm({ username: 'sub01', timing: '1', contract: '0' });
    fireEvent.click(within(await screen.findByTestId('add-user-confirm')).getByTestId('add-user-confirm-ok'));
    await screen.findByTestId('add-user-result');
    expect(api.callsTo('/user/add')[0]?.body.userType).toBe(2);
    expect(screen.getByTestId('added-user-type').textContent).toBe('Agent');
  });

  it('shows the new username and initial password once, to copy, then forgets them for the next', async () => {
    signInAs(agent());
    agentApi();
    await openForm();
    await fillForm({ username: 'bob01', timing: '1.2', contract: '0.25' });
    fireEvent.click(within(await screen.findByTestId('add-user-confirm')).getByTestId('add-user-confirm-ok'));

    const result = await screen.findByTestId('add-user-result');
    expect(within(result).getByTestId('added-username').textContent).toBe('bob01');
    expect(within(result).getByTestId('added-password').textContent).toBe('Vela2024');
    expect(within(result).getByTestId('added-timing').textContent).toBe('1.2 %');
    expect(within(result).getByTestId('added-contract').textContent).toBe('0.25 %');
    expect(within(result).getByTestId('added-password-note').textContent).toContain(
      'The user must change it at first login.',
    );

    const events = userEvent.setup();
    await events.click(within(result).getByTestId('copy-added-password'));
    expect(await navigator.clipboard.readText()).toBe('Vela2024');
    await until(() => expect(toastText()).toBe('Copied'));

    await events.click(screen.getByTestId('add-another'));
    expect(screen.queryByTestId('add-user-result')).toBeNull();
    expect(screen.queryByText('Vela2024')).toBeNull();
    expect(inputNamed('username').value).toBe('');
  });
});

describe('/add-user: the server’s refusals', () => {
  it('puts a username taken on its field, closing the confirmation so it is seen', async () => {
    signInAs(agent());
    agentApi(() => fail('USERNAME_TAKEN', 'This username is already taken', { field: 'username' }));
    await openForm();
    await fillForm({ username: 'bob01', timing: '1', contract: '0.1' });
    fireEvent.click(within(await screen.findByTestId('add-user-confirm')).getByTestId('add-user-confirm-ok'));

    expect((await screen.findByTestId('error-username')).textContent).toBe('This username is already taken');
    const layer = () => screen.getByTestId('add-user-confirm').closest('.popup');
    await until(() => expect(layer()?.getAttribute('aria-hidden')).toBe('true'));
    expect(screen.queryByTestId('add-user-result')).toBeNull();
  });

  it('puts a rebate the server refuses on its field, in the server’s words', async () => {
    signInAs(agent());
    agentApi(() =>
      fail('REBATE_ABOVE_OWN', 'A rebate cannot exceed your own: at most 1 %', {
        field: 'pointPercentTiming',
      }),
    );
    await openForm();
    await fillForm({ username: 'bob01', timing: '1.2', contract: '0.1' });
    fireEvent.click(within(await screen.findByTestId('add-user-confirm')).getByTestId('add-user-confirm-ok'));
    expect((await screen.findByTestId('error-timingPercent')).textContent).toBe(
      'A rebate cannot exceed your own: at most 1 %',
    );
  });

  it('shows a refusal that names no field as a toast', async () => {
    signInAs(agent());
    agentApi(() => fail('USER_TYPE_NOT_ALLOWED', 'You cannot create users of this type'));
    await openForm();
    await fillForm({ username: 'bob01', timing: '1', contract: '0.1' });
    fireEvent.click(within(await screen.findByTestId('add-user-confirm')).getByTestId('add-user-confirm-ok'));
    await until(() => expect(toastText()).toBe('You cannot create users of this type'));
    expect(screen.getByTestId('add-user-form')).toBeTruthy();
  });
});
