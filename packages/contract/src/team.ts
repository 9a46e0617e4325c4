import { z } from 'zod';
import { REBATE_RATE_PATTERN } from '@vela/domain';
import { rowIdField } from './admin.ts';
import { emptyBody, endpoint } from './endpoint.ts';
import { USER_TYPES } from './enums.ts';
import { msg, usernameField } from './fields.ts';

/**
 * Agents and teams (docs/product.md, "Teams"): agents add users below them with rebate rates no
 * higher than their own, see their team, the rebates its trades paid them and the team's reports.
 * Rates are decimal fractions ("0.015" is 1.5 %; screens show the rate times 100); amounts are
 * decimal strings of their currency.
 */

const userTypeField = z.union(
  USER_TYPES.map((type) => z.literal(type)),
  msg('validation.userType'),
);
const rateField = z
  .string(msg('validation.required'))
  .trim()
  .regex(REBATE_RATE_PATTERN, msg('validation.rebateRate'));
const decimal = z.string();

export const addUserOptions = endpoint({
  path: '/user/portal-user-add-point-percent-list',
  auth: 'user',
  tag: 'team',
  summary:
    'Agents: what a user they add may get: the types they may create, their own two rebate rates (the caps), and the initial password the new user starts with.',
  body: emptyBody,
  data: z.object({
    userTypes: z.array(z.union(USER_TYPES.map((type) => z.literal(type)))),
    pointPercentTiming: decimal.describe("The agent's own rate on timed trades: the cap."),
    pointPercentContract: decimal.describe("The agent's own rate on contract fees: the cap."),
    initialPassword: z
      .string()
      .describe('The platform default password; the new user must change it at first login.'),
  }),
});

export const addUser = endpoint({
  path: '/user/add',
  auth: 'user',
  tag: 'team',
  summary:
    "Agents: adds a direct member with a type, a username and two rebate rates, each at most the agent's own; the new user starts with the initial password and must change it.",
  body: z
    .object({
      userType: userTypeField,
      username: usernameField,
      pointPercentTiming: rateField,
      pointPercentContract: rateField,
    })
    .strict(),
  data: z.object({
    id: z.number().int(),
    username: z.string(),
    userType: z.union(USER_TYPES.map((type) => z.literal(type))),
    pointPercentTiming: decimal,
    pointPercentContract: decimal,
    initialPassword: z.string(),
  }),
});

export const teamMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  userType: z.union(USER_TYPES.map((type) => z.literal(type))),
  depth: z.number().int().describe('1: a direct member; 2 and more: below one.'),
  parentUsername: z.string().nullable(),
  pointPercentTiming: decimal,
  pointPercentContract: decimal,
  registerWay: z.string().describe('INVITE_CODE (registered with a code), AGENT (added) or SYSTEM.'),
  teamCount: z.number().int().describe('Members below this one, at any depth.'),
  teamOnline: z.number().int().describe('Of those, how many are online.'),
  balance: decimal.describe("The member's USDT spot balance."),
  lastLoginAt: z.number().int().nullable(),
  registerAt: z.number().int(),
  online: z.boolean().describe('A session seen in the last five minutes (docs/product.md, "Teams").'),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamPage = endpoint({
  path: '/user/team-page',
  auth: 'user',
  tag: 'team',
  summary:
    'Agents: the members below them, newest first: `direct` ones or `all` at any depth, optionally those whose username contains `keyword`.',
  body: z
    .object({
      scope: z.enum(['direct', 'all'], msg('validation.required')).default('all'),
      keyword: z.string().trim().max(20, msg('validation.maxLength')).optional(),
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(50).default(20),
    })
    .strict(),
  data: z.object({
    list: z.array(teamMemberSchema),
    nextCursor: z.number().int().nullable(),
    teamCount: z.number().int().describe('Everyone below the agent.'),
    directCount: z.number().int(),
    teamOnline: z.number().int(),
  }),
});

