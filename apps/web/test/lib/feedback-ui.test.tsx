import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as FeedbackModule from '../../src/lib/feedback.tsx';
import { setupWebTests } from '../setup.tsx';
import { flush, setupActEnvironment, until } from '../support/helpers.tsx';

/**
 * The toasts and dialogs load on first use, not with the first screen (decision 013). Each test here
 * takes a fresh copy of `feedback.tsx`, whose toasts and dialogs have not been loaded yet, as on a
 * phone just after the first paint.
 */
setupWebTests();
setupActEnvironment();

type Feedback = typeof FeedbackModule;

async function freshFeedback(): Promise<Feedback> {
  vi.resetModules();
  // The fresh copies translate with a fresh catalogue module, which needs its language too.
  const { initI18n } = await import('../../src/lib/i18n.ts');
  await initI18n('en');
  return import('../../src/lib/feedback.tsx');
}

/** A fresh `feedback.tsx` and a count of the times its toasts' module has been run. */
async function freshFeedbackCountingRuns(): Promise<{ feedback: Feedback; ran: ReturnType<typeof vi.fn> }> {
  const feedback = await freshFeedback();
  const ran = vi.fn();
  vi.doMock('../../src/lib/feedback-ui.tsx', async (importOriginal) => {
    ran();
    return importOriginal();
  });
  return { feedback, ran };
}

const toastMain = () => document.querySelector('.adm-toast-main');

afterEach(async () => {
  vi.doUnmock('../../src/lib/feedback-ui.tsx');
  // The fresh copies draw with their own antd-mobile, which the shared clean-up does not reach.
  const { Dialog, Toast } = await import('antd-mobile');
  await act(async () => {
    Toast.clear();
    Dialog.clear();
  });
  // Their closing animations run on real timers: with every test file of the run on the two cores
  // they have taken longer than 3 s, and a dialog left open then failed the next tests. The wait stays
  // inside the 10 s a hook may take.
  await until(() => expect(document.querySelector('.adm-toast-mask, .adm-dialog')).toBeNull(), 8_000);
});

describe('toasts and dialogs asked for before their code has arrived', () => {
  it('shows the toasts in the order they were asked for, the last one staying', async () => {
    const feedback = await freshFeedback();
    act(() => {
      feedback.toastError('First');
      feedback.toastSuccess('Second');
    });
    // Nothing can be drawn before the module is in; the calls wait for it.
    expect(toastMain()).toBeNull();
    await until(() => expect(toastMain()?.textContent).toBe('Second'));
    expect(toastMain()?.classList.contains('adm-toast-main-icon')).toBe(true);
    expect(document.querySelector('.adm-toast-icon-success')).not.toBeNull();
  });

  it('asks the question and resolves with the answer', async () => {
    const feedback = await freshFeedback();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = feedback.confirm({ content: 'Asked early?', countdown: { action: 'cancel' } });
    });
    expect(screen.queryByText('Asked early?')).toBeNull();
    await until(() => expect(screen.getByText('Asked early?')).toBeTruthy());
    expect(screen.getByTestId('confirm-countdown').textContent).toBe('Cancels automatically in 3 s');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    await expect(answer).resolves.toBe(true);
  });

  it('closes the question as a cancel when the browser leaves the screen that asked it', async () => {
    const feedback = await freshFeedback();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = feedback.confirm({ content: 'Still here?' });
    });
    // Fully open, as a dialog is by the time a user can press Back.
    await until(() =>
      expect(screen.getByRole('dialog').firstElementChild?.getAttribute('style')).toContain('opacity: 1'),
    );
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(answer).resolves.toBe(false);
  });

  it('answers "cancel" when the dialog cannot be loaded, and tries again on the next call', async () => {
    const feedback = await freshFeedback();
    vi.doMock('../../src/lib/feedback-ui.tsx', () => {
      throw new Error('offline');
    });
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(feedback.confirm({ content: 'Offline question?' })).resolves.toBe(false);
    feedback.toastInfo('Lost while offline');
    await until(() => expect(reported).toHaveBeenCalledTimes(2));
    expect(toastMain()).toBeNull();

    vi.doUnmock('../../src/lib/feedback-ui.tsx');
    act(() => feedback.toastInfo('Back online'));
    await until(() => expect(toastMain()?.textContent).toBe('Back online'));
    expect(toastMain()?.classList.contains('adm-toast-main-text')).toBe(true);
  });

  it('runs their code on the first touch, not before, and once', async () => {
    const { feedback, ran } = await freshFeedbackCountingRuns();
    const target = new EventTarget() as unknown as Window;
    const stop = feedback.loadFeedbackOnFirstInput(target);
    await flush();
    expect(ran).not.toHaveBeenCalled();

    target.dispatchEvent(new Event('pointerdown'));
    target.dispatchEvent(new Event('keydown'));
    await until(() => expect(ran).toHaveBeenCalledTimes(1));
    act(() => feedback.toastInfo('After the touch'));
    await until(() => expect(toastMain()?.textContent).toBe('After the touch'));
    expect(ran).toHaveBeenCalledTimes(1);
    stop();
  });

  it('leaves the page alone once its screen has gone', async () => {
    const { feedback, ran } = await freshFeedbackCountingRuns();
    const target = new EventTarget() as unknown as Window;
    feedback.loadFeedbackOnFirstInput(target)();
    target.dispatchEvent(new Event('keydown'));
    await flush();
    expect(ran).not.toHaveBeenCalled();
  });
});
