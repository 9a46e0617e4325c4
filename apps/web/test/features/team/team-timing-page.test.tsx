import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TeamTimingPage from '../../../src/features/team/team-timing-page.tsx';
import type { TeamTimingOrder } from '../../../src/features/team/team-timing-parts.tsx';
import { fail, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { setupActEnvironment, until } from '../../support/helpers.tsx';
import {
  FakeObserver,
  installFakeObserver,
  makeMember,
  makeSettledTeamOrder,
  makeTeamOrder,
  paged,
  plain,
  signInAgent,
} from './team-fixtures.ts';

setupWebTests();
setupActEnvironment();
installFakeObserver();

const OPEN_SUMS = [
  { settleSymbol: 'USDT', count: 3, amount: '300.000000', payout: '0' },
  { settleSymbol: 'USDC', count: 1, amount: '50.000000', payout: '0' },
];
const SETTLED_SUMS = [{ settleSymbol: 'USDT', count: 8, amount: '800.000000', payout: '740.000000' }];

/** An in-memory server for /team-timing: the pages of each scope with their sums, and the members. */
function timingApi(
  open: TeamTimingOrder[][] = [[makeTeamOrder()]],
  settled: TeamTimingOrder[][] = [[makeSettledTeamOrder()]],
) {
  return mockApi({
    '/user/team-timing/list': (body) =>
      body.scope === 'open'
        ? { ...paged(open, body.cursor), sums: OPEN_SUMS }
        : { ...paged(settled, body.cursor), sums: SETTLED_SUMS },
    '/user/team-member/detail': (body) =>
      body.id === 301 ? makeMember() : fail('MEMBER_NOT_FOUND', 'This user is not in your team'),
  });
}

const renderTiming = (address = '/team-timing') =>
  renderPage(<TeamTimingPage />, { path: '/team-timing', history: [address] });

const field = (card: HTMLElement, id: string) => plain(within(card).getByTestId(id).textContent);

describe('/team-timing', () => {
  it('tells a member that teams are for agents', () => {
    signInAs(makeUser({ isAgent: false }));
    const api = timingApi();
    renderTiming();
    expect(screen.getByTestId('team-agents-only')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the open orders of the whole team with the sums per settlement currency', async () => {
    signInAgent();
    const api = timingApi();
    renderTiming();
    const card = await screen.findByTestId('team-order');
    expect(api.callsTo('/user/team-timing/list')[0]!.body).toEqual({ scope: 'open', limit: 20 });
    expect(screen.queryByTestId('member-filter')).toBeNull();

    const [usdt, usdc] = screen.getAllByTestId('timing-sum');
    expect(field(usdt!, 'sum-count')).toBe('3');
    expect(field(usdt!, 'sum-amount')).toBe('300.00 USDT');
    expect(within(usdt!).queryByTestId('sum-payout')).toBeNull();
    expect(field(usdc!, 'sum-amount')).toBe('50.00 USDC');

    expect(field(card, 'order-username')).toBe('alice01');
    expect(field(card, 'order-symbol')).toBe('BTC/USDT');
    const direction = within(card).getByTestId('order-direction');
    expect(direction.textContent).toBe('Buy long');
    expect(direction.className).toContain('team-chip--up');
    expect(field(card, 'order-period')).toBe('1min');
    expect(field(card, 'order-amount')).toBe('100.00 USDT');
    expect(field(card, 'order-state')).toBe('Open');
    expect(field(card, 'order-created')).toBe('2025-03-07 14:05:09');
    expect(within(card).queryByTestId('order-payout')).toBeNull();
  });

  it('shows the settled orders with their result, payout and the total paid out', async () => {
    signInAgent();
    timingApi(
      [[makeTeamOrder()]],
      [[makeSettledTeamOrder(), makeSettledTeamOrder({ id: 73, outcome: 'loss', payout: '0.000000' })]],
    );
    renderTiming();
    await screen.findByTestId('team-order');
    fireEvent.click(screen.getByTestId('timing-tab-settled'));
    await until(() => expect(screen.getAllByTestId('team-order')).toHaveLength(2));
    const [won, lost] = screen.getAllByTestId('team-order');
    expect(field(won!, 'order-state')).toBe('Won');
    expect(within(won!).getByTestId('order-state').className).toContain('team-badge--up');
    expect(within(won!).getByTestId('order-direction').className).toContain('team-chip--down');
    expect(field(won!, 'order-payout')).toBe('185.00 USDT');
    expect(field(won!, 'order-settled')).toBe('2025-03-07 14:06:09');
    expect(field(lost!, 'order-state')).toBe('Lost');
    expect(within(lost!).getByTestId('order-state').className).toContain('team-badge--down');
    const sum = screen.getByTestId('timing-sum');
    expect(field(sum, 'sum-payout')).toBe('740.00 USDT');
    expect(field(sum, 'sum-count')).toBe('8');
  });

  it('shows one member’s orders when the address names them, says whose, and leads back to the team', async () => {
    signInAgent();
    const api = timingApi();
    renderTiming('/team-timing?memberId=301');
    await screen.findByTestId('team-order');
    expect(api.callsTo('/user/team-timing/list')[0]!.body).toEqual({
      scope: 'open',
      limit: 20,
      memberId: 301,
    });
    await until(() =>
      expect(plain(screen.getByTestId('member-filter-text').textContent)).toBe('Timed trades of alice01'),
    );
    expect(api.callsTo('/user/team-member/detail')[0]!.body).toEqual({ id: 301 });

    fireEvent.click(screen.getByTestId('timing-tab-settled'));
    await until(() =>
      expect(api.callsTo('/user/team-timing/list').at(-1)!.body).toMatchObject({
        scope: 'settled',
        memberId: 301,
      }),
    );
    expect(screen.getByTestId('member-filter-clear').getAttribute('href')).toBe('/team-timing');
  });

  it('says so when the member is not in the team', async () => {
    signInAgent();
    timingApi([[]], [[]]);
    renderTiming('/team-timing?memberId=999');
    await until(() =>
      expect(screen.getByTestId('member-filter-text').textContent).toBe('This user is not in your team'),
    );
    expect(await screen.findByTestId('empty-noData')).toBeTruthy();
  });

  it('asks for the next page with its cursor as the end of the list comes into view', async () => {
    signInAgent();
    const api = timingApi([[makeTeamOrder()], [makeTeamOrder({ id: 70, direction: 'down' })]]);
    renderTiming();
    await until(() => expect(screen.getAllByTestId('team-order')).toHaveLength(1));
    FakeObserver.fireAll();
    await until(() => expect(screen.getAllByTestId('team-order')).toHaveLength(2));
    expect(api.callsTo('/user/team-timing/list').at(-1)!.body).toMatchObject({ scope: 'open', cursor: 1 });
  });

  it('says when the team has no open orders', async () => {
    signInAgent();
    mockApi({ '/user/team-timing/list': () => ({ list: [], nextCursor: null, sums: [] }) });
    renderTiming();
    expect((await screen.findByTestId('empty-noData')).textContent).toBe('No open timed trades');
    expect(screen.queryByTestId('timing-sums')).toBeNull();
  });
});
