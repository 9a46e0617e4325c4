import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SharePage from '../../../src/features/agent/share-page.tsx';
import { registrationLink, sharePictureName } from '../../../src/features/agent/share-logic.ts';
import { useSession } from '../../../src/stores/session-store.ts';
import { makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { until } from '../../support/helpers.tsx';

setupWebTests();

const agent = (inviteCode = '123456') =>
  makeUser({ id: 77, username: 'boss01', userType: 2, isAgent: true, inviteCode });

const PICTURE_URL = 'data:image/png;base64,UElDVFVSRQ==';

/** A 2D context that draws nothing: jsdom has no canvas, and the drawing itself is not under test. */
function fakeContext(): CanvasRenderingContext2D {
  const gradient = { addColorStop: () => undefined };
  return new Proxy({} as CanvasRenderingContext2D, {
    get: (_target, name) => (name === 'createLinearGradient' ? () => gradient : () => undefined),
    set: () => true,
  });
}

let canvasWorks = true;
beforeEach(() => {
  canvasWorks = true;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => (canvasWorks ? fakeContext() : null) as never,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PICTURE_URL);
});
afterEach(async () => {
  await act(async () => {
    Toast.clear();
  });
});

const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? '';

function openShare(user = agent()) {
  signInAs(user);
  const api = mockApi({ '/user/get-login-info': () => user });
  renderPage(<SharePage />, { path: '/share' });
  return api;
}

describe('/share: the invitation', () => {
  it('tells a member that only agents have invite codes', () => {
    openShare(makeUser());
    expect(screen.getByTestId('share-not-agent').textContent).toBe(
      'Only agents have invite codes. Your agent can invite the people you know.',
    );
    expect(screen.queryByTestId('share-qr')).toBeNull();
  });

  it('shows the code, the registration link that carries it and the link’s QR code', () => {
    openShare();
    const link = `${window.location.origin}/register?inviteCode=123456`;
    expect(screen.getByTestId('share-invite-code').textContent).toBe('123456');
    expect(screen.getByTestId('share-link').textContent).toBe(link);
    const qr = screen.getByTestId('share-qr');
    expect(qr.tagName).toBe('CANVAS');
    expect(qr.getAttribute('aria-label')).toBe('QR code of your registration link');
    expect(registrationLink('https://vela.example', '0 1')).toBe(
      'https://vela.example/register?inviteCode=0%201',
    );
  });

  it('shows the code as the server has it now, renewed on another device', async () => {
    signInAs(agent('123456'));
    mockApi({ '/user/get-login-info': () => agent('654321') });
    renderPage(<SharePage />, { path: '/share' });
    await until(() => expect(screen.getByTestId('share-invite-code').textContent).toBe('654321'));
    expect(screen.getByTestId('share-link').textContent).toContain('inviteCode=654321');
    expect(useSession.getState().user?.inviteCode).toBe('654321');
  });

  it('copies the code and the link, each with its toast', async () => {
    openShare();
    const events = userEvent.setup();
    await events.click(screen.getByTestId('copy-share-invite-code'));
    expect(await navigator.clipboard.readText()).toBe('123456');
    await until(() => expect(toastText()).toBe('Copied'));
    await events.click(screen.getByTestId('copy-share-link'));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/register?inviteCode=123456`);
  });

  it('says so when the clipboard cannot be used', async () => {
    openShare();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    fireEvent.click(screen.getByTestId('copy-share-invite-code'));
    await until(() => expect(toastText()).toBe('Copy failed'));
  });
});

describe('/share: the picture', () => {
  it('saves the picture as a PNG named after the app and the code', async () => {
    openShare();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    fireEvent.click(screen.getByTestId('share-save-picture'));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('vela-invite-123456.png');
    expect(clicked[0]?.href).toBe(PICTURE_URL);
    expect(clicked[0]?.isConnected).toBe(false);
    await until(() => expect(toastText()).toBe('Picture saved'));
    expect(screen.queryByTestId('share-picture')).toBeNull();
  });

  it('offers the picture to long-press where the browser cannot download it', async () => {
    openShare();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.40');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    fireEvent.click(screen.getByTestId('share-save-picture'));
    await until(() =>
      expect(toastText()).toBe('Failed to save the picture, try to long press the picture and save'),
    );
    expect(click).not.toHaveBeenCalled();
    const preview = await screen.findByTestId('share-preview');
    expect(within(preview).getByTestId<HTMLImageElement>('share-picture').src).toBe(PICTURE_URL);
    expect(within(preview).getByText('Long press the picture to save it.')).toBeTruthy();
  });

  it('says the picture could not be saved when the browser cannot draw it', async () => {
    openShare();
    canvasWorks = false;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(screen.getByTestId('share-save-picture'));
    await until(() =>
      expect(toastText()).toBe('Failed to save the picture, try to long press the picture and save'),
    );
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByTestId('share-picture')).toBeNull();
  });

  it('names pictures so that several tell apart', () => {
    expect(sharePictureName('Vela', '123456')).toBe('vela-invite-123456.png');
    expect(sharePictureName('Vela Exchange', '000001')).toBe('vela-exchange-invite-000001.png');
  });
});
