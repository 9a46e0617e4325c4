import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TAB_SCROLL_THRESHOLD, TabBar, TABS } from '../../../src/app/layout/tab-bar.tsx';
import { setupWebTests } from '../../setup.tsx';

setupWebTests();

/** The stylesheet's own text; Vitest turns CSS imports (even `?raw`) into empty modules. */
const TAB_CSS = readFileSync(join(import.meta.dirname, '../../../src/app/layout/tab-bar.css'), 'utf8');

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TabBar />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const tabs = () => within(screen.getByRole('navigation', { name: 'main' })).getAllByRole('button');
const active = () => tabs().filter((tab) => tab.getAttribute('aria-current') === 'page');

/** The declarations of one CSS rule, by its exact selector. */
function declarations(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(TAB_CSS);
  expect(match, `rule ${selector}`).not.toBeNull();
  return Object.fromEntries(
    match![1]!
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      }),
  );
}

describe('tab bar', () => {
  it('shows exactly five tabs in order: home, market, trade, assets, me', () => {
    renderAt('/home');
    expect(TABS.map((t) => t.icon)).toEqual(['home', 'market', 'trade', 'assets', 'me']);
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Home', 'Market', 'Trade', 'Assets', 'Me']);
  });

  it.each([
    ['/home', 'Home'],
    ['/currency', 'Market'],
    ['/trade', 'Trade'],
    ['/fund', 'Assets'],
    ['/finance', 'Assets'],
    ['/user-center', 'Me'],
  ])('on %s marks %s as the current page with the indicator', (path, label) => {
    renderAt(path);
    expect(active().map((tab) => tab.textContent)).toEqual([label]);
    const indicators = screen.getAllByTestId('tab-indicator');
    expect(indicators).toHaveLength(1);
    expect(active()[0]!.contains(indicators[0]!)).toBe(true);
  });

  it('marks no tab on a page that is not a tab page', () => {
    renderAt('/settings');
    expect(active()).toEqual([]);
    expect(screen.queryByTestId('tab-indicator')).toBeNull();
  });

  it('navigates to the tab that is pressed', () => {
    renderAt('/home');
    fireEvent.click(screen.getByRole('button', { name: 'Assets' }));
    expect(screen.getByTestId('location').textContent).toBe('/fund');
    expect(active().map((tab) => tab.textContent)).toEqual(['Assets']);
  });

  it('scrolls because there are more than four tabs', () => {
    renderAt('/home');
    expect(TAB_SCROLL_THRESHOLD).toBe(4);
    const bar = screen.getByRole('navigation', { name: 'main' });
    expect(bar.classList.contains('tab-bar')).toBe(true);
    expect(bar.classList.contains('tab-bar--scroll')).toBe(true);
    expect(declarations('.tab-bar--scroll')['overflow-x']).toBe('auto');
  });

  it('draws the indicator line 3 px thick', () => {
    expect(declarations('.tab-bar__indicator').height).toBe('3px');
  });
});
