/**
 * The shapes the feedback calls take, in a module of their own: `feedback.tsx` asks for toasts and
 * dialogs and `feedback-ui.tsx` draws them, and both use these types without importing each other.
 */
/** `welcome` greets the user after signing in: a short line at the top, over nothing they need. */
export type ToastKind = 'success' | 'error' | 'info' | 'welcome';

export interface ConfirmOptions {
  title?: string;
  content: string;
  confirmText?: string;
  cancelText?: string;
  /** Confirms or cancels by itself after `seconds` (default 3), counting down in 1 s ticks. */
  countdown?: { action: 'confirm' | 'cancel'; seconds?: number };
}
