import { toastError, toastSuccess } from '../lib/feedback.tsx';
import { useT } from '../lib/i18n.ts';
import './copy-button.css';

/**
 * Copies to the clipboard with a toast either way. `navigator.clipboard` exists only in secure
 * contexts (https or localhost); elsewhere the copy fails and says so, and the text stays selectable.
 */
export async function copyToClipboard(text: string, messages: { done: string; failed: string }) {
  try {
    if (!navigator.clipboard) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toastSuccess(messages.done);
    return true;
  } catch {
    toastError(messages.failed);
    return false;
  }
}

/** A "Copy" button for `text`; its tap area is 44 px high however small the label looks. */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const t = useT();
  const copy = () => copyToClipboard(text, { done: t('toast.copySuccess'), failed: t('toast.copyFailed') });
  return (
    <button type="button" className="copy-button" onClick={() => void copy()} data-testid={testId}>
      <span className="copy-button__label">{t('common.copy')}</span>
    </button>
  );
}

/**
 * A long identifier people paste elsewhere (a transaction hash, a payout reference): shown whole,
 * broken anywhere to fit the line, left to right even in Arabic, with its copy button.
 */
export function CopyableText({ text, testId }: { text: string; testId: string }) {
  return (
    <span className="copyable-text">
      <bdi className="num copyable-text__value" data-testid={testId}>
        {text}
      </bdi>
      <CopyButton text={text} testId={`copy-${testId}`} />
    </span>
  );
}
