import { useEffect, useState } from 'react';
import { Dialog, Toast } from 'antd-mobile';
import { useUi } from '../stores/ui-store.ts';
import { translate } from './i18n.ts';

/**
 * Feedback of spec points 2, 8 and 9: toasts (success closes after 3 s), the loading mask with an
 * optional text, and the confirm dialog with its optional 3-second countdown.
 */
export const TOAST_MS = 3000;
export const LOADING_HIDE_DELAY_MS = 2000;
export const CONFIRM_COUNTDOWN_S = 3;

export function toastSuccess(content: string): void {
  Toast.show({ icon: 'success', content, duration: TOAST_MS });
}

export function toastError(content: string): void {
  Toast.show({ icon: 'fail', content, duration: TOAST_MS });
}

export function toastInfo(content: string): void {
  Toast.show({ content, duration: TOAST_MS });
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

export interface ConfirmOptions {
  title?: string;
  content: string;
  confirmText?: string;
  cancelText?: string;
  /** Confirms or cancels by itself after `seconds` (default 3), counting down in 1 s ticks. */
  countdown?: { action: 'confirm' | 'cancel'; seconds?: number };
}

function Countdown(props: { seconds: number; action: 'confirm' | 'cancel'; onDone(): void }) {
  const [left, setLeft] = useState(props.seconds);
  const { onDone } = props;
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onDone]);
  const key = props.action === 'confirm' ? 'common.autoConfirmIn' : 'common.autoCancelIn';
  return (
    <div className="confirm-countdown" data-testid="confirm-countdown">
      {translate(key, { seconds: left })}
    </div>
  );
}

export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: boolean) => {
      if (settled) return;
      settled = true;
      handler.close();
      resolve(value);
    };
    const countdown = options.countdown;
    const handler = Dialog.show({
      title: options.title,
      content: (
        <div>
          <div>{options.content}</div>
          {countdown ? (
            <Countdown
              seconds={countdown.seconds ?? CONFIRM_COUNTDOWN_S}
              action={countdown.action}
              onDone={() => finish(countdown.action === 'confirm')}
            />
          ) : null}
        </div>
      ),
      closeOnAction: false,
      onClose: () => finish(false),
      actions: [
        [
          {
            key: 'cancel',
            text: options.cancelText ?? translate('common.cancel'),
            onClick: () => finish(false),
          },
          {
            key: 'confirm',
            text: options.confirmText ?? translate('common.confirm'),
            bold: true,
            onClick: () => finish(true),
          },
        ],
      ],
    });
  });
}
