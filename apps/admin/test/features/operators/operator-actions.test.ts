import { describe, expect, it } from 'vitest';
import type { OperatorInfo } from '@vela/contract';
import { actionTexts, enrolmentOf, toggledText } from '../../../src/features/operators/operator-actions.ts';
import { lastSignInText } from '../../../src/features/operators/operator-columns.tsx';

const operator = { id: 2, username: 'finance01', lastLoginAt: null, lastLoginIp: null } as OperatorInfo;

describe('operator actions', () => {
  it('words each action’s dialog', () => {
    expect(actionTexts({ kind: 'disable', operator })).toMatchObject({
      title: 'Disable finance01',
      okText: 'Disable',
    });
    expect(actionTexts({ kind: 'reset', operator }).title).toBe('Reset the authenticator of finance01');
  });

  it('says what disabling or enabling did', () => {
    expect(toggledText({ kind: 'disable', operator })).toBe('finance01 is disabled');
    expect(toggledText({ kind: 'enable', operator })).toBe('finance01 is enabled');
  });

  it('takes the enrolment from an answer with a new secret', () => {
    const data = { operator: { username: 'finance01' }, totpSecret: 'S', otpauthUri: 'otpauth://x' };
    expect(enrolmentOf(data)).toEqual({ username: 'finance01', totpSecret: 'S', otpauthUri: 'otpauth://x' });
  });

  it('writes the last sign-in with its address when known', () => {
    expect(lastSignInText(operator)).toBe('—');
    const at = new Date(2025, 0, 2, 3, 4, 5).getTime();
    expect(lastSignInText({ lastLoginAt: at, lastLoginIp: '10.0.0.1' })).toBe(
      '2025-01-02 03:04:05 from 10.0.0.1',
    );
  });
});
