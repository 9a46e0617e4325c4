import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGES } from '../../../src/app/registry.tsx';
import AgentTreePage from '../../../src/features/team/agent-tree-page.tsx';
import { fakeServer } from '../../fake-server.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';
import { TREE, rowKeys, rowOf, signInAs, treeAnswer } from './fixtures.ts';

setupConsoleTests();
afterEach(() => vi.unstubAllGlobals());

async function openAgent(id: number) {
  fireEvent.click(await screen.findByTestId(`team-toggle-${id}`));
}

// antd's tables take a while to draw in jsdom on a busy machine.
describe('the agent tree', { timeout: 30_000 }, () => {
  it('starts at the top-level users with their type, rates in percent and team', async () => {
    signInAs('finance');
    fakeServer({ [TREE]: treeAnswer });
    renderInConsole(<AgentTreePage />);

    await screen.findByText('agent01');
    expect(rowKeys('team-tree-table')).toEqual(['user-2', 'user-1', 'user-9']);
    const row = within(rowOf('team-tree-table', 'user-1'));
    expect(row.getByText('Agent')).toBeTruthy();
    expect(row.getByText('3 %')).toBeTruthy();
    expect(row.getByText('2 %')).toBeTruthy();
    expect(row.getByText('2025-01-02 03:04:05')).toBeTruthy();
    expect(within(rowOf('team-tree-table', 'user-9')).getByText('Member')).toBeTruthy();
    // Only an agent with members opens.
    expect(screen.queryByTestId('team-toggle-2')).toBeNull();
    expect(screen.queryByTestId('team-toggle-9')).toBeNull();
  });

  it('opens an agent onto its direct members, page by page, and an agent below onto its own', async () => {
    signInAs('finance');
    const server = fakeServer({ [TREE]: treeAnswer });
    renderInConsole(<AgentTreePage />);

    await openAgent(1);
    await screen.findByText('teamA');
    expect(rowKeys('team-tree-table')).toEqual(['user-2', 'user-1', 'user-3', 'status-below:1', 'user-9']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more members of agent01' }));
    await screen.findByText('user5');
    await openAgent(3);
    await screen.findByText('user7');
    expect(rowKeys('team-tree-table')).toEqual(['user-2', 'user-1', 'user-3', 'user-7', 'user-5', 'user-9']);
    expect(within(rowOf('team-tree-table', 'user-7')).getByText('0.5 %')).toBeTruthy();
    expect(server.bodiesTo(TREE)).toEqual([
      { limit: 50 },
      { parentId: 1, limit: 50 },
      { parentId: 1, limit: 50, before: 3 },
      { parentId: 3, limit: 50 },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Hide the members of agent01' }));
    await waitFor(() => expect(rowKeys('team-tree-table')).toEqual(['user-2', 'user-1', 'user-9']));
  });

  it('finds users by the start of their username and shows the path above each', async () => {
    signInAs('finance');
    const server = fakeServer({ [TREE]: treeAnswer });
    renderInConsole(<AgentTreePage />);

    await screen.findByText('agent01');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'u' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect((await screen.findByTestId('team-path-7')).textContent).toBe('agent01 › teamA › user7');
    expect(screen.getByTestId('team-path-5').textContent).toBe('agent01 › user5');
    expect(rowKeys('team-tree-table')).toEqual(['user-7', 'user-5']);
    expect(screen.getByTestId('team-tree-scope').textContent).toContain('starts with "u"');
    expect(server.bodiesTo(TREE)).toContainEqual({ query: 'u', limit: 50 });
  });

  it('offers editing to administrators and support, moving to administrators only', async () => {
    fakeServer({ [TREE]: treeAnswer });
    signInAs('support');
    const support = renderInConsole(<AgentTreePage />);
    await screen.findByTestId('team-edit-1');
    expect(screen.queryByTestId('team-move-1')).toBeNull();
    support.unmount();

    signInAs('finance');
    const finance = renderInConsole(<AgentTreePage />);
    await screen.findByText('agent01');
    expect(screen.queryByTestId('team-edit-1')).toBeNull();
    expect(screen.queryByTestId('team-move-1')).toBeNull();
    finance.unmount();

    signInAs('administrator');
    renderInConsole(<AgentTreePage />);
    await screen.findByTestId('team-move-1');
    expect(screen.getByTestId('team-edit-1')).toBeTruthy();
  });

  it('is a page of the console for every operator', () => {
    const page = PAGES.find((entry) => entry.path === '/agent-tree');
    expect(page?.label).toBe('Agent tree');
    expect(page?.roles).toBeUndefined();
  });
});
