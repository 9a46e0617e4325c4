import { z } from 'zod';
import { emptyBody, endpoint, OPERATOR_ROLES } from './endpoint.ts';
import { REAL_NAME_STATUSES, USER_TYPES } from './enums.ts';
import { googleCodeField, msg, preHashedPasswordField, usernameField } from './fields.ts';

/**
 * The operators' console (decisions 016 and 017): operator sessions, operator accounts, the user
 * directory and the audit log. Every path starts with `/admin/`. Review queues, support actions and
 * balance adjustments declare their own `auth: 'operator'` endpoints in their modules (see
 * docs/operations.md, "Extending the operators' console").
 */

/**
 * What an audit row records. Modules add their actions here, under their section, so that
 * `recordAudit` only accepts known names and the console can offer them as a filter.
 */
export const AUDIT_ACTIONS = [
  // Operators' console
  'operator.login',
  'operator.login_failed',
  'operator.logout',
  'operator.create',
  'operator.disable',
  'operator.enable',
  'operator.reset_totp',
  'operator.reset_credentials',
  'user.view',
  // Ledger: balance adjustments
  'balance.adjust',
  // Deposits and withdrawals
  'deposit.approve',
  'deposit.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  // Payment methods, real-name verification, uploads
  'verification.approve',
  'verification.reject',
  'payment_method.update',
  'payment_method.remove',
  'upload.view',
  // Spot trading
  'spot_terms.save',
  // Contract trading
  'contract_terms.save',
  'contract_levels.save',
  // Pledge finance
  'finance_product.save',
  // Teams
  'team_member.save',
  'team_member.move',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit row is about; `targetId` then holds that row's id. Modules add theirs under their section. */
export const AUDIT_TARGET_TYPES = [
  // Operators' console
  'operator',
  'user',
  // Ledger: balance adjustments
  // Deposits and withdrawals
  'recharge_order',
  'withdraw_order',
  // Payment methods, real-name verification, uploads
  'verification',
  'bank_card',
  'wallet_address',
  'zsk_account',
  // Spot trading (and contract terms, per coin)
  'vc',
  // Contract trading: the risk levels, one row
  'contract_levels',
  // Pledge finance: a product
  'finance_product',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

// ---- fields --------------------------------------------------------------------------------------

export const operatorRoleField = z.enum(OPERATOR_ROLES, msg('validation.invalidValue'));
export const rowIdField = z
  .number(msg('validation.invalidValue'))
  .int(msg('validation.invalidValue'))
  .positive(msg('validation.invalidValue'))
  .max(Number.MAX_SAFE_INTEGER, msg('validation.invalidValue'));
/** Why an operator did something; shown in the audit log beside the action. */
export const operatorReasonField = z
  .string(msg('validation.required'))
  .trim()
  .min(1, msg('validation.required'))
  .max(500, msg('validation.invalidValue'));
const timeField = z
  .number(msg('validation.time'))
  .int(msg('validation.time'))
  .min(0, msg('validation.time'))
  .max(8_640_000_000_000_000, msg('validation.time'));
const limitField = z
  .number(msg('validation.pageSize'))
  .int(msg('validation.pageSize'))
  .min(1, msg('validation.pageSize'))
  .max(100, msg('validation.pageSize'))
  .default(50);

// ---- answers -------------------------------------------------------------------------------------

export const operatorInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  active: z.boolean(),
  createdAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type OperatorInfo = z.infer<typeof operatorInfoSchema>;

/** A new TOTP secret, shown once: the operator enrols it in an authenticator app, then it is never shown again. */
export const totpEnrolmentSchema = z.object({
  operator: operatorInfoSchema,
  totpSecret: z.string().describe('Base32 secret, for typing into an authenticator app.'),
  otpauthUri: z.string().describe('The same secret as an otpauth:// URI, for a QR code.'),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  operatorId: z
    .number()
    .int()
    .nullable()
    .describe('Who acted; null when nobody was signed in (a failed login).'),
  operatorUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.string()).describe('Facts of the action as text (amounts as decimals).'),
  ip: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditEntrySchema>;

export const userSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  userType: z.union(USER_TYPES.map((type) => z.literal(type))),
  active: z.boolean(),
  realNameStatus: z.enum(REAL_NAME_STATUSES),
  parentUsername: z.string().nullable(),
  createdAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userDetailSchema = userSummarySchema.extend({
  email: z.string().nullable(),
  inviteCode: z.string().nullable(),
  parentId: z.number().int().nullable(),
  directMembers: z.number().int().describe('Users registered with this user as their parent.'),
  hasFundPassword: z.boolean(),
  googleBound: z.boolean(),
  pointPercentTiming: z.string(),
  pointPercentContract: z.string(),
  registerWay: z.string(),
  lastLoginIp: z.string().nullable(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

// ---- sessions ------------------------------------------------------------------------------------

export const operatorLogin = endpoint({
  path: '/admin/login',
  auth: 'none',
  tag: 'admin',
  sensitive: true,
  summary:
    'Starts an operator session: username, pre-hashed password and the current authenticator code (always required).',
  body: z
    .object({
      username: usernameField,
      password: preHashedPasswordField,
      googleCode: googleCodeField,
    })
    .strict(),
  data: z.object({ token: z.string(), operator: operatorInfoSchema }),
});

export const operatorLogout = endpoint({
  path: '/admin/logout',
  auth: 'operator',
  tag: 'admin',
  summary: 'Ends the current operator session.',
  body: emptyBody,
  data: z.null(),
});

export const operatorMe = endpoint({
  path: '/admin/me',
  auth: 'operator',
  tag: 'admin',
  summary: 'The signed-in operator.',
  body: emptyBody,
  data: operatorInfoSchema,
});

// ---- operator accounts (administrators) ----------------------------------------------------------

export const operatorList = endpoint({
  path: '/admin/operators/list',
  auth: 'operator',
  roles: ['administrator'],
  tag: 'admin',
  summary: 'Administrators: every operator account, active ones first.',
  body: emptyBody,
  data: z.array(operatorInfoSchema),
});

export const operatorCreate = endpoint({
  path: '/admin/operators/create',
  auth: 'operator',
  roles: ['administrator'],
  tag: 'admin',
  summary:
    'Administrators: creates an operator with an initial password and answers its new authenticator secret, once.',
  body: z
    .object({ username: usernameField, password: preHashedPasswordField, role: operatorRoleField })
    .strict(),
  data: totpEnrolmentSchema,
});

const operatorActionBody = z.object({ operatorId: rowIdField, reason: operatorReasonField }).strict();

export const operatorDisable = endpoint({
  path: '/admin/operators/disable',
  auth: 'operator',
  roles: ['administrator'],
  tag: 'admin',
  summary: 'Administrators: disables another operator and ends their sessions.',
  body: operatorActionBody,
  data: operatorInfoSchema,
});

export const operatorEnable = endpoint({
  path: '/admin/operators/enable',
  auth: 'operator',
  roles: ['administrator'],
  tag: 'admin',
  summary: 'Administrators: enables a disabled operator again.',
  body: operatorActionBody,
  data: operatorInfoSchema,
});

export const operatorResetTotp = endpoint({
  path: '/admin/operators/reset-totp',
  auth: 'operator',
  roles: ['administrator'],
  tag: 'admin',
  summary:
    "Administrators: replaces an operator's authenticator secret (answered once) and ends their sessions.",
  body: operatorActionBody,
  data: totpEnrolmentSchema,
});

// ---- audit log -----------------------------------------------------------------------------------

export const auditPage = endpoint({
  path: '/admin/audit/page',
  auth: 'operator',
  tag: 'admin',
  summary:
    'The audit log, newest first, filtered by operator, action, target and time (`from` inclusive, `to` exclusive); pass `nextBefore` of an answer as `before` for the next page.',
  body: z
    .object({
      operator: usernameField.optional(),
      action: z.enum(AUDIT_ACTIONS, msg('validation.invalidValue')).optional(),
      targetType: z.enum(AUDIT_TARGET_TYPES, msg('validation.invalidValue')).optional(),
      targetId: z
        .string(msg('validation.invalidValue'))
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,64}$/, msg('validation.invalidValue'))
        .optional(),
      from: timeField.optional(),
      to: timeField.optional(),
      before: rowIdField.optional(),
      limit: limitField,
    })
    .strict(),
  data: z.object({
    list: z.array(auditEntrySchema),
    nextBefore: z.number().int().nullable().describe('The cursor of the next (older) page; null at the end.'),
  }),
});

// ---- users ---------------------------------------------------------------------------------------

export const adminUserSearch = endpoint({
  path: '/admin/users/search',
  auth: 'operator',
  tag: 'admin',
  summary:
    'Users, newest first: all of them, those whose username starts with `query`, or the one whose id it is (digits).',
  body: z
    .object({
      query: z
        .string(msg('validation.invalidValue'))
        .trim()
        .max(32, msg('validation.invalidValue'))
        .regex(/^[A-Za-z0-9]*$/, msg('validation.invalidValue'))
        .default(''),
      before: rowIdField.optional(),
      limit: limitField,
    })
    .strict(),
  data: z.object({
    list: z.array(userSummarySchema),
    nextBefore: z.number().int().nullable(),
  }),
});

export const adminUserDetail = endpoint({
  path: '/admin/users/detail',
  auth: 'operator',
  tag: 'admin',
  summary:
    "One user's profile, status, agent and verification state. Each view is recorded in the audit log.",
  body: z.object({ userId: rowIdField }).strict(),
  data: userDetailSchema,
});
