import { useState } from 'react';
import { Alert, Form, Input, Modal, Select, Typography, type FormInstance } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { OperatorRole } from '@vela/contract';
import { ApiError, errorText } from '../../lib/api.ts';
import { optionsOf, ROLE_LABELS } from '../../lib/labels.ts';
import { enrolmentOf } from './operator-actions.ts';
import { createOperator } from './operators-api.ts';
import type { TotpEnrolment } from './totp-enrolment-modal.tsx';

interface CreateValues {
  username: string;
  role: OperatorRole;
  password: string;
  confirm: string;
}

/** A new operator account; the server answers with its authenticator secret, shown next, once. */
export function CreateOperatorModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (enrolment: TotpEnrolment) => void;
}) {
  const [form] = Form.useForm<CreateValues>();
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (values: CreateValues) => createOperator(values),
    onSuccess: (data) => {
      form.resetFields();
      onCreated(enrolmentOf(data));
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.field === 'username') {
        form.setFields([{ name: 'username', errors: [failure.message] }]);
      } else {
        setError(errorText(failure));
      }
    },
  });

  return (
    <Modal
      open={open}
      title="New operator"
      okText="Create"
      okButtonProps={{ loading: create.isPending }}
      onOk={() => {
        setError(null);
        form
          .validateFields()
          .then((values) => create.mutate(values))
          .catch(() => undefined);
      }}
      onCancel={() => {
        form.resetFields();
        setError(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Give the operator the initial password privately; the authenticator secret appears next, once.
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <CreateOperatorForm form={form} />
    </Modal>
  );
}

function CreateOperatorForm({ form }: { form: FormInstance<CreateValues> }) {
  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={{ role: 'support' }}>
      <Form.Item
        label="Username"
        name="username"
        rules={[
          { required: true, message: 'Enter a username' },
          {
            pattern: /^\s*[A-Za-z][A-Za-z0-9]{1,9}\s*$/,
            message: '2 to 10 letters or digits, starting with a letter',
          },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Role" name="role" rules={[{ required: true }]}>
        <Select options={optionsOf(ROLE_LABELS)} />
      </Form.Item>
      <Form.Item
        label="Initial password"
        name="password"
        rules={[
          { required: true, message: 'Enter a password' },
          { min: 10, message: 'At least 10 characters' },
          { max: 64, message: 'At most 64 characters' },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: 'Repeat the password' },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error('The passwords differ')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </Form>
  );
}
