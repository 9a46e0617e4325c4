import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rebate } from '@vela/contract';
import RebatesPage from '../../../src/features/team/rebates-page.tsx';
import { changeLocale } from '../../../src/lib/i18n.ts';
import { mockApi, renderPage, setupWebTests } from '../../setup.tsx';
import { setupActEnvironment, until } from '../../support/helpers.tsx';
import { FakeObserver, installFakeObserver, makeRebate, paged, plain, signInAgent } from './team-fixtures.ts';

setupWebTests();
setupActEnvironment();
installFakeObserver();
afterEach(async () => {
  // Unmounted first, so the language switch back re-renders nothing outside the test.
  cleanup();
  await changeLocale('en');
});

function rebateApi(pages: Rebate[][] = [[makeRebate()]]) {
  return mockApi({ '/user/rebate/list': (body) => paged(pages, body.cursor) });
}

const renderRebates = () => renderPage(<RebatesPage />, { path: '/rebates' });
const field = (card: HTMLElement, id: string) => plain(within(card).getByTestId(id).textContent);

describe('/rebates', () => {
  it('lists each rebate with its amount, member, source, base, the three rates, state and times', async () => {
    signInAgent();
    const api = rebateApi([
      [
        makeRebate(),
        makeRebate({
          id: 8,
          source: 'contract_close',
          refType: 'contract_close',
          refId: 12,
          memberUsername: 'bob',
          base: '3.200000',
          rate: '0.02',
          belowRate: '0',
          amount: '0.064000',
          state: 'pending',
          paidAt: null,
        }),
      ],
    ]);
    renderRebates();
    const [timed, contract] = await screen.findAllByTestId('rebate');
    expect(api.callsTo('/user/rebate/list')[0]!.body).toEqual({ limit: 20 });
    expect(field(timed!, 'rebate-amount')).toBe('+0.50 USDT');
    expect(field(timed!, 'rebate-member')).toBe('From alice01');
    expect(field(timed!, 'rebate-source')).toBe('Timed trade');
    expect(field(timed!, 'rebate-base')).toBe('100.00 USDT');
    expect(field(timed!, 'rebate-rate')).toBe('1.5 %');
    expect(field(timed!, 'rebate-below-rate')).toBe('1 %');
    expect(field(timed!, 'rebate-kept')).toBe('0.5 %');
    expect(field(timed!, 'rebate-state')).toBe('Paid');
    expect(field(timed!, 'rebate-created')).toBe('2025-03-07 14:05:09');
    expect(field(timed!, 'rebate-paid')).toBe('2025-03-07 14:05:10');

    expect(field(contract!, 'rebate-source')).toBe('Contract closing fee');
    expect(field(contract!, 'rebate-amount')).toBe('+0.064 USDT');
    expect(field(contract!, 'rebate-kept')).toBe('2 %');
    expect(field(contract!, 'rebate-state')).toBe('Pending');
    expect(field(contract!, 'rebate-paid')).toBe('Not yet');
  });

  it('explains where a rebate came from: the order, the base and base × (rate − rate below)', async () => {
    signInAgent();
    rebateApi();
    renderRebates();
    fireEvent.click(await screen.findByTestId('rebate'));
    const sheet = await screen.findByTestId('rebate-where');
    expect(within(sheet).getByText('Where this rebate came from')).toBeTruthy();
    expect(field(sheet, 'where-amount')).toBe('+0.50 USDT');
    expect(field(sheet, 'rebate-story')).toBe(
      'alice01 staked 100.00 USDT on a timed trade (Timed order #71).',
    );
    expect(field(sheet, 'rebate-formula')).toBe('Base × (your rate − rate below) = rebate');
    expect(field(sheet, 'rebate-equation')).toBe(
      '100.00 USDT × (1.5 % − 1 %) = 100.00 USDT × 0.5 % = 0.50 USDT',
    );
    expect(field(sheet, 'rebate-rule')).toContain('Your rate was 1.5 %.');
    expect(field(sheet, 'rebate-rule')).toContain('was 1 %');
    expect(field(sheet, 'rebate-rule')).toContain('You receive the difference, 0.5 % of the base.');
    expect(field(sheet, 'where-order')).toBe('Timed order #71');
    expect(field(sheet, 'where-member')).toBe('alice01');
    expect(field(sheet, 'where-source')).toBe('Timed trade');
  });

  it('names a contract fee’s order and an unknown kind of order', async () => {
    signInAgent();
    rebateApi([
      [
        makeRebate({ id: 5, source: 'contract_forced', refType: 'contract_forced', refId: 44 }),
        makeRebate({ id: 4, source: 'contract_open', refType: 'ledger_x', refId: 3 }),
      ],
    ]);
    renderRebates();
    const [forced, other] = await screen.findAllByTestId('rebate');
    fireEvent.click(forced!);
    const sheet = await screen.findByTestId('rebate-where');
    expect(field(sheet, 'where-order')).toBe('Forced close #44');
    expect(field(sheet, 'rebate-story')).toBe(
      "alice01's contract account was force-closed, with a fee of 100.00 USDT (Forced close #44).",
    );
    fireEvent.click(within(sheet).getByTestId('rebate-where-close'));
    fireEvent.click(other!);
    await until(() => expect(field(screen.getByTestId('rebate-where'), 'where-order')).toBe('ledger_x #3'));
  });

  it('asks for the next page with its cursor as the end of the list comes into view', async () => {
    signInAgent();
    const api = rebateApi([[makeRebate()], [makeRebate({ id: 3 })]]);
    renderRebates();
    await until(() => expect(screen.getAllByTestId('rebate')).toHaveLength(1));
    FakeObserver.fireAll();
    await until(() => expect(screen.getAllByTestId('rebate')).toHaveLength(2));
    expect(api.callsTo('/user/rebate/list').at(-1)!.body).toEqual({ limit: 20, cursor: 1 });
  });

  it('says when there are no rebates yet', async () => {
    signInAgent();
    rebateApi([[]]);
    renderRebates();
    expect((await screen.findByTestId('empty-noData')).textContent).toBe('No rebates yet');
  });

  it('explains a rebate right to left in Arabic, the figures kept left to right', async () => {
    await changeLocale('ar');
    signInAgent();
    rebateApi();
    renderRebates();
    fireEvent.click(await screen.findByTestId('rebate'));
    const sheet = await screen.findByTestId('rebate-where');
    expect(document.documentElement.dir).toBe('rtl');
    expect(sheet.textContent).toContain('من أين جاءت هذه العمولة');
    expect(sheet.textContent).not.toMatch(/team\.|bills\./);
    expect(field(sheet, 'rebate-equation')).toBe(
      '100.00 USDT × (1.5٪ − 1٪) = 100.00 USDT × 0.5٪ = 0.50 USDT',
    );
    expect(within(sheet).getByTestId('rebate-equation').className).toContain('num');
  });
});
