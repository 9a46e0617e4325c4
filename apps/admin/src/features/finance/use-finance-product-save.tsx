import { Form, Typography } from 'antd';
import type { AdminFinanceProduct } from '@vela/contract';
import { ChangeList, markRefusal, useReviewedSave, type Review } from '../../components/reviewed-save.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { FINANCE_PRODUCTS_KEY, saveFinanceProduct, type FinanceProductInput } from './finance-api.ts';
import { productChanges, productSummary, type CoinSymbol } from './finance-changes-logic.ts';
import {
  formPlaceOf,
  refusalText,
  valuesToInput,
  type FinanceProductValues,
} from './finance-product-logic.ts';

/**
 * Creating or editing one product (the console's reviewed save): the confirmation lists every
 * change before and after, or the whole new product, and a refusal that names a field is marked
 * on it.
 */
export function useFinanceProductSave(
  product: AdminFinanceProduct | null,
  coinSymbol: CoinSymbol,
  onSaved: () => void,
) {
  const [form] = Form.useForm<FinanceProductValues>();
  const { error, review } = useReviewedSave<FinanceProductInput>({
    prepare: async (): Promise<Review<FinanceProductInput>> => {
      const values = await form.validateFields().catch(() => null);
      const input = values ? valuesToInput(values, product?.id) : null;
      if (!input) return null;
      if (!product) {
        const body = <SummaryList input={input} coinSymbol={coinSymbol} />;
        return { input, title: 'Create this finance product?', body, width: 560 };
      }
      const changes = productChanges(product, input, coinSymbol);
      if (changes.length === 0) return 'unchanged';
      const body = <ChangeList changes={changes} testId="finance-product-changes" />;
      return { input, title: `Change the finance product "${product.name}"?`, body, width: 560 };
    },
    send: async (input) => {
      const saved = await saveFinanceProduct(input);
      onSaved();
      return `The finance product "${saved.name}" is saved`;
    },
    refusal: (failure) =>
      markRefusal(
        form,
        failure,
        (serverField) => {
          const place = formPlaceOf(serverField);
          return place ? { name: place.place, label: place.label } : null;
        },
        failure instanceof ApiError ? refusalText(failure) : errorText(failure),
      ),
    refresh: [FINANCE_PRODUCTS_KEY],
  });
  return { form, error, review };
}

/** The confirmation's body for a new product: every value it is created with. */
function SummaryList({ input, coinSymbol }: { input: FinanceProductInput; coinSymbol: CoinSymbol }) {
  return (
    <ul style={{ paddingInlineStart: 20, margin: 0 }} data-testid="finance-product-summary">
      {productSummary(input, coinSymbol).map((line) => (
        <li key={line.label}>
          {line.label}: <Typography.Text strong>{line.value}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
