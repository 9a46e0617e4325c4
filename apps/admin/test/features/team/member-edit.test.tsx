import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AgentTreePage from '../../../src/features/team/agent-tree-page.tsx';
import { fakeServer, type FakeAnswer } from '../../fake-server.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { SAVE, TREE, findConfirmation, signInAs, teamA, treeAnswer } from './fixtures.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

function serverWith(save: (body: Record<string, unknown>) => FakeAnswer) {
  return fakeServer({ [TREE]: treeAnswer, [SAVE]: save });
}

async function openEditForm(id: number, username: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId(`team-edit-${id}`));
  return screen.findByRole('dialog', { name: `Team member ${username}` });
}

function type(form: HTMLElement, label: string, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

function input(form: HTMLElement, label: string): HTMLInputElement {
  return within(form).getByLabelText(label);
}

// antd's tables and modals take a while to draw in jsdom on a busy machine.
describe("editing a team member's type and rates", { timeout: 30_000 }, () => {
  it("shows the agent's caps, confirms each change and sends the rates as fractions with the reason", async () => {
    signInAs('support');
    const server = serverWith((body) => ({
      data: { ...teamA, pointPercentTiming: body.pointPercentTiming },
    }));
    renderInConsole(<AgentTreePage />);

    fireEvent.click(await screen.findByTestId('team-toggle-1'));
    const form = await openEditForm(3, 'teamA');
    expect(within(form).getByTestId('team-member-caps').textContent).toContain(
      "Each rate is at most the agent agent01's: timed trades 3 %, contracts 2 %.",
    );
    expect(input(form, 'Timed-trade rebate').value).toBe('1.5');
    expect(input(form, 'Contract rebate').value).toBe('1');

    type(form, 'Timed-trade rebate', '2.25');
    type(form, 'Reason', 'Agreed with the agent');
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    const confirmation = await findConfirmation('Change teamA?');
    const changes = within(confirmation).getByTestId('team-member-changes');
    expect(changes.textContent).toBe('Timed-trade rebate: 1.5 % → 2.25 %');
    expect(confirmation.textContent).toContain('Reason: Agreed with the agent');
    const treeReads = server.bodiesTo(TREE).length;
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('teamA is saved')).toBeTruthy();
    expect(server.bodiesTo(SAVE)).toEqual([
      {
        userId: 3,
        userType: 2,
        pointPercentTiming: '0.0225',
        pointPercentContract: '0.01',
        reason: 'Agreed with the agent',
      },
    ]);
    // The rows on screen are read again: the user's own and its agent's list.
    await waitFor(() => expect(server.bodiesTo(TREE).length).toBeGreaterThan(treeReads));
  });

  it("checks the form first: a percentage within the agent's, a reason, something changed", async () => {
    signInAs('administrator');
    const server = serverWith(() => ({ data: teamA }));
    renderInConsole(<AgentTreePage />);

    fireEvent.click(await screen.findByTestId('team-toggle-1'));
    const form = await openEditForm(3, 'teamA');
    type(form, 'Reason', 'Nothing really');
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    expect(await within(form).findByText('Nothing was changed.')).toBeTruthy();

    type(form, 'Timed-trade rebate', '3.5');
    type(form, 'Contract rebate', '0.0000001');
    type(form, 'Reason', ' ');
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    expect(await within(form).findByText("At most 3 %, the agent's rate")).toBeTruthy();
    // Each field's rule is checked on its own, so the messages may come one after the other.
    expect(
      await within(form).findByText('A percentage from 0 to 100 with at most 6 decimals, such as 1.5'),
    ).toBeTruthy();
    expect(await within(form).findByText('Give a reason; it is kept in the audit log')).toBeTruthy();
    expect(server.bodiesTo(SAVE)).toEqual([]);
  });

  it("marks the server's refusal on its field and keeps the operator's values", async () => {
    signInAs('support');
    serverWith(() => ({
      refusal: {
        code: 'REBATE_ABOVE_OWN',
        message: 'A rebate cannot exceed your own',
        field: 'pointPercentContract',
      },
    }));
    renderInConsole(<AgentTreePage />);

    // Found by a search, user7's agent has not been read: the server checks the cap.
    await screen.findByText('agent01');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'u' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const form = await openEditForm(7, 'user7');
    expect(within(form).getByTestId('team-member-caps').textContent).toContain('not loaded here');
    type(form, 'Contract rebate', '5');
    type(form, 'Reason', 'Asked by the agent');
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    fireEvent.click(within(await findConfirmation('Change user7?')).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText("Not saved. Contract rebate: Above the agent's rate")).toBeTruthy();
    // The field itself carries the refusal, not only the line above the form.
    const field = input(form, 'Contract rebate').closest<HTMLElement>('.ant-form-item');
    if (!field) throw new Error('no contract rebate field');
    expect(await within(field).findByText("Above the agent's rate")).toBeTruthy();
    expect(input(form, 'Contract rebate').value).toBe('5');
  });

  it('keeps an agent with a team an agent', async () => {
    signInAs('support');
    serverWith(() => ({ data: teamA }));
    renderInConsole(<AgentTreePage />);

    const form = await openEditForm(1, 'agent01');
    expect(within(form).getByText('An agent with a team stays an agent: 3 users are below.')).toBeTruthy();
    expect(within(form).getByTestId('team-member-caps').textContent).toContain('no agent');
  });
});
