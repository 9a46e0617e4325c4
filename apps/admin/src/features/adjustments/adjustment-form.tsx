import { Alert, Button, Form, Input, Typography } from 'antd';
import { amountProblem, reasonProblem, type AdjustmentValues } from './adjustment-rules.ts';
import { CoinField, UserField } from './adjustment-pickers.tsx';
import type { AdjustmentFlow } from './use-adjustment-flow.tsx';

/** Turns a check of `adjustment-rules.ts` into an antd validator. */
function ruleOf(problem: (value: string | undefined) => string | null) {
  return {
    validator: (_: unknown, value: string | undefined) => {
      const message = problem(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/** The adjustment to review: the user, the currency, the signed amount and the reason. */
export function AdjustmentForm({ flow }: { flow: AdjustmentFlow }) {
  return (
    <Form<AdjustmentValues>
      form={flow.form}
      layout="vertical"
      requiredMark={false}
      onFinish={() => void flow.review()}
      data-testid="adjustment-form"
    >
      <Typography.Paragraph type="secondary">
        For corrections only: deposits and withdrawals have their own queues. A positive amount credits the
        user&apos;s spot account, a negative one debits it; it cannot go below zero.
      </Typography.Paragraph>
      {flow.error ? <Alert type="error" showIcon message={flow.error} style={{ marginBottom: 16 }} /> : null}
      <UserField onPick={flow.setPicked} />
      <CoinField coins={flow.coins} />
      <Form.Item
        label="Amount"
        name="amount"
        extra="Signed: 25.5 credits, -25.5 debits."
        rules={[{ required: true, whitespace: true, message: 'Enter the amount' }, ruleOf(amountProblem)]}
      >
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Reason"
        name="reason"
        extra="Kept in the audit log and shown to the user in their bills."
        rules={[
          { required: true, whitespace: true, message: 'Give a reason; it is kept in the audit log' },
          ruleOf(reasonProblem),
          { max: 500, message: 'At most 500 characters' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
      <Button type="primary" htmlType="submit" data-testid="adjustment-review">
        Review adjustment
      </Button>
    </Form>
  );
}
