import { useRef, useState } from 'react';
import { Alert, App, Descriptions, Form, Modal, Space, Typography } from 'antd';
import { errorText } from '../../lib/api.ts';
import { amountText, plainAmount } from '../../lib/amounts.ts';
import { Amount } from '../../components/funding.tsx';
import type { ApproveModalProps } from '../../components/review-queue/index.ts';
import { CreditForm, type CreditValues } from './credit-form.tsx';
import {
  creditNeeds,
  creditRulesFrom,
  type CreditNeed,
  type CreditRules,
  type Deposit,
} from './deposit-credit.ts';
import { approveDeposit, useSysConfig } from './deposits-api.ts';

/** The published rules an approval is held to (see `CreditRules`), or null until they are loaded. */
function useCreditRules(): CreditRules | null {
  const config = useSysConfig();
  return config.data ? creditRulesFrom(config.data.list) : null;
}

/**
 * Approving credits the quote. A transfer that arrived short or with bank charges may be credited
 * as received, with a reason, within the configured tolerance of the quote; further than that only
 * an administrator may go. A confirmation names the user and the amount; a refusal (another
 * operator reviewed it first, or the amount needs an administrator) stays in this modal.
 */
export function ApproveDepositModal({ order, onClose, onApproved, onSettled }: ApproveModalProps<Deposit>) {
  const [form] = Form.useForm<CreditValues>();
  const rules = useCreditRules();
  const typed = Form.useWatch('creditedAmount', form) ?? plainAmount(order.receiveAmount);
  const need = rules ? creditNeeds(order.receiveAmount, typed, rules.tolerancePercent) : 'nothing';
  const { error, submit } = useApproval({ order, need, form, onApproved, onSettled });

  return (
    <Modal
      open
      title={`Approve deposit #${order.id}`}
      okText="Approve…"
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions column={1} size="small" className="console-numbers">
          <Descriptions.Item label="User">
            {order.username} (#{order.userId})
          </Descriptions.Item>
          <Descriptions.Item label="Paid">
            <Amount value={order.payAmount} currency={order.payCurrency} />
          </Descriptions.Item>
          <Descriptions.Item label="Quoted">
            <Amount value={order.receiveAmount} currency={order.symbol} />
          </Descriptions.Item>
        </Descriptions>
        {error ? <Alert type="error" showIcon message={error} data-testid="approve-error" /> : null}
        <CreditForm form={form} order={order} rules={rules} need={need} onFinish={() => void submit()} />
      </Space>
    </Modal>
  );
}

interface ApprovalInput extends Pick<ApproveModalProps<Deposit>, 'onApproved' | 'onSettled'> {
  order: Deposit;
  need: CreditNeed;
  form: ReturnType<typeof Form.useForm<CreditValues>>[0];
}

/** Checks the form, asks for confirmation, then approves; the error of a refused approval stays shown. */
function useApproval({ order, need, form, onApproved, onSettled }: ApprovalInput) {
  const { modal, message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  // A double click on Approve opens one confirmation, not two.
  const confirming = useRef(false);

  const approve = async (amount: string, reason: string | undefined) => {
    try {
      await approveDeposit(order.id, need, amount, reason);
      void message.success(
        `Deposit #${order.id} approved: ${amountText(amount)} ${order.symbol} credited to ${order.username}`,
      );
      onApproved();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      onSettled();
    }
  };

  const submit = async () => {
    if (confirming.current) return;
    confirming.current = true;
    let values: CreditValues;
    try {
      values = await form.validateFields();
    } catch {
      // The form shows what is wrong under the field.
      confirming.current = false;
      return;
    }
    setError(null);
    const amount = values.creditedAmount.trim();
    modal.confirm({
      title: `Credit ${amountText(amount)} ${order.symbol} to ${order.username}?`,
      content: <ConfirmCredit order={order} need={need} />,
      okText: 'Credit',
      cancelText: 'Back',
      onOk: () => approve(amount, values.reason?.trim()),
      afterClose: () => {
        confirming.current = false;
      },
    });
  };

  return { error, submit };
}

function ConfirmCredit({ order, need }: { order: Deposit; need: CreditNeed }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        Deposit #{order.id}: the amount goes to the spot account of {order.username} (#{order.userId}). An
        approval cannot be undone from the console.
      </Typography.Text>
      {need !== 'nothing' ? (
        <Alert
          type="warning"
          showIcon
          message={`This differs from the quoted ${amountText(order.receiveAmount)} ${order.symbol}.`}
        />
      ) : null}
    </Space>
  );
}
