import { Alert, Col, Form, Input, Modal, Row, Select, Typography } from 'antd';
import type { AdminTeamNode } from '@vela/contract';
import { USER_TYPE_LABELS } from '../../lib/labels.ts';
import {
  MEMBER_FIELD_LABELS,
  memberToValues,
  type MemberValues,
  type RateCaps,
} from './member-edit-logic.ts';
import { percentProblem, percentText } from './rate-logic.ts';
import { useMemberSave } from './use-member-save.tsx';

type Caps = RateCaps | 'none' | 'unknown';

/** The form of one user's type and rates, in a dialog; open while `node` is set. */
export function MemberEditModal({
  node,
  caps,
  onClose,
}: {
  node: AdminTeamNode | null;
  caps: Caps;
  onClose: () => void;
}) {
  if (!node) return null;
  return <OpenMemberModal key={node.id} node={node} caps={caps} onClose={onClose} />;
}

function OpenMemberModal({ node, caps, onClose }: { node: AdminTeamNode; caps: Caps; onClose: () => void }) {
  const { form, error, review } = useMemberSave(node, caps, onClose);
  const keepsAgent = node.userType === 2 && node.teamSize > 0;
  return (
    <Modal
      open
      title={`Team member ${node.username}`}
      okText="Review"
      onOk={() => void review()}
      onCancel={onClose}
      width={560}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <CapsNote caps={caps} />
      <Form<MemberValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={memberToValues(node)}
        onFinish={() => void review()}
        data-testid="team-member-form"
      >
        <Form.Item
          label={MEMBER_FIELD_LABELS.userType}
          name="userType"
          extra={
            keepsAgent ? `An agent with a team stays an agent: ${node.teamSize} users are below.` : undefined
          }
        >
          <Select
            options={[
              { value: 1, label: USER_TYPE_LABELS[1], disabled: keepsAgent },
              { value: 2, label: USER_TYPE_LABELS[2] },
            ]}
          />
        </Form.Item>
        <RateFields caps={caps} />
        <Form.Item
          label={MEMBER_FIELD_LABELS.reason}
          name="reason"
          rules={[
            { required: true, whitespace: true, message: 'Give a reason; it is kept in the audit log' },
            { max: 500, message: 'At most 500 characters' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Lowering an agent&apos;s rate below a member&apos;s leaves the agent nothing on that member&apos;s
        trades.
      </Typography.Paragraph>
    </Modal>
  );
}

/** The two rates as percentages, each checked against the agent's when it is known. */
function RateFields({ caps }: { caps: Caps }) {
  const capOf = (field: 'timing' | 'contract') => (typeof caps === 'object' ? caps[field] : null);
  const field = (name: 'timingPercent' | 'contractPercent', cap: string | null) => (
    <Form.Item
      label={MEMBER_FIELD_LABELS[name]}
      name={name}
      extra={cap === null ? undefined : `At most ${percentText(cap)}.`}
      rules={[
        {
          validator: (_: unknown, value: string | undefined) => {
            const problem = percentProblem(value, cap);
            return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
          },
        },
      ]}
    >
      <Input suffix="%" inputMode="decimal" autoComplete="off" />
    </Form.Item>
  );
  return (
    <Row gutter={12}>
      <Col span={12}>{field('timingPercent', capOf('timing'))}</Col>
      <Col span={12}>{field('contractPercent', capOf('contract'))}</Col>
    </Row>
  );
}

/** What the rates are held within: the agent's rates, none for a top-level user, or unknown here. */
function CapsNote({ caps }: { caps: Caps }) {
  const text =
    caps === 'none'
      ? 'A top-level user has no agent: each rate may be up to 100 %.'
      : caps === 'unknown'
        ? "The agent's rates are not loaded here; the server checks the new rates against them on save."
        : `Each rate is at most the agent ${caps.agentUsername}'s: timed trades ${percentText(caps.timing)}, contracts ${percentText(caps.contract)}.`;
  return (
    <Alert type="info" showIcon message={text} style={{ marginBottom: 16 }} data-testid="team-member-caps" />
  );
}