export const teamMemberDetail = endpoint({
  path: '/user/team-member/detail',
  auth: 'user',
  tag: 'team',
  summary: 'Agents: one member of their team; anyone else\'s id is "not found".',
  body: z.object({ id: rowIdField }).strict(),
  data: teamMemberSchema,
});

export const teamTimingOrderSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  symbol: z.string(),
  settleSymbol: z.string(),
  direction: z.string(),
  periodSeconds: z.number().int(),
  amount: decimal,
  state: z.enum(['open', 'settled']),
  outcome: z.string().nullable(),
  payout: decimal.nullable(),
  createdAt: z.number().int(),
  settledAt: z.number().int().nullable(),
});

export const teamTimingOrders = endpoint({
  path: '/user/team-timing/list',
  auth: 'user',
  tag: 'team',
  summary:
    'Agents: the timed orders of everyone below them, newest first, `open` or `settled`, with the sums of the whole scope.',
  body: z
    .object({
      scope: z.enum(['open', 'settled'], msg('validation.required')),
      memberId: rowIdField.optional().describe("Only this member's orders."),
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(50).default(20),
    })
    .strict(),
  data: z.object({
    list: z.array(teamTimingOrderSchema),
    nextCursor: z.number().int().nullable(),
    sums: z.array(
      z.object({
        settleSymbol: z.string(),
        count: z.number().int(),
        amount: decimal,
        payout: decimal.describe('Settled scope: what was paid out; open scope: "0".'),
      }),
    ),
  }),
});

export const rebateSchema = z.object({
  id: z.number().int(),
  source: z
    .enum(['timing', 'contract_open', 'contract_close', 'contract_forced'])
    .describe('What paid it: a timed trade, or the fee of a contract opening, closing or forced close.'),
  refType: z.string(),
  refId: z.number().int().describe('The timed order, or the contract row the fee was charged on.'),
  memberId: z.number().int(),
  memberUsername: z.string(),
  symbol: z.string(),
  base: decimal.describe("The trade's stake, or the fee."),
  rate: decimal.describe("The receiver's own rate when the trade was made."),
  belowRate: decimal.describe('The highest rate below the receiver on the path, which is deducted.'),
  amount: decimal,
  state: z.enum(['pending', 'paid']),
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
});
export type Rebate = z.infer<typeof rebateSchema>;

export const rebateList = endpoint({
  path: '/user/rebate/list',
  auth: 'user',
  tag: 'team',
  summary: 'The rebates paid or due to the user, newest first, each with the trade and rates it came from.',
  body: z
    .object({
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(50).default(20),
    })
    .strict(),
  data: z.object({ list: z.array(rebateSchema), nextCursor: z.number().int().nullable() }),
});

const dayField = z.string(msg('validation.required')).regex(/^\d{4}-\d{2}-\d{2}$/, msg('validation.date'));

