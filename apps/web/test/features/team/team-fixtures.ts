import { act } from '@testing-library/react';
import { beforeEach, vi } from 'vitest';
import type { Rebate, TeamMember } from '@vela/contract';
import type { TeamTimingOrder } from '../../../src/features/team/team-timing-parts.tsx';
import { makeUser, signInAs } from '../../setup.tsx';

/** Rows of the team screens as the server sends them, each with sensible values to override. */

const REGISTERED = new Date(2025, 2, 7, 14, 5, 9).getTime();
const LOGGED_IN = new Date(2025, 3, 1, 9, 30, 0).getTime();

export function makeMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: 301,
    username: 'alice01',
    userType: 1,
    depth: 1,
    parentUsername: 'boss01',
    pointPercentTiming: '0.015',
    pointPercentContract: '0.01',
    registerWay: 'INVITE_CODE',
    teamCount: 4,
    teamOnline: 2,
    balance: '1250.500000',
    lastLoginAt: LOGGED_IN,
    registerAt: REGISTERED,
    online: true,
    ...overrides,
  };
}

export function makeTeamOrder(overrides: Partial<TeamTimingOrder> = {}): TeamTimingOrder {
  return {
    id: 71,
    username: 'alice01',
    symbol: 'BTC/USDT',
    settleSymbol: 'USDT',
    direction: 'up',
    periodSeconds: 60,
    amount: '100.000000',
    state: 'open',
    outcome: null,
    payout: null,
    createdAt: REGISTERED,
    settledAt: null,
    ...overrides,
  };
}

export function makeSettledTeamOrder(overrides: Partial<TeamTimingOrder> = {}): TeamTimingOrder {
  return makeTeamOrder({
    id: 72,
    direction: 'down',
    state: 'settled',
    outcome: 'win',
    payout: '185.000000',
    settledAt: REGISTERED + 60_000,
    ...overrides,
  });
}

export function makeRebate(overrides: Partial<Rebate> = {}): Rebate {
  return {
    id: 9,
    source: 'timing',
    refType: 'timing',
    refId: 71,
    memberId: 301,
    memberUsername: 'alice01',
    symbol: 'USDT',
    base: '100.000000',
    rate: '0.015',
    belowRate: '0.01',
    amount: '0.500000',
    state: 'paid',
    createdAt: REGISTERED,
    paidAt: REGISTERED + 1000,
    ...overrides,
  };
}

/** Signs in an agent, the only kind of user with a team. */
export function signInAgent() {
  return signInAs(makeUser({ id: 77, username: 'boss01', userType: 2, isAgent: true, inviteCode: '123456' }));
}

/** The page of `pages` a cursor asks for: the cursor is the index of the page. */
export function paged<Row>(pages: Row[][], cursor: unknown) {
  const index = typeof cursor === 'number' ? cursor : 0;
  return { list: pages[index] ?? [], nextCursor: index + 1 < pages.length ? index + 1 : null };
}

/** IntersectionObserver as a switch: `fireAll` makes every observed trigger visible. */
export class FakeObserver {
  static live = new Set<FakeObserver>();
  private readonly nodes = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(node: Element) {
    this.nodes.add(node);
    FakeObserver.live.add(this);
  }
  disconnect() {
    FakeObserver.live.delete(this);
  }
  fire() {
    const entries = [...this.nodes].map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
  static fireAll() {
    act(() => {
      for (const observer of [...FakeObserver.live]) observer.fire();
    });
  }
}

/** Installs the fake observer before each test of the file. */
export function installFakeObserver(): void {
  beforeEach(() => {
    FakeObserver.live.clear();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
}

/** Text without the direction isolates that keep figures in order inside a sentence. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066\u2068\u2069]/g, '');
