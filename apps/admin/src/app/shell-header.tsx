import { Button, Layout, Space, Switch, Tag, Typography, theme } from 'antd';
import { ROLE_LABELS } from '../lib/labels.ts';
import { endSession, type ConsoleSession } from '../lib/session.ts';
import { sendLogout } from '../lib/session-api.ts';
import type { ThemeMode } from './theme-mode.ts';

interface ShellHeaderProps {
  session: ConsoleSession;
  title: string;
  mode: ThemeMode;
  onModeChange: (mode: ThemeMode) => void;
  /** A laptop's width or more: the menu is beside the page, not behind a button. */
  large: boolean;
  /** A tablet's width or more: room for the theme switch and the role. */
  wide: boolean;
  onOpenMenu: () => void;
}

/** Signing out ends the session here whatever the server answers: the desk is free either way. */
async function signOut() {
  try {
    await sendLogout();
  } finally {
    endSession(null);
  }
}

/** The page's title, the theme switch, who is signed in, and signing out. */
export function ShellHeader({
  session,
  title,
  mode,
  onModeChange,
  large,
  wide,
  onOpenMenu,
}: ShellHeaderProps) {
  const { token: colors } = theme.useToken();
  return (
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
        <Button onClick={onOpenMenu} data-testid="console-menu-button">
          Menu
        </Button>
      )}
      <Typography.Title level={4} style={{ margin: 0, minWidth: 0, flex: 1 }} ellipsis>
        {title}
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
          {wide ? <Tag>{ROLE_LABELS[session.operator.role]}</Tag> : null}
        </span>
        <Button onClick={() => void signOut()}>Sign out</Button>
      </Space>
    </Layout.Header>
  );
}
