import { useState } from 'react';
import { App, Button, Descriptions, Empty, List, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodRecord } from '@vela/contract';
import { PAYMENT_METHOD_KIND_LABELS } from '../../lib/labels.ts';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonModal } from '../../components/reason-modal.tsx';
import { MethodEditModal } from './method-edit-modal.tsx';
import { headline, methodFacts } from './method-values.ts';
import { removeMethod, useUserMethods } from './payment-methods-api.ts';

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
  const methods = useUserMethods(userId);
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
          await removeMethod(removing.kind, removing.id, reason);
          void message.success(`${PAYMENT_METHOD_KIND_LABELS[removing.kind]} #${removing.id} is removed`);
          refresh();
        }}
        onClose={() => setRemoving(null)}
      />
    </Space>
  );
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
          items={methodFacts(method).map(({ label, value, copy }) => ({
            key: label,
            label,
            children: copy ? <Typography.Text copyable>{value}</Typography.Text> : value,
          }))}
        />
      </Space>
    </List.Item>
  );
}
