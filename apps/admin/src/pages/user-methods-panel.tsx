import { useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Select,
  Skeleton,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BankCardRecord,
  PaymentMethodRecord,
  WalletAddressRecord,
  ZskAccountRecord,
} from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { ApiError, call, errorText } from '../api.ts';
import { QueryError } from '../components/query-error.tsx';
import { ReasonModal } from '../components/reason-modal.tsx';
import { formatTime } from '../format.ts';
import { PAYMENT_METHOD_KIND_LABELS } from '../labels.ts';

/**
 * A user's bound methods in their detail, in full (payouts and support need the whole numbers):
 * bank cards, wallet addresses and fast-payment accounts. Support corrects a live one (a form per
 * kind, checked by the server with the rules of the user's add form) or removes it, each with a
 * reason for the audit log. Removed ones stay listed, marked, so support can say what happened.
 */
export default function UserMethodsPanel({ userId }: { userId: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PaymentMethodRecord | null>(null);
  const [removing, setRemoving] = useState<PaymentMethodRecord | null>(null);
  const methods = useQuery({
    queryKey: ['payment-methods', userId],
    queryFn: () => call(routes.payment.adminMethodList, { userId }),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['payment-methods', userId] });
    void queryClient.invalidateQueries({ queryKey: ['audit'] });
  };

  if (methods.isPending) return <Skeleton active />;
  if (methods.isError) return <QueryError error={methods.error} onRetry={() => void methods.refetch()} />;
  const { bankCards, walletAddresses, zskAccounts } = methods.data;

  const section = (title: string, items: PaymentMethodRecord[], testId: string) => (
    <div data-testid={testId}>
      <Typography.Text strong>
        {title} ({items.filter((item) => item.removedAt === null).length})
      </Typography.Text>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="None bound" style={{ margin: '8px 0' }} />
      ) : (
        <List
          size="small"
          dataSource={items}
          rowKey={(item) => `${item.kind}-${item.id}`}
          renderItem={(item) => (
            <MethodItem method={item} onEdit={() => setEditing(item)} onRemove={() => setRemoving(item)} />
          )}
        />
      )}
    </div>
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="user-methods">
      {section('Bank cards', bankCards, 'methods-bank-cards')}
      {section('Wallet addresses', walletAddresses, 'methods-wallet-addresses')}
      {section('Fast-payment accounts', zskAccounts, 'methods-zsk-accounts')}
      <MethodEditModal
        method={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          void message.success(`${PAYMENT_METHOD_KIND_LABELS[saved.kind]} #${saved.id} is changed`);
          refresh();
        }}
      />
      <ReasonModal
        open={removing !== null}
        title={
          removing ? `Remove ${PAYMENT_METHOD_KIND_LABELS[removing.kind].toLowerCase()} #${removing.id}` : ''
        }
        description={
          removing
            ? `${headline(removing)}. The user no longer sees it and cannot withdraw to it; the record stays.`
            : undefined
        }
        okText="Remove"
        danger
        onSubmit={async (reason) => {
          if (!removing) return;
          await call(routes.payment.adminMethodRemove, {
            kind: removing.kind,
            id: removing.id,
            reason,
          });
          void message.success(`${PAYMENT_METHOD_KIND_LABELS[removing.kind]} #${removing.id} is removed`);
          refresh();
        }}
        onClose={() => setRemoving(null)}
      />
    </Space>
  );
}

/** The line a person recognizes a method by. */
function headline(method: PaymentMethodRecord): string {
  switch (method.kind) {
    case 'BANK_CARD':
      return `${method.bankName} ${method.cardNumber}`;
    case 'WALLET_ADDRESS':
      return `${method.symbol} ${method.chainName} ${method.vcAccount}`;
    case 'ZSK_ACCOUNT':
      return `${method.name} ${method.zskId}`;
  }
}

