import { Alert, Form, Input, type FormInstance } from 'antd';
import { plainAmount } from '../../lib/amounts.ts';
import { currentSession } from '../../lib/session.ts';
import {
  creditDecimals,
  isCreditableAmount,
  type CreditNeed,
  type CreditRules,
  type Deposit,
} from './deposit-credit.ts';

export interface CreditValues {
  creditedAmount: string;
  reason?: string;
}

/** The amount to credit, and the reason when it is not the quote, with the bound stated. */
export function CreditForm({
  form,
  order,
  rules,
  need,
  onFinish,
}: {
  form: FormInstance<CreditValues>;
  order: Deposit;
  rules: CreditRules | null;
  need: CreditNeed;
  onFinish: () => void;
}) {
  const decimals = creditDecimals(order.receiveAmount, rules);
  const administrator = currentSession()?.operator.role === 'administrator';
  const bound = rules
    ? `Within ${rules.tolerancePercent}% of the quote a reason is enough; further needs an administrator.`
    : null;
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ creditedAmount: plainAmount(order.receiveAmount) }}
      onFinish={onFinish}
    >
      <Form.Item
        label="Amount to credit"
        name="creditedAmount"
        extra={
          <span data-testid="credit-bound">
            What arrived, in the wallet currency; the quote is filled in. {bound}
          </span>
        }
        rules={[
          { required: true, whitespace: true, message: 'Enter the amount to credit' },
          {
            validator: (_, value: string | undefined) =>
              isCreditableAmount(order.receiveAmount, value ?? '', rules)
                ? Promise.resolve()
                : Promise.reject(
                    new Error(`A positive amount with at most ${decimals} decimals, such as 100.5`),
                  ),
          },
        ]}
      >
        <Input suffix={order.symbol} inputMode="decimal" autoComplete="off" autoFocus />
      </Form.Item>
      {need === 'administrator' && !administrator ? (
        <Alert
          type="warning"
          showIcon
          data-testid="credit-needs-administrator"
          message={`This is more than ${rules?.tolerancePercent ?? '?'}% away from the quote: an administrator must approve it.`}
        />
      ) : null}
      {need !== 'nothing' ? (
        <Form.Item
          label="Reason"
          name="reason"
          extra="Why the amount differs from the quote; the audit log keeps it beside both amounts."
          rules={[
            { required: true, whitespace: true, min: 5, message: 'Give a reason of at least 5 characters' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      ) : null}
    </Form>
  );
}
