import { describe, expect, it } from 'vitest';
import { addUser, addUserOptions } from '@vela/contract';
import {
  addUserRequest,
  initialUserType,
  rateComparisons,
  ratesAboveCap,
  validateAddUser,
  type AddUserCaps,
} from '../../../src/features/agent/add-user-logic.ts';
import { agentRoutes } from '../../../src/features/agent/agent-api.ts';

const CAPS: AddUserCaps = { userTypes: [1, 2], pointPercentTiming: '0.015', pointPercentContract: '0.004' };

const values = (overrides: Partial<Record<string, string>> = {}) => ({
  userType: '1',
  username: 'bob01',
  timingPercent: '1',
  contractPercent: '0.25',
  ...overrides,
});

describe('the add-user form', () => {
  it('starts with a member when the agent may add members, else with the only type there is', () => {
    expect(initialUserType([1, 2])).toBe('1');
    expect(initialUserType([2])).toBe('2');
    expect(initialUserType([])).toBe('');
  });

  it('accepts a type, a username and two percentages', () => {
    expect(validateAddUser(values())).toEqual({});
  });

  it('names what is missing or malformed', () => {
    expect(
      validateAddUser(values({ userType: '', username: '', timingPercent: '', contractPercent: '' })),
    ).toEqual({
      userType: 'validation.userType',
      username: 'validation.required',
      timingPercent: 'validation.required',
      contractPercent: 'validation.required',
    });
    expect(
      validateAddUser(values({ username: '1bob', timingPercent: '101', contractPercent: '0.0000001' })),
    ).toEqual({
      username: 'validation.username',
      timingPercent: 'validation.rebateRate',
      contractPercent: 'validation.rebateRate',
    });
    // The username rule is the server's: 2 to 10 letters and digits, starting with a letter.
    expect(validateAddUser(values({ username: 'b' })).username).toBe('validation.username');
    expect(validateAddUser(values({ username: 'abcdefghijk' })).username).toBe('validation.username');
    expect(validateAddUser(values({ username: 'Ab34567890' })).username).toBeUndefined();
  });

  it('refuses each rebate above the agent’s own, with the cap in percent', () => {
    expect(ratesAboveCap(values({ timingPercent: '1.5', contractPercent: '0.4' }), CAPS)).toEqual([]);
    expect(ratesAboveCap(values({ timingPercent: '1.500001', contractPercent: '0.41' }), CAPS)).toEqual([
      { field: 'timingPercent', max: '1.5' },
      { field: 'contractPercent', max: '0.4' },
    ]);
  });

  it('sets each rebate beside the agent’s own and the difference the agent keeps', () => {
    expect(rateComparisons(values({ timingPercent: '1.20', contractPercent: '0' }), CAPS)).toEqual([
      { field: 'timingPercent', memberPercent: '1.2', ownPercent: '1.5', keptPercent: '0.3' },
      { field: 'contractPercent', memberPercent: '0', ownPercent: '0.4', keptPercent: '0.4' },
    ]);
  });

  it('sends the type as its number, the username trimmed and the rebates as fractions', () => {
    const request = addUserRequest(values({ userType: '2', username: ' bob01 ', timingPercent: '1.5' }));
    expect(request).toEqual({
      userType: 2,
      username: 'bob01',
      pointPercentTiming: '0.015',
      pointPercentContract: '0.0025',
    });
    expect(addUser.body.safeParse(request).success).toBe(true);
  });
});

describe('the agent routes', () => {
  it('are the endpoints the contract declares', () => {
    expect(agentRoutes.addUserOptions).toEqual({ path: addUserOptions.path, auth: addUserOptions.auth });
    expect(agentRoutes.addUser).toEqual({ path: addUser.path, auth: addUser.auth });
  });
});
