import { Suspense, useEffect, useState } from 'react';
import {
  Button,
  Drawer,
  Grid,
  Layout,
  Menu,
  Result,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { call } from './api.ts';
import type { ThemeMode } from './app.tsx';
import { ROLE_LABELS } from './labels.ts';
import { navigate, usePath } from './navigation.ts';
import { allowed, PAGES } from './pages/registry.tsx';
import { endSession, startSession, type ConsoleSession } from './session.ts';

interface ShellProps {
  session: ConsoleSession;
  mode: ThemeMode;
  onModeChange: (mode: ThemeMode) => void;
}

/** The signed-in console: the menu from the page registry, a header with the operator, the page. */
export function Shell({ session, mode, onModeChange }: ShellProps) {
  const path = usePath();
  const { token: colors } = theme.useToken();
  const [menuOpen, setMenuOpen] = useState(false);
  // Below a laptop's width the menu moves into a drawer; on a phone the header keeps the essentials:
  // the page, who is signed in, and signing out.
  const screens = Grid.useBreakpoint();
  // Before the first measurement the breakpoints are unknown; a desktop is the likely case.
  const large = screens.lg ?? true;
  const wide = screens.md ?? true;
  const role = session.operator.role;
  const pages = PAGES.filter((page) => allowed(page, role));
  const page = PAGES.find((p) => p.path === path);

  // The stored operator may be stale (another administrator disabled them, the session expired):
  // asking the server once on entry ends a dead session before any page loads its data.
  const me = useQuery({ queryKey: ['me'], queryFn: () => call(routes.admin.operatorMe, {}) });
  useEffect(() => {
    if (me.data && JSON.stringify(me.data) !== JSON.stringify(session.operator)) {
      startSession({ token: session.token, operator: me.data });
    }
  }, [me.data, session]);

  const first = pages[0];
  useEffect(() => {
    if (path === '/' && first) navigate(first.path, { replace: true });
  }, [path, first]);

  const signOut = async () => {
    try {
      await call(routes.admin.operatorLogout, {});
    } finally {
      endSession(null);
    }
  };

  let content;
  if (!page) {
    content =
      path === '/' ? null : (
        <Result
          status="404"
          title="No such page"
          extra={first ? <Button onClick={() => navigate(first.path)}>Open {first.label}</Button> : null}
        />
      );
  } else if (!allowed(page, role)) {
    content = (
      <Result
        status="403"
        title="Not for your role"
        subTitle={`${page.label} is for ${(page.roles ?? []).map((r) => ROLE_LABELS[r]).join(', ')} operators.`}
      />
    );
  } else {
    const Page = page.component;
    content = (
      <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '96px auto' }} />}>
        <Page />
      </Suspense>
    );
  }

  const menu = (
    <Menu
      mode="inline"
      style={{ borderInlineEnd: 'none' }}
      selectedKeys={page ? [page.path] : []}
      items={pages.map((p) => ({ key: p.path, label: p.label }))}
      onClick={({ key }) => {
        setMenuOpen(false);
        navigate(key);
      }}
      data-testid="console-menu"
    />
  );
  const brand = (
    <div style={{ padding: '20px 24px', fontWeight: 600, fontSize: 16, color: colors.colorText }}>
      Vela console
    </div>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {large ? (
        // A light sider in both modes: the dark algorithm darkens it with everything else.
        <Layout.Sider theme="light" width={208}>
          {brand}
          {menu}
        </Layout.Sider>
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
        <Layout.Header
          style={{
            background: colors.colorBgContainer,
            borderBottom: `1px solid ${colors.colorBorderSecondary}`,
            display: 'flex',
            alignItems: 'center',
            gap: wide ? 16 : 8,
            padding: wide ? '0 24px' : '0 12px',
          }}
        >
          {large ? null : (
            <Button onClick={() => setMenuOpen(true)} data-testid="console-menu-button">
              Menu
            </Button>
          )}
          <Typography.Title level={4} style={{ margin: 0, minWidth: 0, flex: 1 }} ellipsis>
            {page?.label ?? ''}
          </Typography.Title>
          <Space size={wide ? 'middle' : 'small'} wrap={false}>
            {wide ? (
              <Switch
                checked={mode === 'dark'}
                onChange={(dark) => onModeChange(dark ? 'dark' : 'light')}
                checkedChildren="Dark"
                unCheckedChildren="Light"
                aria-label="Dark theme"
              />
            ) : null}
            <span data-testid="console-operator" style={{ whiteSpace: 'nowrap' }}>
              <Typography.Text strong>{session.operator.username}</Typography.Text>{' '}
              {wide ? <Tag>{ROLE_LABELS[role]}</Tag> : null}
            </span>
            <Button onClick={() => void signOut()}>Sign out</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: wide ? 24 : 12 }}>{content}</Layout.Content>
      </Layout>
    </Layout>
  );
}
