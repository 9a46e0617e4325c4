import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { errorText } from '../lib/api.ts';

interface ReasonModalProps {
  open: boolean;
  title: string;
  /** What happens, in a sentence, above the reason field. */
  description?: string;
  okText: string;
  danger?: boolean;
  /** Runs the action with the reason; a thrown error is shown in the modal, which stays open. */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Asks for the reason an action needs (it goes into the audit log beside the action). For every
 * reasoned action of the console: disabling an operator, rejecting a deposit, adjusting a balance.
 */
export function ReasonModal({
  open,
  title,
  description,
  okText,
  danger,
  onSubmit,
  onClose,
}: ReasonModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    let reason: string;
    try {
      ({ reason } = await form.validateFields());
    } catch {
      // The form shows what is missing under the field.
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(reason.trim());
      form.resetFields();
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: danger ?? false, loading: busy }}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        setError(null);
        onClose();
      }}
      destroyOnHidden
    >
      {description ? <p>{description}</p> : null}
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          label="Reason"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: 'Give a reason; it is kept in the audit log' },
            { max: 500, message: 'At most 500 characters' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
