import { useRef, useState } from 'react';
import { Alert, App, Descriptions, Form, Input, Modal, Space, Typography, type FormInstance } from 'antd';
import { errorText } from '../../lib/api.ts';
import { formatTime, timeTitle } from '../../lib/format.ts';
import { CHANNEL_METHOD_LABELS } from '../../lib/labels.ts';
import { Amount } from '../../components/funding.tsx';
import type { ApproveModalProps } from '../../components/review-queue/index.ts';
import { Destination } from './destination.tsx';
import type { Withdrawal } from './withdrawal-logic.ts';
import { approveWithdrawal } from './withdrawals-api.ts';

interface PayoutValues {
  payoutReference: string;
}

/**
 * Approving records a payout the operator has made outside the product (a bank transfer, a chain
 * transaction): it needs that payment's reference, which the user sees as proof.
 */
export function ApproveWithdrawalModal({
  order,
  onClose,
  onApproved,
  onSettled,
}: ApproveModalProps<Withdrawal>) {
  const [form] = Form.useForm<PayoutValues>();
  const { error, busy, submit } = usePayoutRecording({ order, form, onApproved, onSettled });
  return (
    <Modal
      open
      title={`Pay out withdrawal #${order.id}`}
      okText="Mark as paid out"
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          message="Send the payment first, then record it here with its reference. Approving does not send money."
        />
        <WithdrawalFacts order={order} />
        {error ? <Alert type="error" showIcon message={error} /> : null}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
          <Form.Item
            label="Payout reference"
            name="payoutReference"
            extra="The bank transfer's reference or the chain transaction's hash; the user sees it."
            rules={[
              { required: true, whitespace: true, message: 'Enter the payout reference' },
              { max: 200, message: 'At most 200 characters' },
            ]}
          >
            <Input maxLength={200} autoComplete="off" autoFocus />
          </Form.Item>
        </Form>
      </Space>
    </Modal>
  );
}

interface PayoutInput extends Pick<ApproveModalProps<Withdrawal>, 'onApproved' | 'onSettled'> {
  order: Withdrawal;
  form: FormInstance<PayoutValues>;
}

/** Sends the approval once per submission; a refusal stays shown in the modal. */
function usePayoutRecording({ order, form, onApproved, onSettled }: PayoutInput) {
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Enter pressed twice must not send twice: the second would only be refused as already reviewed.
  const sending = useRef(false);

  const record = async (payoutReference: string) => {
    setBusy(true);
    setError(null);
    try {
      await approveWithdrawal(order.id, payoutReference);
      void message.success(`Withdrawal #${order.id} marked as paid out`);
      onApproved();
    } catch (failure) {
      setError(errorText(failure));
    }
    onSettled();
  };

  const submit = async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      const values = await form.validateFields().catch(() => null);
      // Without values the form shows what is missing under the field.
      if (values) await record(values.payoutReference.trim());
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return { error, busy, submit };
}

function WithdrawalFacts({ order }: { order: Withdrawal }) {
  return (
    <Descriptions column={1} size="small" bordered className="console-numbers">
      <Descriptions.Item label="User">
        {order.username} (#{order.userId})
      </Descriptions.Item>
      <Descriptions.Item label="Pay out">
        <Typography.Text strong>
          <Amount value={order.payoutAmount} currency={order.payCurrency} />
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="To">
        <Destination order={order} />
      </Descriptions.Item>
      <Descriptions.Item label="Channel">
        {CHANNEL_METHOD_LABELS[order.method]} (#{order.channelId})
      </Descriptions.Item>
      <Descriptions.Item label={timeTitle('Submitted')}>{formatTime(order.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="Taken from the user">
        <Amount value={order.amount} currency={order.symbol} /> (fee{' '}
        <Amount value={order.fee} currency={order.symbol} />)
      </Descriptions.Item>
    </Descriptions>
  );
}
