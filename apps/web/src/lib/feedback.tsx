import { useUi } from '../stores/ui-store.ts';
import { deferredModule } from './deferred-module.ts';
import type { ConfirmOptions, ToastKind } from './feedback-types.ts';

export type { ConfirmOptions, ToastKind } from './feedback-types.ts';

/**
 * Feedback: toasts (success closes after 3 s), the loading mask with an
 * optional text, and the confirm dialog with its optional 3-second countdown.
 *
 * The toasts and dialogs are drawn by `feedback-ui.tsx`, which brings antd-mobile's Toast and Dialog
 * and react-spring with it. No screen shows one before something has happened, so that module stays
 * out of the first screen's JavaScript (decision 013): the page downloads it when idle and runs it on
 * the first touch or key (`preloadFeedback`, decision 029), and a call made before it is in waits for
 * it, in order, so every toast and dialog asked for still appears.
 */
export const TOAST_MS = 3000;
/** The greeting after signing in is read at a glance; it leaves before the user starts. */
export const WELCOME_TOAST_MS = 1500;
export const LOADING_HIDE_DELAY_MS = 2000;
export const CONFIRM_COUNTDOWN_S = 3;

const ui = deferredModule(() => import('./feedback-ui.tsx'));

/**
 * Loads and runs the toasts and dialogs ahead of their first use, so that the first one appears at
 * once. Its files were downloaded once the page settled (`lib/later-files.ts`), so this needs no
 * round trip, also when the network has gone away since (often the very moment an error toast is
 * shown).
 */
export function preloadFeedback(): Promise<void> {
  return ui.load().then(
    () => undefined,
    (error: unknown) => report(error),
  );
}

/**
 * Runs the toasts and dialogs on the first touch or key in `target`, and answers the clean-up. Toasts
 * answer actions, and an action starts with a touch or a key, so the module is in by the time the
 * first toast is asked for; run during the page load instead, it was a long task of its own there.
 */
export function loadFeedbackOnFirstInput(target: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
  const options = { capture: true, passive: true, once: true };
  const load = () => void preloadFeedback();
  target.addEventListener('pointerdown', load, options);
  target.addEventListener('keydown', load, options);
  return () => {
    target.removeEventListener('pointerdown', load, options);
    target.removeEventListener('keydown', load, options);
  };
}

/** A failed load is reported; the next toast or dialog tries to load the module again. */
function report(error: unknown): void {
  console.error('Toasts and dialogs could not be loaded', error);
}

function toast(kind: ToastKind, content: string, durationMs = TOAST_MS): void {
  const loaded = ui.current();
  if (loaded) {
    loaded.toast(kind, content, durationMs);
    return;
  }
  void ui.load().then((module) => module.toast(kind, content, durationMs), report);
}

export function toastSuccess(content: string): void {
  toast('success', content);
}

export function toastError(content: string): void {
  toast('error', content);
}

export function toastInfo(content: string): void {
  toast('info', content);
}

/** A short, small greeting at the top of the screen (after logging in or registering). */
export function toastWelcome(content: string): void {
  toast('welcome', content, WELCOME_TOAST_MS);
}

let hideTimer: ReturnType<typeof setTimeout> | undefined;

export function showLoading(text: string | null = null): void {
  clearTimeout(hideTimer);
  useUi.getState().setLoading({ visible: true, text });
}

/**
 * With a text, the mask stays 2 s after the work ends, so a message such as "Refreshed" can be read;
 * without one it disappears at once.
 */
export function hideLoading(): void {
  clearTimeout(hideTimer);
  const { loading, setLoading } = useUi.getState();
  if (!loading.text) {
    setLoading({ visible: false, text: null });
    return;
  }
  hideTimer = setTimeout(() => setLoading({ visible: false, text: null }), LOADING_HIDE_DELAY_MS);
}

/**
 * Asks the question and resolves with the answer. Should the dialog's code fail to load, the answer
 * is "cancel": nothing the user has not agreed to is done.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  const loaded = ui.current();
  if (loaded) return loaded.confirm(options, CONFIRM_COUNTDOWN_S);
  return ui.load().then(
    (module) => module.confirm(options, CONFIRM_COUNTDOWN_S),
    (error: unknown) => {
      report(error);
      return false;
    },
  );
}
