import { useRef, useState } from 'react';
import { App, Form, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorText, newIdempotencyKey } from '../../lib/api.ts';
import { postAdjustment, useWalletCoins } from './adjustments-api.ts';
import {
  adjustedUser,
  adjustmentSummary,
  formFieldOf,
  type AdjustmentValues,
  type PickedUser,
} from './adjustment-rules.ts';

/** A posted adjustment: the user's balance after it, in the coin adjusted. */
export interface PostedAdjustment {
  adjustmentId: number;
  balanceAfter: string;
  user: PickedUser;
  symbol: string;
}

/**
 * The life of one adjustment: the form, a confirmation naming the user and the amount, the posting,
 * and the result. The request is idempotent: one key per opened form, kept through retries and
 * double clicks, so the same adjustment is never posted twice; a new key comes only with the next
 * form.
 */
export function useAdjustmentFlow() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AdjustmentValues>();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [picked, setPicked] = useState<PickedUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [posted, setPosted] = useState<PostedAdjustment | null>(null);
  // A double click on Review opens one confirmation, not two.
  const confirming = useRef(false);
  const coins = useWalletCoins();

  const post = async (values: AdjustmentValues, user: PickedUser, symbol: string) => {
    try {
      const result = await postAdjustment(values, idempotencyKey);
      setPosted({ ...result, user, symbol });
    } catch (failure) {
      const field = failure instanceof ApiError ? formFieldOf(failure.field) : null;
      if (field) form.setFields([{ name: field, errors: [errorText(failure)] }]);
      else setError(errorText(failure));
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    }
  };

  const confirm = (values: AdjustmentValues) => {
    const user = adjustedUser(picked, values.userId);
    const symbol = coins.data?.find((coin) => coin.coinId === values.coinId)?.symbol ?? '';
    const summary = adjustmentSummary(values.amount.trim(), symbol, user);
    modal.confirm({
      title: summary.title,
      content: (
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          The {summary.kind} is posted to the user&apos;s spot account against the house account, shows in
          their bills as a balance adjustment, and is kept in the audit log with the reason “
          {values.reason.trim()}”.
        </Typography.Paragraph>
      ),
      okText: summary.okText,
      okButtonProps: { danger: summary.debit },
      cancelText: 'Back',
      onOk: () => post(values, user, symbol),
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
    setError(null);
    confirm(values);
  };

  /** The next adjustment is a new request: a new form and a new key. */
  const startOver = () => {
    form.resetFields();
    setPicked(null);
    setError(null);
    setPosted(null);
    setIdempotencyKey(newIdempotencyKey());
  };

  return { form, coins, error, posted, setPicked, review, startOver };
}

export type AdjustmentFlow = ReturnType<typeof useAdjustmentFlow>;
