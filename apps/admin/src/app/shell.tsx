import { useEffect, useState, type ReactNode } from 'react';
import { Drawer, Grid, Layout, Menu, theme } from 'antd';
import { navigate, usePath } from '../lib/navigation.ts';
import { allowed } from '../lib/roles.ts';
import { startSession, type ConsoleSession } from '../lib/session.ts';
import { useCurrentOperator } from '../lib/session-api.ts';
import { pageStateAt } from './page-state.ts';
import { PAGES, type ConsolePage } from './registry.tsx';
import { ShellContent } from './shell-content.tsx';
import { ShellHeader } from './shell-header.tsx';
import type { ThemeMode } from './theme-mode.ts';

interface ShellProps {
  session: ConsoleSession;
  mode: ThemeMode;
  onModeChange: (mode: ThemeMode) => void;
}

/** The signed-in console: the menu from the page registry, a header with the operator, the page. */
export function Shell({ session, mode, onModeChange }: ShellProps) {
  const path = usePath();
  const [menuOpen, setMenuOpen] = useState(false);
  // Below a laptop's width the menu moves into a drawer; on a phone the header keeps the essentials:
  // the page, who is signed in, and signing out. Before the first measurement the breakpoints are
  // unknown; a desktop is the likely case.
  const screens = Grid.useBreakpoint();
  const large = screens.lg ?? true;
  const wide = screens.md ?? true;
  const role = session.operator.role;
  const pages = PAGES.filter((page) => allowed(page, role));
  const state = pageStateAt(path, PAGES, role);
  const current = state.kind === 'page' || state.kind === 'forbidden' ? state.page : undefined;
  useOperatorCheck(session);
  useFirstPageAtRoot(path, pages[0]);

  const menu = (
    <ConsoleMenu
      pages={pages}
      current={current}
      onOpen={(key) => {
        setMenuOpen(false);
        navigate(key);
      }}
    />
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {large ? (
        <ConsoleSider menu={menu} />
      ) : (
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          placement="left"
          width={240}
          title="Vela console"
          styles={{ body: { padding: 0 } }}
        >
          {menu}
        </Drawer>
      )}
      <Layout>
        <ShellHeader
          session={session}
          title={current?.label ?? ''}
          mode={mode}
          onModeChange={onModeChange}
          large={large}
          wide={wide}
          onOpenMenu={() => setMenuOpen(true)}
        />
        <Layout.Content style={{ padding: wide ? 24 : 12 }}>
          <ShellContent state={state} first={pages[0]} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/**
 * The stored operator may be stale (another administrator disabled them, the session expired):
 * asking the server once on entry ends a dead session before any page loads its data, and keeps the
 * stored operator up to date otherwise.
 */
function useOperatorCheck(session: ConsoleSession) {
  const me = useCurrentOperator();
  useEffect(() => {
    if (me.data && JSON.stringify(me.data) !== JSON.stringify(session.operator)) {
      startSession({ token: session.token, operator: me.data });
    }
  }, [me.data, session]);
}

/** /admin/ itself has no page: it moves on to the first page the role may open. */
function useFirstPageAtRoot(path: string, first: ConsolePage | undefined) {
  useEffect(() => {
    if (path === '/' && first) navigate(first.path, { replace: true });
  }, [path, first]);
}

function ConsoleMenu({
  pages,
  current,
  onOpen,
}: {
  pages: readonly ConsolePage[];
  current: ConsolePage | undefined;
  onOpen: (path: string) => void;
}) {
  return (
    <Menu
      mode="inline"
      style={{ borderInlineEnd: 'none' }}
      selectedKeys={current ? [current.path] : []}
      items={pages.map((page) => ({ key: page.path, label: page.label }))}
      onClick={({ key }) => onOpen(key)}
      data-testid="console-menu"
    />
  );
}

/** A light sider in both modes: the dark algorithm darkens it with everything else. */
function ConsoleSider({ menu }: { menu: ReactNode }) {
  const { token: colors } = theme.useToken();
  return (
    <Layout.Sider theme="light" width={208}>
      <div style={{ padding: '20px 24px', fontWeight: 600, fontSize: 16, color: colors.colorText }}>
        Vela console
      </div>
      {menu}
    </Layout.Sider>
  );
}
