import { Form, Typography } from 'antd';
import type { AdminTeamNode } from '@vela/contract';
import { markRefusal, useReviewedSave, type Review } from '../../components/reviewed-save.tsx';
import { pathText } from './agent-tree-logic.ts';
import { TEAM_TREE_KEY, moveTeamMember, type MoveInput } from './team-api.ts';

export interface MoveValues {
  agentId: number | undefined;
  reason: string;
}

const MOVE_FIELD_LABELS: Record<keyof MoveValues, string> = { agentId: 'New agent', reason: 'Reason' };

/**
 * Moving a user with their team under another agent (the console's reviewed save): the
 * confirmation says where the user goes and what happens to rebates, and a refusal is marked on
 * the field it names. The tree is read again either way: the user leaves one agent's list for
 * another's, and the team sizes of everyone above change along both paths.
 */
export function useMemberMove(
  user: AdminTeamNode,
  agentOf: (id: number) => AdminTeamNode | null,
  onMoved: () => void,
) {
  const [form] = Form.useForm<MoveValues>();
  const { error, review } = useReviewedSave<MoveInput>({
    prepare: async (): Promise<Review<MoveInput>> => {
      const values = await form.validateFields().catch(() => null);
      const agent = values?.agentId === undefined ? null : agentOf(values.agentId);
      if (!values || !agent) return null;
      const input = { userId: user.id, agentId: agent.id, reason: values.reason.trim() };
      const body = <MoveSummary user={user} agent={agent} reason={input.reason} />;
      return { input, title: `Move ${user.username} under ${agent.username}?`, body, danger: true };
    },
    send: async (input) => {
      const moved = await moveTeamMember(input);
      onMoved();
      return `${moved.username} moved under ${moved.parentUsername ?? 'the new agent'}`;
    },
    refusal: (failure) =>
      markRefusal(form, failure, (serverField) =>
        serverField === 'agentId' || serverField === 'reason'
          ? { name: serverField, label: MOVE_FIELD_LABELS[serverField] }
          : null,
      ),
    refresh: [TEAM_TREE_KEY],
  });
  return { form, error, review };
}

/** The confirmation: from where to where, the new path, and what it means for rebates. */
function MoveSummary({ user, agent, reason }: { user: AdminTeamNode; agent: AdminTeamNode; reason: string }) {
  const team = user.teamSize === 1 ? 'the 1 user of their team' : `the ${user.teamSize} users of their team`;
  const newPath = pathText({ ...user, path: [...agent.path, agent.username] });
  return (
    <div data-testid="team-move-summary">
      <Typography.Paragraph>
        {user.username}
        {user.teamSize > 0 ? `, with ${team},` : ''} moves from {user.parentUsername ?? 'the top level'} to{' '}
        {agent.username}. The new path is {newPath}.
      </Typography.Paragraph>
      <Typography.Paragraph strong>
        Trades placed from now on pay rebates along the new path. Rebates of trades placed before the move
        stay as they were, including those of timed trades still open.
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>Reason: {reason}</Typography.Paragraph>
    </div>
  );
}
