import { z } from 'zod';
import { emptyBody, endpoint } from './endpoint.ts';
import { DEVICE_TYPES, REAL_NAME_STATUSES, USER_TYPES } from './enums.ts';
import {
  emailCodeField,
  emailField,
  googleCodeField,
  inviteCodeField,
  msg,
  nicknameField,
  preHashedPasswordField,
  usernameField,
} from './fields.ts';

/**
 * User calls: registration, sessions, passwords and the Google authenticator (docs/product.md,
 * "Accounts").
 */

export const userInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  nicknameChanged: z.boolean().describe('Whether the one nickname change allowed has been used.'),
  userType: z.union(USER_TYPES.map((type) => z.literal(type))),
  isAgent: z.boolean(),
  inviteCode: z.string().nullable().describe('Agents only: the 6-digit code new users register with.'),
  email: z.string().nullable(),
  hasFundPassword: z.boolean(),
  googleBound: z.boolean(),
  realNameStatus: z.enum(REAL_NAME_STATUSES),
  pointPercentTiming: z.string().describe('Rebate rate on timed trades as a fraction ("0.015").'),
  pointPercentContract: z.string().describe('Rebate rate on contract trades as a fraction.'),
  createdAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
  mustChangePassword: z
    .boolean()
    .describe(
      'True for a user an agent added, until they change the initial password; every other call answers PASSWORD_CHANGE_REQUIRED until then.',
    ),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * Registration. `loginPwd` and `preLoginPwd` are the pre-hashed password and its confirmation; they
 * must be equal. `email` and `emailCode` are required when the REGISTER group's `emailRequired` is on.
 */
export const register = endpoint({
  path: '/user/register',
  auth: 'none',
  tag: 'user',
  sensitive: true,
  summary: 'Creates an account under the agent that owns the invite code.',
  body: z
    .object({
      username: usernameField,
      loginPwd: preHashedPasswordField,
      preLoginPwd: preHashedPasswordField,
      fundPwd: preHashedPasswordField,
      inviteCode: inviteCodeField,
      email: emailField.optional(),
      emailCode: emailCodeField.optional(),
    })
    .strict(),
  data: z.object({ username: z.string() }),
});

export const registerEmailCode = endpoint({
  path: '/user/register/email/code',
  auth: 'none',
  tag: 'user',
  sensitive: true,
  summary: 'Sends a 6-digit registration code to an email address (SMTP when configured, else the outbox).',
  body: z.object({ email: emailField }).strict(),
  data: z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
});

export const login = endpoint({
  path: '/user/login',
  auth: 'none',
  tag: 'user',
  sensitive: true,
  summary: 'Starts a session. `googleCode` is required once an authenticator is bound.',
  body: z
    .object({
      username: usernameField,
      password: preHashedPasswordField,
      googleCode: z.union([googleCodeField, z.literal('')]).optional(),
      deviceId: z
        .string(msg('validation.deviceId'))
        .trim()
        .min(1, msg('validation.deviceId'))
        .max(128, msg('validation.deviceId')),
      deviceType: z.enum(DEVICE_TYPES, msg('validation.deviceType')),
    })
    .strict(),
  data: z.object({ token: z.string(), user: userInfoSchema }),
});

export const logout = endpoint({
  path: '/user/logout',
  auth: 'user',
  beforePasswordChange: true,
  tag: 'user',
  summary: 'Ends the current session.',
  body: emptyBody,
  data: z.null(),
});

export const getLoginInfo = endpoint({
  path: '/user/get-login-info',
  auth: 'user',
  beforePasswordChange: true,
  tag: 'user',
  summary: 'The signed-in user.',
  body: emptyBody,
  data: userInfoSchema,
});

export const bindGoogleGet = endpoint({
  path: '/user/bind-google-get',
  auth: 'user',
  tag: 'user',
  summary: 'Creates (or returns the pending) authenticator secret with its otpauth URI for the QR code.',
  body: emptyBody,
  data: z.object({ secret: z.string(), otpauthUri: z.string() }),
});

export const bindGoogle = endpoint({
  path: '/user/bind-google',
  auth: 'user',
  tag: 'user',
  sensitive: true,
  summary: 'Binds the pending secret after checking the login password and a current code.',
  body: z.object({ password: preHashedPasswordField, code: googleCodeField }).strict(),
  data: userInfoSchema,
});

export const hasBoundGoogle = endpoint({
  path: '/user/has-bound-google',
  auth: 'user',
  tag: 'user',
  summary: 'Whether an authenticator is bound.',
  body: emptyBody,
  data: z.object({ bound: z.boolean() }),
});

const passwordChangeBody = z
  .object({ oldPwd: preHashedPasswordField, newPwd: preHashedPasswordField, prePwd: preHashedPasswordField })
  .strict();

export const editLoginPwd = endpoint({
  path: '/user/edit-login-pwd',
  auth: 'user',
  beforePasswordChange: true,
  tag: 'user',
  sensitive: true,
  summary: 'Changes the login password (`prePwd` confirms `newPwd`) and ends every other session.',
  body: passwordChangeBody,
  data: z.null(),
});

export const editFundPwd = endpoint({
  path: '/user/edit-fund-pwd',
  auth: 'user',
  tag: 'user',
  sensitive: true,
  summary: 'Changes the fund password (`prePwd` confirms `newPwd`).',
  body: passwordChangeBody,
  data: z.null(),
});

export const bindFundPwd = endpoint({
  path: '/user/bind-fund-pwd',
  auth: 'user',
  tag: 'user',
  sensitive: true,
  summary: 'Sets the first fund password (`passwordPre` confirms `password`).',
  body: z.object({ password: preHashedPasswordField, passwordPre: preHashedPasswordField }).strict(),
  data: userInfoSchema,
});

export const editNickname = endpoint({
  path: '/user/edit-nickname',
  auth: 'user',
  tag: 'user',
  summary:
    'Changes the nickname, once (docs/product.md, "Accounts"); a second change is NICKNAME_ALREADY_CHANGED.',
  body: z.object({ nickname: nicknameField }).strict(),
  data: userInfoSchema,
});

export const reloadInviteCode = endpoint({
  path: '/user/reload-invite-code',
  auth: 'user',
  tag: 'user',
  summary: 'Agents: replaces the invite code with a new random one; the old code stops working.',
  body: emptyBody,
  data: z.object({ inviteCode: z.string() }),
});
