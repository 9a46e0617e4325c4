import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TeamMember } from '@vela/contract';
import MyTeamPage from '../../../src/features/team/my-team-page.tsx';
import { changeLocale } from '../../../src/lib/i18n.ts';
import { fail, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';
import { setupActEnvironment, until } from '../../support/helpers.tsx';
import { FakeObserver, installFakeObserver, makeMember, paged, plain, signInAgent } from './team-fixtures.ts';

setupWebTests();
setupActEnvironment();
installFakeObserver();
afterEach(async () => {
  // Unmounted first, so the language switch back re-renders nothing outside the test.
  cleanup();
  await changeLocale('en');
});

const COUNTS = { teamCount: 12, directCount: 5, teamOnline: 3 };

/** An in-memory server for /my-team: the member pages of each scope, filtered by keyword, and details. */
function teamApi(pages: TeamMember[][] = [[makeMember()]]) {
  const everyone = pages.flat();
  return mockApi({
    '/user/team-page': (body) => {
      const keyword = typeof body.keyword === 'string' ? body.keyword : '';
      const scoped = body.scope === 'direct' ? pages.map((page) => page.filter((m) => m.depth === 1)) : pages;
      const matching = scoped.map((page) => page.filter((m) => m.username.includes(keyword)));
      return { ...paged(matching, body.cursor), ...COUNTS };
    },
    '/user/team-member/detail': (body) =>
      everyone.find((m) => m.id === body.id) ?? fail('MEMBER_NOT_FOUND', 'This user is not in your team'),
  });
}

const renderTeam = () => renderPage(<MyTeamPage />, { path: '/my-team' });

describe('/my-team', () => {
  it('tells a member that teams are for agents, and asks the server nothing', () => {
    signInAs(makeUser({ isAgent: false }));
    const api = teamApi();
    renderTeam();
    expect(screen.getByTestId('team-agents-only').textContent).toContain('For agents only');
    expect(api.callsTo('/user/team-page')).toHaveLength(0);
  });

  it('shows the head counts, the ways on, and each member with every field of the spec', async () => {
    signInAgent();
    const api = teamApi([
      [
        makeMember(),
        makeMember({
          id: 302,
          username: 'bob',
          depth: 2,
          parentUsername: 'alice01',
          userType: 2,
          online: false,
          lastLoginAt: null,
          registerWay: 'AGENT',
        }),
      ],
    ]);
    renderTeam();
    expect(screen.getByTestId('team-members-skeleton')).toBeTruthy();
    const [alice, bob] = await screen.findAllByTestId('team-member');
    expect(api.callsTo('/user/team-page')[0]!.body).toEqual({ scope: 'all', limit: 20 });
    expect(screen.getByTestId('summary-team-count').textContent).toBe('12');
    expect(screen.getByTestId('summary-direct-count').textContent).toBe('5');
    expect(screen.getByTestId('summary-online').textContent).toBe('3');
    expect(screen.getByTestId('team-timing-link').getAttribute('href')).toBe('/team-timing');
    expect(screen.getByTestId('rebates-link').getAttribute('href')).toBe('/rebates');

    const field = (card: HTMLElement, id: string) => plain(within(card).getByTestId(id).textContent);
    expect(field(alice!, 'member-username')).toBe('alice01');
    expect(field(alice!, 'member-type')).toBe('Member');
    expect(field(alice!, 'member-place')).toBe('Direct member');
    expect(field(alice!, 'member-online')).toBe('Online');
    expect(field(alice!, 'member-rate-timing')).toBe('1.5 %');
    expect(field(alice!, 'member-rate-contract')).toBe('1 %');
    expect(field(alice!, 'member-balance')).toBe('1,250.50 USDT');
    expect(field(alice!, 'member-team-count')).toBe('4');
    expect(field(alice!, 'member-team-online')).toBe('2');
    expect(field(alice!, 'member-register-way')).toBe('Invite code');
    expect(field(alice!, 'member-register-at')).toBe('2025-03-07 14:05:09');
    expect(field(alice!, 'member-last-login')).toBe('2025-04-01 09:30:00');

    expect(field(bob!, 'member-type')).toBe('Agent');
    expect(field(bob!, 'member-place')).toBe('Under alice01');
    expect(field(bob!, 'member-online')).toBe('Offline');
    expect(field(bob!, 'member-register-way')).toBe('Added by agent');
    expect(field(bob!, 'member-last-login')).toBe('Never');
  });

  it('searches by username on the server once typing pauses, and says when nothing matches', async () => {
    signInAgent();
    const api = teamApi();
    renderTeam();
    await screen.findByTestId('team-member');
    const search = screen.getByTestId('team-search');
    fireEvent.change(search, { target: { value: 'z' } });
    fireEvent.change(search, { target: { value: 'zed ' } });
    await until(() => expect(api.callsTo('/user/team-page').at(-1)!.body).toMatchObject({ keyword: 'zed' }));
    expect(api.callsTo('/user/team-page').filter((c) => c.body.keyword === 'z')).toHaveLength(0);
    await until(() =>
      expect(plain(screen.getByTestId('empty-noData').textContent)).toBe("No member's username contains zed"),
    );

    fireEvent.click(screen.getByTestId('team-search-clear'));
    await screen.findByTestId('team-member');
    expect(api.callsTo('/user/team-page').at(-1)!.body).not.toHaveProperty('keyword');
  });

  it('shows the direct members on their tab', async () => {
    signInAgent();
    const api = teamApi([[makeMember(), makeMember({ id: 302, username: 'bob', depth: 2 })]]);
    renderTeam();
    await until(() => expect(screen.getAllByTestId('team-member')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('team-tab-direct'));
    await until(() => expect(screen.getAllByTestId('team-member')).toHaveLength(1));
    expect(api.callsTo('/user/team-page').at(-1)!.body).toMatchObject({ scope: 'direct' });
  });

  it('asks for the next page with its cursor as the end of the list comes into view', async () => {
    signInAgent();
    const api = teamApi([[makeMember()], [makeMember({ id: 305, username: 'carol' })]]);
    renderTeam();
    await until(() => expect(screen.getAllByTestId('team-member')).toHaveLength(1));
    FakeObserver.fireAll();
    await until(() => expect(screen.getAllByTestId('team-member')).toHaveLength(2));
    expect(api.callsTo('/user/team-page').at(-1)!.body).toMatchObject({ scope: 'all', cursor: 1 });
    await screen.findByText('No more data');
  });

  it('opens a member’s detail with every field, read again from the server, and leads to their trades', async () => {
    signInAgent();
    const api = teamApi([[makeMember({ depth: 2, parentUsername: 'dave' })]]);
    renderTeam();
    fireEvent.click(await screen.findByTestId('team-member'));
    const sheet = await screen.findByTestId('member-detail');
    await until(() => expect(api.callsTo('/user/team-member/detail')).toHaveLength(1));
    expect(api.callsTo('/user/team-member/detail')[0]!.body).toEqual({ id: 301 });
    const row = (id: string) => plain(within(sheet).getByTestId(id).textContent);
    expect(row('detail-uid')).toBe('301');
    expect(row('detail-username')).toBe('alice01');
    expect(row('detail-type')).toBe('Member');
    expect(row('detail-online')).toBe('Online');
    expect(row('detail-level')).toBe('Level 2');
    expect(row('detail-parent')).toBe('dave');
    expect(row('detail-rate-timing')).toBe('1.5 %');
    expect(row('detail-rate-contract')).toBe('1 %');
    expect(row('detail-register-way')).toBe('Invite code');
    expect(row('detail-team-count')).toBe('4');
    expect(row('detail-team-online')).toBe('2');
    expect(row('detail-balance')).toBe('1,250.50 USDT');
    expect(row('detail-last-login')).toBe('2025-04-01 09:30:00');
    expect(row('detail-register-at')).toBe('2025-03-07 14:05:09');
    expect(within(sheet).getByTestId('member-timed-trades').getAttribute('href')).toBe(
      '/team-timing?memberId=301',
    );
    fireEvent.click(within(sheet).getByTestId('member-timed-trades'));
    expect((await screen.findByTestId('location')).textContent).toBe('/team-timing?memberId=301');
  });

  it('says so when the server no longer counts the user as an agent', async () => {
    signInAgent();
    mockApi({ '/user/team-page': () => fail('NOT_AGENT', 'Only agents can do this') });
    renderTeam();
    expect((await screen.findByTestId('team-agents-only')).textContent).toContain('For agents only');
  });

  it('offers a retry when the first page fails', async () => {
    signInAgent();
    let failing = true;
    mockApi({
      '/user/team-page': () =>
        failing
          ? fail('INTERNAL_ERROR', 'Server error')
          : { ...paged([[makeMember()]], undefined), ...COUNTS },
    });
    renderTeam();
    const retry = await screen.findByTestId('empty-loadFailed');
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('team-member')).toBeTruthy();
  });

  it('reads right to left in Arabic, with every text translated', async () => {
    await changeLocale('ar');
    signInAgent();
    teamApi();
    renderTeam();
    const card = await screen.findByTestId('team-member');
    expect(document.documentElement.dir).toBe('rtl');
    const page = screen.getByTestId('my-team-page');
    expect(page.textContent).toContain('أعضاء الفريق');
    expect(page.textContent).not.toMatch(/team\.|route\.|dict\./);
    expect(plain(within(card).getByTestId('member-rate-timing').textContent)).toBe('1.5٪');
  });
});
