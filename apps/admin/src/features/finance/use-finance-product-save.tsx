import { useRef, useState, type ReactNode } from 'react';
import { App, Form, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminFinanceProduct } from '@vela/contract';
import { ApiError, errorText } from '../../lib/api.ts';
import { FINANCE_PRODUCTS_KEY, saveFinanceProduct, type FinanceProductInput } from './finance-api.ts';
import {
  productChanges,
  productSummary,
  type CoinSymbol,
  type ProductChange,
} from './finance-changes-logic.ts';
import {
  formPlaceOf,
  refusalText,
  valuesToInput,
  type FinanceProductValues,
} from './finance-product-logic.ts';

/**
 * Creating or editing one product: the form, a confirmation (every change before and after, or
 * the whole new product), the save, and the server's refusal. A refusal that names a field is
 * marked on that field and named above the form; the form stays open either way, so nothing typed
 * is lost.
 */
export function useFinanceProductSave(
  product: AdminFinanceProduct | null,
  coinSymbol: CoinSymbol,
  onSaved: () => void,
) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FinanceProductValues>();
  const [error, setError] = useState<string | null>(null);
  // A double click on Review opens one confirmation, not two.
  const confirming = useRef(false);

  const showRefusal = (failure: unknown) => {
    const text = failure instanceof ApiError ? refusalText(failure) : errorText(failure);
    const field = failure instanceof ApiError ? formPlaceOf(failure.field) : null;
    if (field) form.setFields([{ name: field.place, errors: [text] }]);
    setError(field ? `Not saved. ${field.label}: ${text}` : `Not saved. ${text}`);
  };

  const save = async (input: FinanceProductInput) => {
    try {
      const saved = await saveFinanceProduct(input);
      void message.success(`The finance product "${saved.name}" is saved`);
      onSaved();
    } catch (failure) {
      showRefusal(failure);
    } finally {
      // A refusal may mean another operator changed the product or an order was bought on it
      // meanwhile: the table is read again either way, and the audit log with it.
      void queryClient.invalidateQueries({ queryKey: FINANCE_PRODUCTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    }
  };

  const confirm = (input: FinanceProductInput, body: ReactNode, title: string) => {
    modal.confirm({
      title,
      content: body,
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
    // Without an input the form shows what is wrong under each field.
    const input = values ? valuesToInput(values, product?.id) : null;
    if (!input) {
      confirming.current = false;
      return;
    }
    if (!product) {
      setError(null);
      confirm(input, <SummaryList input={input} coinSymbol={coinSymbol} />, 'Create this finance product?');
      return;
    }
    const changes = productChanges(product, input, coinSymbol);
    if (changes.length === 0) {
      confirming.current = false;
      setError('Nothing was changed.');
      return;
    }
    setError(null);
    confirm(input, <ChangeList changes={changes} />, `Change the finance product "${product.name}"?`);
  };

  return { form, error, review };
}

/** The confirmation's body for an edit: each change, before and after. */
function ChangeList({ changes }: { changes: ProductChange[] }) {
  return (
    <ul style={{ paddingInlineStart: 20, margin: 0 }} data-testid="finance-product-changes">
      {changes.map((change) => (
        <li key={change.key}>
          {change.label}: <Typography.Text delete>{change.before}</Typography.Text> →{' '}
          <Typography.Text strong>{change.after}</Typography.Text>
        </li>
      ))}
    </ul>
  );
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
