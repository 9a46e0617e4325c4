import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import type { AdminTeamNode } from '@vela/contract';
import { moveProblem } from './agent-tree-logic.ts';
import { percentText } from './rate-logic.ts';
import { useAgentSearch } from './team-api.ts';
import { useMemberMove, type MoveValues } from './use-member-move.tsx';

/** A search waits this long after the last key, so typing a name asks the server once. */
const SEARCH_DELAY_MS = 250;

/** Moving one user under another agent, in a dialog; open while `node` is set. Administrators only. */
export function MemberMoveModal({ node, onClose }: { node: AdminTeamNode | null; onClose: () => void }) {
  if (!node) return null;
  return <OpenMoveModal key={node.id} user={node} onClose={onClose} />;
}

function OpenMoveModal({ user, onClose }: { user: AdminTeamNode; onClose: () => void }) {
  const [chosen, setChosen] = useState<AdminTeamNode | null>(null);
  const { form, error, review } = useMemberMove(user, (id) => (chosen?.id === id ? chosen : null), onClose);
  return (
    <Modal
      open
      title={`Move ${user.username}`}
      okText="Review"
      onOk={() => void review()}
      onCancel={onClose}
      width={560}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">
        {user.username} and everyone below them move under the agent chosen here. The agent&apos;s rates must
        be at least {user.username}&apos;s: timed trades {percentText(user.pointPercentTiming)}, contracts{' '}
        {percentText(user.pointPercentContract)}.
      </Typography.Paragraph>
      <Form<MoveValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ agentId: undefined, reason: '' }}
        onFinish={() => void review()}
        data-testid="team-move-form"
      >
        <Form.Item label="New agent" name="agentId" rules={[{ required: true, message: 'Choose an agent' }]}>
          <AgentPicker user={user} onChoose={setChosen} />
        </Form.Item>
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

/** The text typed, once it has rested; only letters and digits, as usernames are, are asked for. */
function useSettledSearch(typed: string): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(
      () => setSettled(/^[A-Za-z0-9]{0,32}$/.test(typed) ? typed : ''),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [typed]);
  return settled;
}

/**
 * Agents by username prefix. One that cannot take the user is listed, disabled, with the reason,
 * so the operator sees why a name they expected cannot be chosen.
 */
function AgentPicker({
  user,
  onChoose,
  id,
  value,
  onChange,
}: {
  user: AdminTeamNode;
  onChoose: (agent: AdminTeamNode | null) => void;
  /** The form item's id, value and change handler, which it hands to the control it wraps. */
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  const [typed, setTyped] = useState('');
  const agents = useAgentSearch(useSettledSearch(typed));
  const options = (agents.data ?? []).map((agent) => {
    const problem = moveProblem(user, agent);
    const rates = `${percentText(agent.pointPercentTiming)} / ${percentText(agent.pointPercentContract)}`;
    return {
      value: agent.id,
      label: problem ? `${agent.username} (${rates}): ${problem}` : `${agent.username} (${rates})`,
      disabled: problem !== null,
    };
  });
  return (
    <Select
      showSearch
      filterOption={false}
      value={value}
      placeholder="Type the start of an agent's username"
      id={id}
      options={options}
      loading={agents.isFetching}
      onSearch={setTyped}
      onChange={(id: number | undefined) => {
        onChoose(agents.data?.find((agent) => agent.id === id) ?? null);
        onChange?.(id);
      }}
      notFoundContent={agents.isError ? 'The agents could not be loaded' : 'No agent by that name'}
    />
  );
}
