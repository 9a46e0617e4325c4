import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography, type FormInstance } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { PaymentMethodRecord } from '@vela/contract';
import { ApiError, errorText } from '../../lib/api.ts';
import { PAYMENT_METHOD_KIND_LABELS } from '../../lib/labels.ts';
import { BankCardFields, WalletAddressFields, ZskAccountFields } from './method-fields.tsx';
import { changedFields, formFieldOf, initialValues, type EditValues } from './method-values.ts';
import { updateMethod } from './payment-methods-api.ts';

/** Saves what changed; a refused field is marked on the field, anything else shown above the form. */
function useMethodSave(form: FormInstance<EditValues>, onSaved: (saved: PaymentMethodRecord) => void) {
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async ({ target, values }: { target: PaymentMethodRecord; values: EditValues }) => {
      const changes = changedFields(initialValues(target), values);
      if (Object.keys(changes).length === 0) throw new ApiError('UNCHANGED', 'Nothing was changed.');
      return updateMethod({
        kind: target.kind,
        id: target.id,
        changes,
        reason: values.reason.trim(),
      });
    },
    onSuccess: (saved) => {
      form.resetFields();
      onSaved(saved);
    },
    onError: (failure, { target }) => {
      const field = failure instanceof ApiError ? formFieldOf(target, failure.field) : null;
      if (field) form.setFields([{ name: field, errors: [failure.message] }]);
      else setError(errorText(failure));
    },
  });
  return { save, error, setError };
}

/** Support's correction of one bound method, with the reason the audit log keeps. */
export function MethodEditModal({
  method,
  onClose,
  onSaved,
}: {
  method: PaymentMethodRecord | null;
  onClose: () => void;
  onSaved: (saved: PaymentMethodRecord) => void;
}) {
  const [form] = Form.useForm<EditValues>();
  const { save, error, setError } = useMethodSave(form, onSaved);
  const close = () => {
    form.resetFields();
    setError(null);
    save.reset();
    onClose();
  };

  return (
    <Modal
      open={method !== null}
      title={method ? `Change ${PAYMENT_METHOD_KIND_LABELS[method.kind].toLowerCase()} #${method.id}` : ''}
      okText="Save"
      okButtonProps={{ loading: save.isPending }}
      onOk={() => {
        if (!method) return;
        setError(null);
        form
          .validateFields()
          .then((values) => save.mutate({ target: method, values }))
          .catch(() => undefined);
      }}
      onCancel={close}
      destroyOnHidden
    >
      {method ? (
        <>
          <Typography.Paragraph type="secondary">
            The server checks the result with the rules of the user&apos;s own form. The user sees the change
            at once; the audit log keeps the values before and after.
          </Typography.Paragraph>
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <MethodForm form={form} method={method} />
        </>
      ) : null}
    </Modal>
  );
}

function MethodForm({ form, method }: { form: FormInstance<EditValues>; method: PaymentMethodRecord }) {
  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={initialValues(method)}>
      {method.kind === 'BANK_CARD' ? <BankCardFields /> : null}
      {method.kind === 'WALLET_ADDRESS' ? <WalletAddressFields coinId={method.vcId} /> : null}
      {method.kind === 'ZSK_ACCOUNT' ? <ZskAccountFields /> : null}
      <Form.Item
        label="Reason"
        name="reason"
        rules={[
          { required: true, whitespace: true, message: 'Give a reason; it is kept in the audit log' },
          { max: 500, message: 'At most 500 characters' },
        ]}
      >
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </Form>
  );
}