function facts(method: PaymentMethodRecord): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [];
  const add = (label: string, value: ReactNode) => {
    if (value !== null && value !== undefined && value !== '') rows.push([label, value]);
  };
  const copyable = (value: string) => <Typography.Text copyable>{value}</Typography.Text>;
  if (method.kind === 'BANK_CARD') {
    add('Bank', `${method.bankName} (${method.bankCountry})`);
    add('Card number', copyable(method.cardNumber));
    add('Holder', method.name);
    add('ID number', method.idCardNumber);
    add('Branch', method.branchAddress);
    add('Branch code', method.branchCode);
    add('CCI', method.cci ? copyable(method.cci) : null);
    add('Katakana', method.katakana);
    add('ZSK id', method.zskId);
  } else if (method.kind === 'WALLET_ADDRESS') {
    add('Network', `${method.symbol} ${method.chainName}`);
    add('Address', copyable(method.vcAccount));
    add('Remark', method.remark);
  } else {
    add('Name', method.name);
    add('ZSK id', copyable(method.zskId));
  }
  add('Added', formatTime(method.createdAt));
  if (method.updatedAt !== null)
    add('Last changed', `${formatTime(method.updatedAt)}: ${method.updatedReason ?? ''}`);
  if (method.removedAt !== null)
    add('Removed', `${formatTime(method.removedAt)}: ${method.removedReason ?? ''}`);
  return rows;
}

function MethodItem({
  method,
  onEdit,
  onRemove,
}: {
  method: PaymentMethodRecord;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const removed = method.removedAt !== null;
  return (
    <List.Item
      data-testid="payment-method"
      style={{ opacity: removed ? 0.65 : 1 }}
      actions={
        removed
          ? []
          : [
              <Button key="edit" size="small" onClick={onEdit} data-testid="method-edit">
                Edit
              </Button>,
              <Button key="remove" size="small" danger onClick={onRemove} data-testid="method-remove">
                Remove
              </Button>,
            ]
      }
    >
      <Space direction="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
        <Space wrap size={4}>
          <Typography.Text strong className="console-numbers">
            #{method.id}
          </Typography.Text>
          {removed ? (
            <Tooltip title={method.removedReason}>
              <Tag color="red">Removed</Tag>
            </Tooltip>
          ) : null}
          {method.updatedAt !== null ? (
            <Tooltip title={method.updatedReason}>
              <Tag color="blue">Changed by support</Tag>
            </Tooltip>
          ) : null}
        </Space>
        <Descriptions
          size="small"
          column={1}
          className="console-numbers"
          items={facts(method).map(([label, value]) => ({ key: label, label, children: value }))}
        />
      </Space>
    </List.Item>
  );
}

// ---- editing ------------------------------------------------------------------------------------

/** The form's values: text fields as typed, and the reason. */
type EditValues = Record<string, string | number | undefined> & { reason: string };

/** The editable fields of each kind, as the form holds them, taken from the method. */
function initialValues(method: PaymentMethodRecord): Record<string, string | number> {
  switch (method.kind) {
    case 'BANK_CARD':
      return bankCardValues(method);
    case 'WALLET_ADDRESS':
      return walletAddressValues(method);
    case 'ZSK_ACCOUNT':
      return zskAccountValues(method);
  }
}

function bankCardValues(card: BankCardRecord) {
  return {
    bankId: card.bankId,
    cardNumber: card.cardNumber,
    name: card.name,
    idCardNumber: card.idCardNumber,
    branchAddress: card.branchAddress ?? '',
    branchCode: card.branchCode ?? '',
    cci: card.cci ?? '',
    katakana: card.katakana ?? '',
    zskId: card.zskId ?? '',
  };
}

function walletAddressValues(address: WalletAddressRecord) {
  return { vcChainNameId: address.vcChainNameId, vcAccount: address.vcAccount, remark: address.remark ?? '' };
}

function zskAccountValues(account: ZskAccountRecord) {
  return { name: account.name, zskId: account.zskId };
}

/**
 * Only what the operator changed is sent, so the audit row shows exactly that. A cleared optional
 * field is sent as an empty text, which the server stores as "not given".
 */
function changedFields(
  initial: Record<string, string | number>,
  values: EditValues,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, before] of Object.entries(initial)) {
    const raw = values[field];
    const after = typeof raw === 'string' ? raw.trim() : raw;
    if (after !== undefined && after !== before) changes[field] = after;
  }
  return changes;
}

