import { Form, Typography } from 'antd';
import type { AdminTeamNode } from '@vela/contract';
import { ChangeList, markRefusal, useReviewedSave, type Review } from '../../components/reviewed-save.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import {
  MEMBER_FIELD_LABELS,
  memberChanges,
  memberFieldOf,
  memberRefusalText,
  valuesToInput,
  type MemberValues,
  type RateCaps,
} from './member-edit-logic.ts';
import { TEAM_TREE_KEY, saveTeamMember, type MemberSaveInput } from './team-api.ts';

/**
 * Changing a user's type and rates (the console's reviewed save): the confirmation lists each
 * change before and after with the reason, and a refusal that names a field is marked on it. The
 * tree is read again either way, which refreshes the user's row and their agent's.
 */
export function useMemberSave(node: AdminTeamNode, caps: RateCaps | 'none' | 'unknown', onSaved: () => void) {
  const [form] = Form.useForm<MemberValues>();
  const { error, review } = useReviewedSave<MemberSaveInput>({
    prepare: async (): Promise<Review<MemberSaveInput>> => {
      const values = await form.validateFields().catch(() => null);
      const input = values ? valuesToInput(node, values) : null;
      if (!input) return null;
      const changes = memberChanges(node, input);
      if (changes.length === 0) return 'unchanged';
      const body = (
        <>
          <ChangeList changes={changes} testId="team-member-changes" />
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
            Reason: {input.reason}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            The new rates apply to trades placed from now on; rebates already figured stay as they were.
          </Typography.Paragraph>
        </>
      );
      return { input, title: `Change ${node.username}?`, body };
    },
    send: async (input) => {
      const saved = await saveTeamMember(input);
      onSaved();
      return `${saved.username} is saved`;
    },
    refusal: (failure) =>
      markRefusal(
        form,
        failure,
        (serverField) => {
          const field = memberFieldOf(serverField);
          return field ? { name: field, label: MEMBER_FIELD_LABELS[field] } : null;
        },
        failure instanceof ApiError ? memberRefusalText(failure, caps) : errorText(failure),
      ),
    refresh: [TEAM_TREE_KEY],
  });
  return { form, error, review };
}
