import { useRef, useState, type ReactNode } from 'react';
import { App, Typography, type FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { ApiError, errorText } from '../lib/api.ts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * What a review of a form found: nothing to send (the form shows what is wrong under its fields),
 * nothing changed, or a save to confirm with its dialog's title and body.
 */
export type Review<I> =
  null | 'unchanged' | { input: I; title: string; body: ReactNode; width?: number; danger?: boolean };

export interface ReviewedSaveOptions<I> {
  /** Reads the form (validating it) into what the confirmation shows and the save sends. */
  prepare(): Promise<Review<I>>;
  /** Sends the save; answers the success message. */
  send(input: I): Promise<string>;
  /** Marks a refused field on the form; answers the text shown above it. */
  refusal(failure: unknown): string;
  /** The queries read again after a save or a refusal; the audit log always is. */
  refresh: readonly QueryKey[];
}

/**
 * The console's way of changing what operators configure (spot and contract terms, risk levels,
 * finance products): Review checks the form, a confirmation states what will change, Save sends
 * it, and a refusal is marked on its field and named above the form, which stays open so nothing
 * typed is lost. The tables are read again either way: a refusal may mean another operator changed
 * the same row meanwhile.
 */
export function useReviewedSave<I>(options: ReviewedSaveOptions<I>) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // A double click on Review opens one confirmation, not two.
  const confirming = useRef(false);

  const save = async (input: I) => {
    try {
      void message.success(await options.send(input));
    } catch (failure) {
      setError(`Not saved. ${options.refusal(failure)}`);
    } finally {
      for (const queryKey of [...options.refresh, ['audit']])
        void queryClient.invalidateQueries({ queryKey });
    }
  };

  const review = async () => {
    if (confirming.current) return;
    confirming.current = true;
    const found = await options.prepare();
    // Without a save the form shows what is wrong under its fields, or nothing was changed.
    if (found === null || found === 'unchanged') {
      confirming.current = false;
      if (found === 'unchanged') setError('Nothing was changed.');
      return;
    }
    setError(null);
    modal.confirm({
      title: found.title,
      content: found.body,
      okText: 'Save',
      ...(found.danger ? { okButtonProps: { danger: true } } : {}),
      cancelText: 'Back',
      width: found.width ?? 520,
      onOk: () => save(found.input),
      afterClose: () => {
        confirming.current = false;
      },
    });
  };

  return { error, review };
}

/**
 * A refusal, marked on the form's field when it names one (`placeOf` maps the server's field to
 * the form's, or null), and the text for above the form: "Label: reason", or the reason alone.
 */
export function markRefusal(
  form: FormInstance,
  failure: unknown,
  placeOf: (serverField: string | null) => { name: NamePath; label: string } | null,
  text: string = errorText(failure),
): string {
  const place = failure instanceof ApiError ? placeOf(failure.field) : null;
  if (!place) return text;
  form.setFields([{ name: place.name, errors: [text] }]);
  return `${place.label}: ${text}`;
}

/** One changed value, before and after. */
export interface ChangeLine {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** A confirmation's body for an edit: each change, the old value struck through. */
export function ChangeList({ changes, testId }: { changes: readonly ChangeLine[]; testId: string }) {
  return (
    <ul style={{ paddingInlineStart: 20, margin: 0 }} data-testid={testId}>
      {changes.map((change) => (
        <li key={change.key}>
          {change.label}: <Typography.Text delete>{change.before}</Typography.Text> →{' '}
          <Typography.Text strong>{change.after}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