function MethodEditModal({
  method,
  onClose,
  onSaved,
}: {
  method: PaymentMethodRecord | null;
  onClose: () => void;
  onSaved: (saved: PaymentMethodRecord) => void;
}) {
  const [form] = Form.useForm<EditValues>();
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async ({ target, values }: { target: PaymentMethodRecord; values: EditValues }) => {
      const changes = changedFields(initialValues(target), values);
      if (Object.keys(changes).length === 0) throw new ApiError('UNCHANGED', 'Nothing was changed.');
      return call(routes.payment.adminMethodUpdate, {
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
      // Field problems from the server name the field inside `changes` (or the reason itself).
      const field = failure instanceof ApiError ? failure.field?.replace(/^changes\./, '') : undefined;
      if (field && (field === 'reason' || field in initialValues(target))) {
        form.setFields([{ name: field, errors: [failure.message] }]);
      } else {
        setError(errorText(failure));
      }
    },
  });

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
          <Form form={form} layout="vertical" requiredMark={false} initialValues={initialValues(method)}>
            {method.kind === 'BANK_CARD' ? <BankCardFields /> : null}
            {method.kind === 'WALLET_ADDRESS' ? <WalletAddressFields vcId={method.vcId} /> : null}
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
        </>
      ) : null}
    </Modal>
  );
}

const required = { required: true, whitespace: true, message: 'Required' };

function BankCardFields() {
  const banks = useQuery({
    queryKey: ['banks'],
    queryFn: () => call(routes.payment.bankList, {}),
    staleTime: Infinity,
  });
  const form = Form.useFormInstance<EditValues>();
  const bankId = Form.useWatch('bankId', form);
  // Japanese banks hold the holder's name in katakana, Peruvian ones a CCI (decision 014).
  const country = banks.data?.find((bank) => bank.id === bankId)?.country;
  return (
    <>
      <Form.Item label="Bank" name="bankId" rules={[{ required: true, message: 'Choose a bank' }]}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={banks.isPending}
          options={(banks.data ?? []).map((bank) => ({
            value: bank.id,
            label: `${bank.name} (${bank.country})`,
          }))}
        />
      </Form.Item>
      <Form.Item label="Card number" name="cardNumber" rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Holder name" name="name" rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="ID card number" name="idCardNumber" rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Branch address" name="branchAddress">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Branch code" name="branchCode">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="CCI (Peruvian banks)" name="cci" hidden={country !== 'PE'}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Name in katakana (Japanese banks)" name="katakana" hidden={country !== 'JP'}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="ZSK id" name="zskId">
        <Input autoComplete="off" />
      </Form.Item>
    </>
  );
}

function WalletAddressFields({ vcId }: { vcId: number }) {
  const chains = useQuery({
    queryKey: ['chains'],
    queryFn: () => call(routes.payment.chainList, {}),
    staleTime: Infinity,
  });
  // An address moves between the networks of its coin only.
  const options = (chains.data ?? [])
    .filter((chain) => chain.vcId === vcId)
    .map((chain) => ({ value: chain.id, label: `${chain.symbol} ${chain.chainName}` }));
  return (
    <>
      <Form.Item
        label="Network"
        name="vcChainNameId"
        rules={[{ required: true, message: 'Choose a network' }]}
      >
        <Select loading={chains.isPending} options={options} />
      </Form.Item>
      <Form.Item label="Address" name="vcAccount" rules={[required]}>
        <Input autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item label="Remark" name="remark">
        <Input autoComplete="off" />
      </Form.Item>
    </>
  );
}

function ZskAccountFields() {
  return (
    <>
      <Form.Item label="Name" name="name" rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="ZSK id" name="zskId" rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
    </>
  );
}
