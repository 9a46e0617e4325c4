import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteGuard } from '../../src/app/route-guard-view.tsx';
import { decideNavigation, safeRedirect, shownPath } from '../../src/config/route-guard.ts';
import { isHttpUrl } from '../../src/lib/urls.ts';
import { setupWebTests, signInAs } from '../setup.tsx';

setupWebTests();

const signedIn = { token: 'token', hasUser: true };
const visitor = { token: null, hasUser: false };

/** Every path, with a concrete help index. */
const ALL_PAGES = [
  '/home',
  '/currency',
  '/trade',
  '/fund',
  '/finance',
  '/user-center',
  '/all-finance',
  '/settings',
  '/help-detail/3',
  '/recharge',
  '/my-message',
  '/login',
  '/register',
];

describe('decideNavigation', () => {
  it('redirects the root to /home, signed in or not', () => {
    expect(decideNavigation('/', signedIn)).toEqual({ kind: 'redirect', to: '/home' });
    expect(decideNavigation('/', visitor)).toEqual({ kind: 'redirect', to: '/home' });
    expect(decideNavigation('', visitor)).toEqual({ kind: 'redirect', to: '/home' });
  });

  it.each(ALL_PAGES)('allows %s with a token and a user', (path) => {
    expect(decideNavigation(path, signedIn)).toEqual({ kind: 'allow' });
  });

  it('sends a visitor on a private page to /login with the page as redirect', () => {
    expect(decideNavigation('/fund', visitor)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Ffund' });
    expect(decideNavigation('/recharge?coin=1', visitor)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Frecharge%3Fcoin%3D1',
    });
    expect(decideNavigation('/help-detail/3', visitor)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fhelp-detail%2F3',
    });
  });

  it('lets a visitor reach /login, /register and the public pages', () => {
    for (const path of ['/login', '/register', '/login?redirect=%2Ffund', '/home', '/currency', '/trade']) {
      expect(decideNavigation(path, visitor), path).toEqual({ kind: 'allow' });
    }
  });

  it('does not accept a token without a user', () => {
    expect(decideNavigation('/fund', { token: 'token', hasUser: false })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Ffund',
    });
    expect(decideNavigation('/settings', { token: null, hasUser: true })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fsettings',
    });
  });

  it('opens http(s) URLs directly', () => {
    expect(decideNavigation('https://example.com/x', visitor)).toEqual({
      kind: 'external',
      url: 'https://example.com/x',
    });
    expect(decideNavigation('http://a.b', signedIn)).toEqual({ kind: 'external', url: 'http://a.b' });
  });

  it('refuses a non-http scheme that merely contains "http"', () => {
    expect(decideNavigation('javascript:alert(1)//http', visitor)).toEqual({ kind: 'refuse' });
    expect(decideNavigation('javascript:alert(1)//http', signedIn)).toEqual({ kind: 'refuse' });
  });

  it('judges a same-site path by its path alone when only the query contains "http"', () => {
    expect(decideNavigation('/fund?from=https%3A%2F%2Fx', visitor)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Ffund%3Ffrom%3Dhttps%253A%252F%252Fx',
    });
    expect(decideNavigation('/fund?from=https%3A%2F%2Fx', signedIn)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/trade?u=http', visitor)).toEqual({ kind: 'allow' });
    // An unknown page is private like any other: visitors log in first, users are let through.
    expect(decideNavigation('/page?u=http', visitor)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fpage%3Fu%3Dhttp',
    });
    expect(decideNavigation('/page?u=http', signedIn)).toEqual({ kind: 'allow' });
  });

  it('refuses a path containing "http" that is not an http(s) URL', () => {
    expect(decideNavigation('/http-guide', signedIn)).toEqual({ kind: 'refuse' });
  });
});

describe('shownPath', () => {
  const shown = (target: string, auth: Parameters<typeof decideNavigation>[1]) =>
    shownPath(decideNavigation(target, auth), target);

  it('is the page the navigation rule leads to, without its query', () => {
    expect(shown('/', visitor)).toBe('/home');
    expect(shown('/currency?tab=spot', visitor)).toBe('/currency');
    expect(shown('/fund', visitor)).toBe('/login');
    expect(shown('/fund', signedIn)).toBe('/fund');
  });

  it('is /home for an external or refused target', () => {
    expect(shown('https://example.com/x', visitor)).toBe('/home');
    expect(shown('/javascript:http', visitor)).toBe('/home');
  });
});

describe('isHttpUrl', () => {
  it.each([
    ['https://example.com/x', true],
    ['http://a.b', true],
    ['javascript:alert(1)//http', false],
    ['data:text/html,http', false],
    ['/page?u=http', false],
    ['//evil.com', false],
    ['', false],
  ])('%s -> %s', (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected);
  });
});

describe('safeRedirect', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeRedirect('/trade?x=1')).toBe('/trade?x=1');
    expect(safeRedirect('/fund')).toBe('/fund');
    expect(safeRedirect('/help-detail/3#top')).toBe('/help-detail/3#top');
  });

  it('falls back to /home for another site or nothing', () => {
    expect(safeRedirect('//evil.com')).toBe('/home');
    expect(safeRedirect('https://evil.com')).toBe('/home');
    expect(safeRedirect('javascript:alert(1)')).toBe('/home');
    expect(safeRedirect(null)).toBe('/home');
    expect(safeRedirect('')).toBe('/home');
  });

  it('refuses "/\\evil.com" and "/<tab>/evil.com", which a browser resolves to another site', () => {
    // URL parsing treats "\" like "/" and drops tabs and newlines, so both become "//evil.com".
    for (const value of ['/\\evil.com', '/\t/evil.com', '/\n/evil.com']) {
      const kept = safeRedirect(value);
      expect(new URL(kept, 'https://app.example').origin, JSON.stringify(value)).toBe('https://app.example');
      expect(kept, JSON.stringify(value)).toBe('/home');
    }
  });
});

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderGuarded(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LocationProbe />} />
        <Route path="/home" element={<LocationProbe />} />
        <Route
          path="*"
          element={
            <RouteGuard>
              <div data-testid="private-page">private</div>
            </RouteGuard>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RouteGuard view', () => {
  it('sends a visitor on /fund to the login page', () => {
    renderGuarded('/fund');
    expect(screen.queryByTestId('private-page')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login?redirect=%2Ffund');
  });

  it('renders a private page for a signed-in user', () => {
    signInAs();
    renderGuarded('/fund');
    expect(screen.getByTestId('private-page')).toBeTruthy();
  });

  it('keeps a visitor out of a private page whose query contains "http"', () => {
    // Regression: the guard once answered "refuse" here and the view rendered the page anyway.
    renderGuarded('/fund?u=http');
    expect(screen.queryByTestId('private-page')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login?redirect=%2Ffund%3Fu%3Dhttp');
  });

  it('never renders a page of ours for a refused target', () => {
    signInAs();
    renderGuarded('/http-guide');
    expect(screen.queryByTestId('private-page')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/home');
  });
});
