import { Form } from 'antd';
import type { SpotTerms } from '@vela/contract';
import { ChangeList, markRefusal, useReviewedSave } from '../../components/reviewed-save.tsx';
import { SPOT_TERMS_KEY, saveSpotTerms } from './spot-api.ts';
import {
  TERMS_FIELD_LABELS,
  formFieldOf,
  termsChanges,
  valuesToInput,
  type SpotTermsInput,
  type SpotTermsValues,
} from './spot-terms-logic.ts';

/**
 * Editing one coin's spot terms (the console's reviewed save): a confirmation lists each change
 * with its value before and after, and a refusal that names a field is marked on it.
 */
export function useSpotTermsSave(terms: SpotTerms, onSaved: () => void) {
  const [form] = Form.useForm<SpotTermsValues>();
  const { error, review } = useReviewedSave<SpotTermsInput>({
    prepare: async () => {
      const values = await form.validateFields().catch(() => null);
      if (!values) return null;
      const input = valuesToInput(terms.vcId, values);
      const changes = termsChanges(terms, input).map((change) => ({ ...change, key: change.field }));
      if (changes.length === 0) return 'unchanged';
      const body = <ChangeList changes={changes} testId="spot-terms-changes" />;
      return { input, title: `Change the spot terms of ${terms.symbol}?`, body };
    },
    send: async (input) => {
      const saved = await saveSpotTerms(input);
      onSaved();
      return `The spot terms of ${saved.symbol} are saved`;
    },
    refusal: (failure) =>
      markRefusal(form, failure, (serverField) => {
        const field = formFieldOf(serverField);
        return field ? { name: field, label: TERMS_FIELD_LABELS[field] } : null;
      }),
    refresh: [SPOT_TERMS_KEY],
  });
  return { form, error, review };
}
