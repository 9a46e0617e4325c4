import { useRef, useState } from 'react';
import { App, Form, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { SpotTerms } from '@vela/contract';
import { ApiError, errorText } from '../../lib/api.ts';
import { SPOT_TERMS_KEY, saveSpotTerms } from './spot-api.ts';
import {
  TERMS_FIELD_LABELS,
  formFieldOf,
  termsChanges,
  valuesToInput,
  type SpotTermsInput,
  type SpotTermsValues,
  type TermsChange,
} from './spot-terms-logic.ts';

/**
 * Editing one coin's terms: the form, a confirmation listing each change with its value before and
 * after, the save, and the server's refusal. A refusal that names a field is marked on that field
 * and named above the form; the form stays open either way, so nothing typed is lost.
 */
export function useSpotTermsSave(terms: SpotTerms, onSaved: () => void) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SpotTermsValues>();
  const [error, setError] = useState<string | null>(null);
  // A double click on Review opens one confirmation, not two.
  const confirming = useRef(false);

  const showRefusal = (failure: unknown) => {
    const field = failure instanceof ApiError ? formFieldOf(failure.field) : null;
    if (field) {
      form.setFields([{ name: field, errors: [errorText(failure)] }]);
      setError(`Not saved. ${TERMS_FIELD_LABELS[field]}: ${errorText(failure)}`);
    } else {
      setError(`Not saved. ${errorText(failure)}`);
    }
  };

  const save = async (input: SpotTermsInput) => {
    try {
      const saved = await saveSpotTerms(input);
      void message.success(`The spot terms of ${saved.symbol} are saved`);
      onSaved();
    } catch (failure) {
      showRefusal(failure);
    } finally {
      // A refusal may mean another operator changed the coin meanwhile: the table is read again
      // either way, and the audit log with it.
      void queryClient.invalidateQueries({ queryKey: SPOT_TERMS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    }
  };

  const confirm = (input: SpotTermsInput, changes: TermsChange[]) => {
    modal.confirm({
      title: `Change the spot terms of ${terms.symbol}?`,
      content: <ChangeList changes={changes} />,
      okText: 'Save',
      cancelText: 'Back',
      width: 520,
      onOk: () => save(input),
      afterClose: () => {
        confirming.current = false;
      },
    });
  };

  const review = async () => {
    if (confirming.current) return;
    confirming.current = true;
    const values = await form.validateFields().catch(() => null);
    // Without values the form shows what is wrong under each field.
    if (!values) {
      confirming.current = false;
      return;
    }
    const input = valuesToInput(terms.vcId, values);
    const changes = termsChanges(terms, input);
    if (changes.length === 0) {
      confirming.current = false;
      setError('Nothing was changed.');
      return;
    }
    setError(null);
    confirm(input, changes);
  };

  return { form, error, review };
}

/** The confirmation's body: each changed term, before and after. */
function ChangeList({ changes }: { changes: TermsChange[] }) {
  return (
    <ul style={{ paddingInlineStart: 20, margin: 0 }} data-testid="spot-terms-changes">
      {changes.map((change) => (
        <li key={change.field}>
          {change.label}: <Typography.Text delete>{change.before}</Typography.Text> →{' '}
          <Typography.Text strong>{change.after}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
