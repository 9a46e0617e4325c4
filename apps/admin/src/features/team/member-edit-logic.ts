import type { AdminTeamNode, UserType } from '@vela/contract';
import type { ChangeLine } from '../../components/reviewed-save.tsx';
import { USER_TYPE_LABELS } from '../../lib/labels.ts';
import { percentOf, percentText, rateOf, sameRate } from './rate-logic.ts';
import type { MemberSaveInput } from './team-api.ts';

/** The edit form's values: the rates as typed percentages, so nothing is rounded on the way. */
export interface MemberValues {
  userType: UserType;
  timingPercent: string;
  contractPercent: string;
  reason: string;
}

export type MemberField = keyof MemberValues;

export const MEMBER_FIELD_LABELS: Record<MemberField, string> = {
  userType: 'Type',
  timingPercent: 'Timed-trade rebate',
  contractPercent: 'Contract rebate',
  reason: 'Reason',
};

/** The rates an agent's users are held within: the agent's own two. */
export interface RateCaps {
  agentUsername: string;
  timing: string;
  contract: string;
}

/**
 * The caps of a user's rates: a top-level user has no agent and may have any rate up to 100 %; a
 * user whose agent has been read is held to the agent's rates; otherwise they are unknown here and
 * the server checks them on save.
 */
export function capsOf(
  node: AdminTeamNode,
  byId: ReadonlyMap<number, AdminTeamNode>,
): RateCaps | 'none' | 'unknown' {
  if (node.parentId === null) return 'none';
  const agent = byId.get(node.parentId);
  if (!agent) return 'unknown';
  return {
    agentUsername: agent.username,
    timing: agent.pointPercentTiming,
    contract: agent.pointPercentContract,
  };
}

export function memberToValues(node: AdminTeamNode): MemberValues {
  return {
    userType: node.userType,
    timingPercent: percentOf(node.pointPercentTiming),
    contractPercent: percentOf(node.pointPercentContract),
    reason: '',
  };
}

/** The save request, the rates as fractions; null while a rate is not a percentage. */
export function valuesToInput(node: AdminTeamNode, values: MemberValues): MemberSaveInput | null {
  const timing = rateOf(values.timingPercent);
  const contract = rateOf(values.contractPercent);
  if (timing === null || contract === null) return null;
  return {
    userId: node.id,
    userType: values.userType,
    pointPercentTiming: timing,
    pointPercentContract: contract,
    reason: values.reason.trim(),
  };
}

/** What a save changes, before and after; the reason is no change and is shown apart. */
export function memberChanges(node: AdminTeamNode, input: MemberSaveInput): ChangeLine[] {
  const changes: ChangeLine[] = [];
  if (node.userType !== input.userType) {
    changes.push({
      key: 'userType',
      label: MEMBER_FIELD_LABELS.userType,
      before: USER_TYPE_LABELS[node.userType],
      after: USER_TYPE_LABELS[input.userType],
    });
  }
  const rates = [
    ['timingPercent', node.pointPercentTiming, input.pointPercentTiming],
    ['contractPercent', node.pointPercentContract, input.pointPercentContract],
  ] as const;
  for (const [field, before, after] of rates) {
    if (sameRate(before, after)) continue;
    changes.push({
      key: field,
      label: MEMBER_FIELD_LABELS[field],
      before: percentText(before),
      after: percentText(after),
    });
  }
  return changes;
}

const SERVER_FIELDS: Partial<Record<string, MemberField>> = {
  userType: 'userType',
  pointPercentTiming: 'timingPercent',
  pointPercentContract: 'contractPercent',
  reason: 'reason',
};

/** The form's field for a field the server names, or null for one the form does not show. */
export function memberFieldOf(serverField: string | null): MemberField | null {
  return (serverField !== null && SERVER_FIELDS[serverField]) || null;
}

/**
 * A refusal in the console's words where the server's are written for agents ("your own" rate),
 * with the agent's rate when it is known; any other refusal as the server words it.
 */
export function memberRefusalText(
  refusal: { code: string; message: string; field: string | null },
  caps: RateCaps | 'none' | 'unknown',
): string {
  if (refusal.code !== 'REBATE_ABOVE_OWN') return refusal.message;
  if (typeof caps !== 'object') return "Above the agent's rate";
  const cap = refusal.field === 'pointPercentContract' ? caps.contract : caps.timing;
  return `Above the agent's rate: at most ${percentText(cap)}`;
}
