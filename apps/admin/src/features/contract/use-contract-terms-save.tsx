import { Form } from 'antd';
import type { ContractTerms } from '@vela/contract';
import { ChangeList, markRefusal, useReviewedSave } from '../../components/reviewed-save.tsx';
import { CONTRACT_TERMS_KEY, saveContractTerms, type ContractTermsInput } from './contract-api.ts';
import {
  TERMS_FIELD_LABELS,
  formFieldOf,
  termsChanges,
  valuesToInput,
  type ContractTermsValues,
} from './contract-terms-logic.ts';

/**
 * Editing one coin's contract terms (the console's reviewed save): a confirmation lists each change
 * with its value before and after, and a refusal that names a field is marked on it.
 */
export function useContractTermsSave(terms: ContractTerms, onSaved: () => void) {
  const [form] = Form.useForm<ContractTermsValues>();
  const { error, review } = useReviewedSave<ContractTermsInput>({
    prepare: async () => {
      const values = await form.validateFields().catch(() => null);
      if (!values) return null;
      const input = valuesToInput(terms.vcId, values);
      const changes = termsChanges(terms, input).map((change) => ({ ...change, key: change.field }));
      if (changes.length === 0) return 'unchanged';
      const body = <ChangeList changes={changes} testId="contract-terms-changes" />;
      return { input, title: `Change the contract terms of ${terms.symbol}?`, body, width: 560 };
    },
    send: async (input) => {
      const saved = await saveContractTerms(input);
      onSaved();
      return `The contract terms of ${saved.symbol} are saved`;
    },
    refusal: (failure) =>
      markRefusal(form, failure, (serverField) => {
        const field = formFieldOf(serverField);
        return field ? { name: field, label: TERMS_FIELD_LABELS[field] } : null;
      }),
    refresh: [CONTRACT_TERMS_KEY],
  });
  return { form, error, review };
}
