import { act, fireEvent, screen } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONFIRM_COUNTDOWN_S,
  confirm,
  hideLoading,
  LOADING_HIDE_DELAY_MS,
  showLoading,
  TOAST_MS,
  toastError,
  toastInfo,
  toastSuccess,
} from '../../src/lib/feedback.tsx';
import { useUi } from '../../src/stores/ui-store.ts';
import { setupWebTests } from '../setup.tsx';
import { advance, flush, settleOverlays, setupActEnvironment } from '../support/helpers.tsx';

setupWebTests();
setupActEnvironment();

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  await act(async () => {
    Dialog.clear();
  });
  await settleOverlays();
  expect(document.querySelector('.adm-dialog'), 'dialogs left open').toBeNull();
  vi.useRealTimers();
});

/** Opens a confirm dialog and records when and how it settles. */
async function openConfirm(options: Parameters<typeof confirm>[0]) {
  const outcome: { value: boolean | undefined } = { value: undefined };
  let promise!: Promise<boolean>;
  await act(async () => {
    promise = confirm(options);
    void promise.then((value) => {
      outcome.value = value;
    });
  });
  await flush();
  return { outcome, promise };
}

const countdownText = () => screen.getByTestId('confirm-countdown').textContent;

describe('confirm dialog with countdown', () => {
  it('counts down 3, 2, 1 in 1 s ticks and confirms by itself', async () => {
    expect(CONFIRM_COUNTDOWN_S).toBe(3);
    const { outcome, promise } = await openConfirm({
      content: 'Sell everything?',
      countdown: { action: 'confirm' },
    });

    expect(screen.getByText('Sell everything?')).toBeTruthy();
    expect(countdownText()).toBe('Confirms automatically in 3 s');

    await advance(999);
    expect(countdownText()).toBe('Confirms automatically in 3 s');
    await advance(1);
    expect(countdownText()).toBe('Confirms automatically in 2 s');
    await advance(1000);
    expect(countdownText()).toBe('Confirms automatically in 1 s');
    expect(outcome.value).toBeUndefined();

    await advance(1000);
    expect(outcome.value).toBe(true);
    await expect(promise).resolves.toBe(true);
  });

  it('cancels by itself with action cancel', async () => {
    const { outcome, promise } = await openConfirm({
      content: 'Keep waiting?',
      countdown: { action: 'cancel' },
    });
    expect(countdownText()).toBe('Cancels automatically in 3 s');

    await advance(1000);
    expect(countdownText()).toBe('Cancels automatically in 2 s');
    await advance(1000);
    expect(countdownText()).toBe('Cancels automatically in 1 s');
    expect(outcome.value).toBeUndefined();

    await advance(1000);
    expect(outcome.value).toBe(false);
    await expect(promise).resolves.toBe(false);
  });

  it('resolves true at once when Confirm is clicked before the countdown ends', async () => {
    const { outcome } = await openConfirm({ content: 'Go?', countdown: { action: 'cancel' } });
    await advance(1000);
    expect(countdownText()).toBe('Cancels automatically in 2 s');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    await flush();
    expect(outcome.value).toBe(true);

    // The countdown ending later does not change the answer.
    await advance(5000);
    expect(outcome.value).toBe(true);
  });

  it('resolves false when Cancel is clicked', async () => {
    const { outcome } = await openConfirm({ content: 'Go?', countdown: { action: 'confirm' } });
    await advance(500);
    expect(outcome.value).toBeUndefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    await flush();
    expect(outcome.value).toBe(false);
    await advance(5000);
    expect(outcome.value).toBe(false);
  });

  it('shows no countdown and waits without one', async () => {
    const { outcome } = await openConfirm({ content: 'Plain question' });
    expect(screen.queryByTestId('confirm-countdown')).toBeNull();
    await advance(10_000);
    expect(outcome.value).toBeUndefined();
  });
});

describe('toasts', () => {
  const main = () => document.querySelector('.adm-toast-main');
  /** antd-mobile draws a toast into a root of its own, a few frames after it is asked for. */
  const DRAWN_MS = 100;

  it('shows a success with its icon and closes it by itself after 3000 ms', async () => {
    expect(TOAST_MS).toBe(3000);
    await act(async () => toastSuccess('Saved'));
    await advance(DRAWN_MS);
    expect(main()?.textContent).toBe('Saved');
    expect(document.querySelector('.adm-toast-icon-success')).not.toBeNull();

    await advance(TOAST_MS - DRAWN_MS - 1);
    expect(main()?.textContent).toBe('Saved');
    await advance(1);
    await settleOverlays();
    expect(document.querySelector('.adm-toast-mask')).toBeNull();
  });

  it('shows an error with the failure icon and information without one', async () => {
    await act(async () => toastError('Refused'));
    await advance(DRAWN_MS);
    expect(main()?.textContent).toBe('Refused');
    expect(document.querySelector('.adm-toast-icon-fail')).not.toBeNull();

    // A new toast takes the place of the one on screen.
    await act(async () => toastInfo('For your information'));
    await advance(DRAWN_MS);
    expect(main()?.textContent).toBe('For your information');
    expect(main()?.classList.contains('adm-toast-main-text')).toBe(true);
    await advance(TOAST_MS);
    await settleOverlays();
    expect(document.querySelector('.adm-toast-mask')).toBeNull();
  });
});

describe('loading mask', () => {
  const loading = () => useUi.getState().loading;

  it('keeps a mask with text for 2000 ms after hideLoading', async () => {
    expect(LOADING_HIDE_DELAY_MS).toBe(2000);
    showLoading('Saving');
    expect(loading()).toEqual({ visible: true, text: 'Saving' });

    hideLoading();
    expect(loading()).toEqual({ visible: true, text: 'Saving' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(loading().visible).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(loading()).toEqual({ visible: false, text: null });
  });

  it('hides a mask without text at once', () => {
    showLoading();
    expect(loading()).toEqual({ visible: true, text: null });
    hideLoading();
    expect(loading()).toEqual({ visible: false, text: null });
  });

  it('cancels the pending hide when loading starts again', async () => {
    showLoading('Saving');
    hideLoading();
    await vi.advanceTimersByTimeAsync(1000);
    showLoading('Again');
    await vi.advanceTimersByTimeAsync(5000);
    expect(loading()).toEqual({ visible: true, text: 'Again' });
  });
});
