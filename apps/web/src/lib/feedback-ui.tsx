import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Dialog, Toast, unstableSetRender } from 'antd-mobile';
import type { ConfirmOptions, ToastKind } from './feedback-types.ts';
import { translate } from './i18n.ts';

/**
 * The toasts and confirm dialogs themselves, drawn by antd-mobile. With react-spring, which animates
 * them, they are about 30 KiB of gzipped JavaScript that no screen needs before something has
 * happened, so `feedback.tsx` loads this module after the first paint or on the first call, whichever
 * comes first (decision 013). Nothing else should import it, and it takes its figures from that
 * module's calls rather than importing them, so that the bundler keeps `feedback.tsx` with the other
 * modules every screen uses instead of in a file of its own.
 */

// antd-mobile renders Toast and Dialog into roots of their own; React 19 has no ReactDOM.render, so
// it must be told how to create one before the first of them is shown. They are the app's only
// imperatively rendered antd-mobile components, so the set-up lives with them and loads with them.
unstableSetRender((node, container) => {
  const host = container as Element & { __velaRoot?: Root };
  host.__velaRoot ??= createRoot(container);
  const root = host.__velaRoot;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete host.__velaRoot;
  };
});

const TOAST_ICONS: Record<ToastKind, 'success' | 'fail' | undefined> = {
  success: 'success',
  error: 'fail',
  info: undefined,
  welcome: undefined,
};

export function toast(kind: ToastKind, content: string, durationMs: number): void {
  Toast.show({
    icon: TOAST_ICONS[kind],
    content,
    duration: durationMs,
    position: kind === 'welcome' ? 'top' : 'center',
  });
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

/**
 * Shows the dialog; `countdownSeconds` is the countdown's length when the options do not give one.
 * The question belongs to the screen that asks it: the browser's Back (or forward) leaves that
 * screen, so it closes the dialog as a "cancel", as the big apps do, instead of leaving it over the
 * screen the user went to.
 */
export function confirm(options: ConfirmOptions, countdownSeconds: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const left = () => finish(false);
    const finish = (value: boolean) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('popstate', left);
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
              seconds={countdown.seconds ?? countdownSeconds}
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
    window.addEventListener('popstate', left);
  });
}
