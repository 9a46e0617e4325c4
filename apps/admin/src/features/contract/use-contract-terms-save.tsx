import { useRef, useState } from 'react';
import { App, Form, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ContractTerms } from '@vela/contract';
import { ApiError, errorText } from '../../lib/api.ts';
import { CONTRACT_TERMS_KEY, saveContractTerms, type ContractTermsInput } from './contract-api.ts';
import {
  TERMS_FIELD_LABELS,
  formFieldOf,
  termsChanges,
  valuesToInput,
  type ContractTermsValues,
  type TermsChange,
} from './contract-terms-logic.ts';

/**
 * Editing one coin's contract terms: the form, a confirmation listing each change with its value
 * before and after, the save, and the server's refusal. A refusal that names a field is marked on
 * that field and named above the form; the form stays open either way, so nothing typed is lost.
 */
export function useContractTermsSave(terms: ContractTerms, onSaved: () => void) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ContractTermsValues>();
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

  const save = async (input: ContractTermsInput) => {
    try {
      const saved = await saveContractTerms(input);
      void message.success(`The contract terms of ${saved.symbol} are saved`);
      onSaved();
    } catch (failure) {
      showRefusal(failure);
    } finally {
      // A refusal may mean another operator changed the coin meanwhile: the table is read again
      // either way, and the audit log with it.
      void queryClient.invalidateQueries({ queryKey: CONTRACT_TERMS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    }
  };

  const confirm = (input: ContractTermsInput, changes: TermsChange[]) => {
    modal.confirm({
      title: `Change the contract terms of ${terms.symbol}?`,
      content: <ChangeList changes={changes} />,
      okText: 'Save',
      cancelText: 'Back',
      width: 560,
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
    <ul style={{ paddingInlineStart: 20, margin: 0 }} data-testid="contract-terms-changes">
      {changes.map((change) => (
        <li key={change.field}>
          {change.label}: <Typography.Text delete>{change.before}</Typography.Text> →{' '}
          <Typography.Text strong>{change.after}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
