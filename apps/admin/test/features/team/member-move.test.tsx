import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AgentTreePage from '../../../src/features/team/agent-tree-page.tsx';
import { fakeServer, type FakeAnswer } from '../../fake-server.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { MOVE, TREE, findConfirmation, signInAs, teamA, treeAnswer } from './fixtures.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

function serverWith(move: (body: Record<string, unknown>) => FakeAnswer) {
  return fakeServer({ [TREE]: treeAnswer, [MOVE]: move });
}

type Server = ReturnType<typeof serverWith>;

/** Opens teamA's move dialog from under agent01 and searches the agents for "agent". */
async function openMoveOfTeamA(server: Server): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId('team-toggle-1'));
  fireEvent.click(await screen.findByTestId('team-move-3'));
  const form = await screen.findByRole('dialog', { name: 'Move teamA' });
  const picker = within(form).getByLabelText('New agent');
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: 'agent' } });
  // The search is asked for once the typing rests.
  await waitFor(() => expect(server.bodiesTo(TREE)).toContainEqual({ query: 'agent', limit: 50 }));
  return form;
}

/** An option of the open agent list, by its text. */
async function agentOption(text: string): Promise<HTMLElement> {
  const choices = await screen.findAllByTitle(text);
  const choice = choices.find((element) => element.classList.contains('ant-select-item-option'));
  if (!choice) throw new Error(`no option ${text}`);
  return choice;
}

// antd's tables, selects and modals take a while to draw in jsdom on a busy machine.
describe('moving a team member under another agent', { timeout: 30_000 }, () => {
  it('picks an agent by username, states what happens to rebates and sends the agent id', async () => {
    signInAs('administrator');
    const server = serverWith(() => ({
      data: { ...teamA, parentId: 2, parentUsername: 'agent02', path: ['agent02'] },
    }));
    renderInConsole(<AgentTreePage />);

    const form = await openMoveOfTeamA(server);
    // The current agent is listed but cannot be chosen.
    const current = await agentOption('agent01 (3 % / 2 %): the current agent');
    expect(current.classList.contains('ant-select-item-option-disabled')).toBe(true);
    fireEvent.click(await agentOption('agent02 (5 % / 5 %)'));
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Team reorganised' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));

    const confirmation = await findConfirmation('Move teamA under agent02?');
    const summary = within(confirmation).getByTestId('team-move-summary').textContent;
    expect(summary).toContain('teamA, with the 1 user of their team, moves from agent01 to agent02.');
    expect(summary).toContain('The new path is agent02 › teamA.');
    expect(summary).toContain('Trades placed from now on pay rebates along the new path.');
    expect(summary).toContain('Rebates of trades placed before the move stay as they were');
    expect(summary).toContain('Reason: Team reorganised');
    const treeReads = server.bodiesTo(TREE).length;
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('teamA moved under agent02')).toBeTruthy();
    expect(server.bodiesTo(MOVE)).toEqual([{ userId: 3, agentId: 2, reason: 'Team reorganised' }]);
    await waitFor(() => expect(server.bodiesTo(TREE).length).toBeGreaterThan(treeReads));
  });

  it("marks the server's refusal on the agent and keeps the dialog open", async () => {
    signInAs('administrator');
    const server = serverWith(() => ({
      refusal: { code: 'MOVE_INVALID', message: 'Choose another agent', field: 'agentId' },
    }));
    renderInConsole(<AgentTreePage />);

    const form = await openMoveOfTeamA(server);
    fireEvent.click(await agentOption('agent02 (5 % / 5 %)'));
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Team reorganised' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    fireEvent.click(
      within(await findConfirmation('Move teamA under agent02?')).getByRole('button', { name: 'Save' }),
    );

    expect(await within(form).findByText('Not saved. New agent: Choose another agent')).toBeTruthy();
  });

  it('needs an agent and a reason before it asks', async () => {
    signInAs('administrator');
    const server = serverWith(() => ({ data: teamA }));
    renderInConsole(<AgentTreePage />);

    const form = await openMoveOfTeamA(server);
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    expect(await within(form).findByText('Choose an agent')).toBeTruthy();
    expect(await within(form).findByText('Give a reason; it is kept in the audit log')).toBeTruthy();
    expect(server.bodiesTo(MOVE)).toEqual([]);
  });
});
