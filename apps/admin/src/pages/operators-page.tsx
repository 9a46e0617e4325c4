import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { preHashPassword } from '@vela/domain';
import type { OperatorInfo, OperatorRole } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { ApiError, call, errorText } from '../api.ts';
import { QueryError } from '../components/query-error.tsx';
import { ReasonModal } from '../components/reason-modal.tsx';
import { TotpEnrolmentModal, type TotpEnrolment } from '../components/totp-enrolment-modal.tsx';
import { formatTime, timeTitle } from '../format.ts';
import { optionsOf, ROLE_LABELS } from '../labels.ts';
import { currentSession } from '../session.ts';

type PendingAction = { kind: 'disable' | 'enable' | 'reset'; operator: OperatorInfo };

/** Administrators: the operator accounts, and creating, disabling, enabling and re-enrolling them. */
export default function OperatorsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const selfId = currentSession()?.operator.id;
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);

  const operators = useQuery({ queryKey: ['operators'], queryFn: () => call(routes.admin.operatorList, {}) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['operators'] });
    void queryClient.invalidateQueries({ queryKey: ['audit'] });
  };

  const runPending = async (reason: string) => {
    if (!pending) return;
    const body = { operatorId: pending.operator.id, reason };
    if (pending.kind === 'reset') {
      const data = await call(routes.admin.operatorResetTotp, body);
      setEnrolment({
        username: data.operator.username,
        totpSecret: data.totpSecret,
        otpauthUri: data.otpauthUri,
      });
    } else {
      await call(
        pending.kind === 'disable' ? routes.admin.operatorDisable : routes.admin.operatorEnable,
        body,
      );
      void message.success(
        `${pending.operator.username} is ${pending.kind === 'disable' ? 'disabled' : 'enabled'}`,
      );
    }
    refresh();
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space>
        <Button type="primary" onClick={() => setCreating(true)} data-testid="create-operator">
          New operator
        </Button>
      </Space>
      {operators.isError ? (
        <QueryError error={operators.error} onRetry={() => void operators.refetch()} />
      ) : null}
      <Table<OperatorInfo>
        rowKey="id"
        size="middle"
        loading={operators.isPending}
        dataSource={operators.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: 'No operators.' }}
        columns={[
          {
            title: 'Username',
            dataIndex: 'username',
            render: (name: string, operator) => (
              <>
                {name} {operator.id === selfId ? <Tag>you</Tag> : null}
              </>
            ),
          },
          { title: 'Role', dataIndex: 'role', render: (role: OperatorRole) => ROLE_LABELS[role] },
          {
            title: 'Status',
            dataIndex: 'active',
            render: (active: boolean) =>
              active ? <Tag color="green">Active</Tag> : <Tag color="red">Disabled</Tag>,
          },
          { title: timeTitle('Created'), dataIndex: 'createdAt', render: formatTime },
          {
            title: timeTitle('Last sign-in'),
            key: 'lastLogin',
            render: (_, operator) =>
              `${formatTime(operator.lastLoginAt)}${operator.lastLoginIp ? ` from ${operator.lastLoginIp}` : ''}`,
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, operator) => (
              <Space wrap>
                {operator.active ? (
                  <Tooltip title={operator.id === selfId ? 'You cannot disable your own account' : undefined}>
                    <Button
                      size="small"
                      danger
                      disabled={operator.id === selfId}
                      onClick={() => setPending({ kind: 'disable', operator })}
                    >
                      Disable
                    </Button>
                  </Tooltip>
                ) : (
                  <Button size="small" onClick={() => setPending({ kind: 'enable', operator })}>
                    Enable
                  </Button>
                )}
                <Button size="small" onClick={() => setPending({ kind: 'reset', operator })}>
                  Reset authenticator
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ReasonModal
        open={pending !== null}
        title={
          pending
            ? {
                disable: `Disable ${pending.operator.username}`,
                enable: `Enable ${pending.operator.username}`,
                reset: `Reset the authenticator of ${pending.operator.username}`,
              }[pending.kind]
            : ''
        }
        description={
          pending
            ? {
                disable: 'They are signed out everywhere and cannot sign in until enabled again.',
                enable: 'They can sign in again with their password and authenticator.',
                reset:
                  'Their current authenticator stops working and they are signed out; the new secret is shown once.',
              }[pending.kind]
            : undefined
        }
        okText={pending ? { disable: 'Disable', enable: 'Enable', reset: 'Reset' }[pending.kind] : 'OK'}
        danger={pending?.kind !== 'enable'}
        onSubmit={runPending}
        onClose={() => setPending(null)}
      />
      <CreateOperatorModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setEnrolment(created);
          refresh();
        }}
      />
      <TotpEnrolmentModal enrolment={enrolment} onClose={() => setEnrolment(null)} />
    </Space>
  );
}

interface CreateValues {
  username: string;
  role: OperatorRole;
  password: string;
  confirm: string;
}

function CreateOperatorModal({
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
    mutationFn: (values: CreateValues) =>
      call(routes.admin.operatorCreate, {
        username: values.username.trim(),
        role: values.role,
        password: preHashPassword(values.password),
      }),
    onSuccess: (data) => {
      form.resetFields();
      onCreated({
        username: data.operator.username,
        totpSecret: data.totpSecret,
        otpauthUri: data.otpauthUri,
      });
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
    </Modal>
  );
}