export const reportFiguresSchema = z.object({
  symbol: z.string().describe('The currency; "" for the figures without one (members).'),
  profit: decimal,
  orderAmount: decimal,
  orderCount: z.number().int(),
  fee: decimal,
  bonus: decimal,
  rebate: decimal,
  recharge: decimal,
  rechargeFee: decimal,
  rechargeCount: z.number().int(),
  withdraw: decimal,
  withdrawFee: decimal,
  withdrawCount: z.number().int(),
  exchange: decimal,
  exchangeFee: decimal,
  firstRecharge: decimal,
  firstRechargeCount: z.number().int(),
  memberCount: z.number().int(),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

const reportBody = z
  .object({
    scope: z.enum(['user', 'team'], msg('validation.required')),
    from: dayField,
    to: dayField,
    utcOffsetMinutes: z
      .number(msg('validation.invalidValue'))
      .int(msg('validation.invalidValue'))
      .min(-720, msg('validation.invalidValue'))
      .max(840, msg('validation.invalidValue'))
      .describe("The user's time zone; days are counted in whole hours of it (the screen states which)."),
  })
  .strict();

export const report = endpoint({
  path: '/user/report',
  auth: 'user',
  tag: 'team',
  summary:
    "The user's own figures (`user`) or their team's (`team`, agents) over whole days from `from` to `to`, per currency.",
  body: reportBody,
  data: z.object({
    utcOffsetMinutes: z.number().int().describe('The offset the days were counted in.'),
    totals: z.array(reportFiguresSchema),
    members: z.number().int().describe('New members in the range (team scope).'),
  }),
});

export const reportDays = endpoint({
  path: '/user/report/day',
  auth: 'user',
  tag: 'team',
  summary: 'The same figures per day, newest first; days without activity are left out.',
  body: reportBody,
  data: z.object({
    utcOffsetMinutes: z.number().int(),
    days: z.array(
      z.object({ day: z.string(), figures: z.array(reportFiguresSchema), members: z.number().int() }),
    ),
  }),
});

// ---- console ---------------------------------------------------------------------------------

export const adminTeamNodeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  userType: z.union(USER_TYPES.map((type) => z.literal(type))),
  parentId: z.number().int().nullable(),
  parentUsername: z.string().nullable(),
  pointPercentTiming: decimal,
  pointPercentContract: decimal,
  teamSize: z.number().int().describe('Everyone below, at any depth.'),
  directCount: z.number().int(),
  path: z.array(z.string()).describe('The usernames above, from the top down to the parent.'),
  registerAt: z.number().int(),
});
export type AdminTeamNode = z.infer<typeof adminTeamNodeSchema>;

export const adminTeamTree = endpoint({
  path: '/admin/team/tree',
  auth: 'operator',
  tag: 'admin',
  summary:
    'The agent tree: the users directly below `parentId` (the top-level users without it), or, with `query`, the users whose username starts with it, each with its path; newest first.',
  body: z
    .object({
      parentId: rowIdField.optional(),
      query: z
        .string(msg('validation.invalidValue'))
        .trim()
        .max(32, msg('validation.invalidValue'))
        .regex(/^[A-Za-z0-9]*$/, msg('validation.invalidValue'))
        .default(''),
      before: rowIdField.optional(),
      limit: z.number().int().min(1).max(100).default(50),
    })
    .strict(),
  data: z.object({ list: z.array(adminTeamNodeSchema), nextBefore: z.number().int().nullable() }),
});

export const adminTeamMemberSave = endpoint({
  path: '/admin/team/member/save',
  auth: 'operator',
  tag: 'admin',
  roles: ['administrator', 'support'],
  summary:
    "Changes a user's type or rebate rates, each rate within their agent's; an agent with a team stays an agent. Audited with the reason.",
  body: z
    .object({
      userId: rowIdField,
      userType: userTypeField,
      pointPercentTiming: rateField,
      pointPercentContract: rateField,
      reason: z.string(msg('validation.required')).trim().min(1, msg('validation.required')).max(500),
    })
    .strict(),
  data: adminTeamNodeSchema,
});

export const adminTeamMove = endpoint({
  path: '/admin/team/move',
  auth: 'operator',
  tag: 'admin',
  roles: ['administrator'],
  summary:
    "Moves a user, with everyone below them, under another agent; their rates must be within the new agent's. Trades placed from then on pay the new path; audited with the reason.",
  body: z
    .object({
      userId: rowIdField,
      agentId: rowIdField,
      reason: z.string(msg('validation.required')).trim().min(1, msg('validation.required')).max(500),
    })
    .strict(),
  data: adminTeamNodeSchema,
});

export const adminReportDays = endpoint({
  path: '/admin/report/day',
  auth: 'operator',
  tag: 'admin',
  summary:
    "The platform's figures per day (UTC offset given in whole hours), newest first, from the roll-ups.",
  body: z
    .object({
      from: dayField,
      to: dayField,
      utcOffsetMinutes: z.number().int().min(-720).max(840).default(0),
    })
    .strict(),
  data: z.object({
    utcOffsetMinutes: z.number().int(),
    days: z.array(
      z.object({ day: z.string(), figures: z.array(reportFiguresSchema), members: z.number().int() }),
    ),
  }),
});
