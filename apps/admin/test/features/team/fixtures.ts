import { screen } from '@testing-library/react';
import type { AdminTeamNode, OperatorRole, ReportFigures } from '@vela/contract';
import { startSession } from '../../../src/lib/session.ts';
import type { FakeAnswer } from '../../fake-server.ts';

/** The team console's paths and answers as the server would give them. */
export const TREE = '/admin/team/tree';
export const SAVE = '/admin/team/member/save';
export const MOVE = '/admin/team/move';
export const REPORT = '/admin/report/day';

export const TIME = new Date(2025, 0, 2, 3, 4, 5).getTime();

export function teamNode(
  id: number,
  username: string,
  overrides: Partial<AdminTeamNode> = {},
): AdminTeamNode {
  return {
    id,
    username,
    userType: 1,
    parentId: null,
    parentUsername: null,
    pointPercentTiming: '0',
    pointPercentContract: '0',
    teamSize: 0,
    directCount: 0,
    path: [],
    registerAt: TIME,
    ...overrides,
  };
}

/**
 * A small tree: agent01 at the top with teamA (an agent) and user5 below it, user7 below teamA;
 * agent02 and member09 at the top as well.
 */
export const agent01 = teamNode(1, 'agent01', {
  userType: 2,
  pointPercentTiming: '0.03',
  pointPercentContract: '0.02',
  teamSize: 3,
  directCount: 2,
});
export const agent02 = teamNode(2, 'agent02', {
  userType: 2,
  pointPercentTiming: '0.05',
  pointPercentContract: '0.05',
});
export const member09 = teamNode(9, 'member09');
export const teamA = teamNode(3, 'teamA', {
  userType: 2,
  parentId: 1,
  parentUsername: 'agent01',
  pointPercentTiming: '0.015',
  pointPercentContract: '0.01',
  teamSize: 1,
  directCount: 1,
  path: ['agent01'],
});
export const user5 = teamNode(5, 'user5', {
  parentId: 1,
  parentUsername: 'agent01',
  pointPercentTiming: '0.005',
  pointPercentContract: '0.002',
  path: ['agent01'],
});
export const user7 = teamNode(7, 'user7', {
  parentId: 3,
  parentUsername: 'teamA',
  pointPercentTiming: '0.01',
  pointPercentContract: '0.005',
  path: ['agent01', 'teamA'],
});

const list = (nodes: AdminTeamNode[], nextBefore: number | null = null): FakeAnswer => ({
  data: { list: nodes, nextBefore },
});

/**
 * The tree of the fixtures as /admin/team/tree answers it: agent01's direct members come in two
 * pages; "u" finds user7 and user5, "agent" the two agents.
 */
export function treeAnswer(body: Record<string, unknown>): FakeAnswer {
  if (body.parentId === 1) return body.before === undefined ? list([teamA], 3) : list([user5]);
  if (body.parentId === 3) return list([user7]);
  if (body.query === 'u') return list([user7, user5]);
  if (body.query === 'agent') return list([agent02, agent01]);
  return list([agent02, agent01, member09]);
}

/** Signs an operator of `role` in, as the console would be when the page opens. */
export function signInAs(role: OperatorRole) {
  startSession({
    token: 'operator-token',
    operator: {
      id: 1,
      username: 'operator1',
      role,
      active: true,
      createdAt: TIME,
      lastLoginAt: null,
      lastLoginIp: null,
    },
  });
}

export function figures(symbol: string, overrides: Partial<ReportFigures> = {}): ReportFigures {
  return {
    symbol,
    profit: '0.000000',
    orderAmount: '0.000000',
    orderCount: 0,
    fee: '0.000000',
    bonus: '0.000000',
    rebate: '0.000000',
    recharge: '0.000000',
    rechargeFee: '0.000000',
    rechargeCount: 0,
    withdraw: '0.000000',
    withdrawFee: '0.000000',
    withdrawCount: 0,
    exchange: '0.000000',
    exchangeFee: '0.000000',
    firstRecharge: '0.000000',
    firstRechargeCount: 0,
    memberCount: 0,
    ...overrides,
  };
}

/** A table row by its key, inside the table with `testId`. */
export function rowOf(testId: string, key: string): HTMLElement {
  const row = document.querySelector<HTMLElement>(`[data-testid="${testId}"] tr[data-row-key="${key}"]`);
  if (!row) throw new Error(`no row ${key} in ${testId}`);
  return row;
}

/** The keys of a table's rows, top to bottom. */
export function rowKeys(testId: string): string[] {
  return [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"] tr[data-row-key]`)].map(
    (row) => row.dataset.rowKey ?? '',
  );
}

/** The confirmation before a save; antd's confirm dialogs carry their title as text only. */
export async function findConfirmation(title: string | RegExp): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-confirm-title' });
  const dialog = heading.closest<HTMLElement>('.ant-modal-confirm');
  if (!dialog) throw new Error('no confirmation');
  return dialog;
}
