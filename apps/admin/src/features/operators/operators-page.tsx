import { useState } from 'react';
import { App, Button, Space, Table } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { OperatorInfo } from '@vela/contract';
import { currentSession } from '../../lib/session.ts';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonModal } from '../../components/reason-modal.tsx';
import { CreateOperatorModal } from './create-operator-modal.tsx';
import { actionTexts, enrolmentOf, toggledText, type PendingAction } from './operator-actions.ts';
import { operatorColumns } from './operator-columns.tsx';
import { resetOperatorTotp, toggleOperator, useOperators } from './operators-api.ts';
import { TotpEnrolmentModal, type TotpEnrolment } from './totp-enrolment-modal.tsx';

/** Administrators: the operator accounts, and creating, disabling, enabling and re-enrolling them. */
export default function OperatorsPage() {
  const queryClient = useQueryClient();
  const selfId = currentSession()?.operator.id;
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const operators = useOperators();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['operators'] });
    void queryClient.invalidateQueries({ queryKey: ['audit'] });
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
        columns={operatorColumns(selfId, setPending)}
      />
      <OperatorActionModal
        pending={pending}
        onClose={() => setPending(null)}
        onEnrolment={setEnrolment}
        onDone={refresh}
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

/** Asks for the reason of a pending action, then runs it; a reset shows the new secret. */
function OperatorActionModal({
  pending,
  onClose,
  onEnrolment,
  onDone,
}: {
  pending: PendingAction | null;
  onClose: () => void;
  onEnrolment: (enrolment: TotpEnrolment) => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const texts = pending ? actionTexts(pending) : null;
  const run = async (reason: string) => {
    if (!pending) return;
    const operatorId = pending.operator.id;
    if (pending.kind === 'reset') {
      onEnrolment(enrolmentOf(await resetOperatorTotp(operatorId, reason)));
    } else {
      await toggleOperator(pending.kind, operatorId, reason);
      void message.success(toggledText(pending));
    }
    onDone();
  };
  return (
    <ReasonModal
      open={pending !== null}
      title={texts?.title ?? ''}
      description={texts?.description}
      okText={texts?.okText ?? 'OK'}
      danger={pending?.kind !== 'enable'}
      onSubmit={run}
      onClose={onClose}
    />
  );
}
