import { useState, type ReactNode } from 'react';
import { Button, List, PullToRefresh } from 'antd-mobile';
import {
  AppstoreOutline,
  ArrowDownCircleOutline,
  BankcardOutline,
  BillOutline,
  CheckShieldOutline,
  EyeInvisibleOutline,
  EyeOutline,
  HistogramOutline,
  MailOutline,
  MessageOutline,
  PayCircleOutline,
  PieOutline,
  QuestionCircleOutline,
  ReceivePaymentOutline,
  TeamOutline,
  UpCircleOutline,
  UserAddOutline,
  UserContactOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { UserInfo } from '@vela/contract';
import { formatNumber } from '@vela/domain';
import { routes } from '@vela/contract/routes';
import type { MessageKey } from '@vela/i18n';
import { openCustomerService } from '../../components/global/customer-service.tsx';
import { call, errorMessage } from '../../lib/api-client.ts';
import { confirm, toastError, toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { isSignedIn, useSession } from '../../stores/session-store.ts';
import { useOverviewQuery } from '../../system/wallet-overview.ts';
import { copyText, useLoginInfo } from './account-queries.ts';
import { LanguageRow, LineRow, ThemeRow } from './preference-rows.tsx';
import './account.css';

interface MenuEntry {
  path: string;
  titleKey: MessageKey;
  icon: ReactNode;
  testId: string;
  agentOnly?: boolean;
  /** A state shown beside the entry for a signed-in user (the verification status). */
  status?: (user: UserInfo) => ReactNode;
}

/** The user centre's menu, in the order it shows. Private pages ask a visitor to log in (route guard). */
const MENU: MenuEntry[] = [
  { path: '/settings', titleKey: 'me.menu.settings', icon: <CheckShieldOutline />, testId: 'menu-settings' },
  { path: '/user-bills', titleKey: 'me.menu.bills', icon: <BillOutline />, testId: 'menu-bills' },
  {
    path: '/receive-ways',
    titleKey: 'me.menu.receiveWays',
    icon: <BankcardOutline />,
    testId: 'menu-receive-ways',
  },
  {
    path: '/wallet-address',
    titleKey: 'me.menu.walletAddress',
    icon: <PayCircleOutline />,
    testId: 'menu-wallet-address',
  },
  {
    path: '/zsk-account',
    titleKey: 'me.menu.zskAccount',
    icon: <ReceivePaymentOutline />,
    testId: 'menu-zsk-account',
  },
  {
    path: '/real-name',
    titleKey: 'me.menu.realName',
    icon: <UserContactOutline />,
    testId: 'menu-real-name',
    status: (user) => <RealNameState status={user.realNameStatus} />,
  },
  {
    path: '/recharge-order',
    titleKey: 'me.menu.rechargeOrder',
    icon: <ArrowDownCircleOutline />,
    testId: 'menu-recharge-order',
  },
  {
    path: '/withdraw-order',
    titleKey: 'me.menu.withdrawOrder',
    icon: <UpCircleOutline />,
    testId: 'menu-withdraw-order',
  },
  { path: '/my-message', titleKey: 'me.menu.messages', icon: <MailOutline />, testId: 'menu-messages' },
  { path: '/help', titleKey: 'me.menu.help', icon: <QuestionCircleOutline />, testId: 'menu-help' },
  { path: '/share', titleKey: 'me.menu.share', icon: <UserAddOutline />, testId: 'menu-share' },
  {
    path: '/my-team',
    titleKey: 'me.menu.myTeam',
    icon: <TeamOutline />,
    testId: 'menu-my-team',
    agentOnly: true,
  },
  {
    path: '/team-report',
    titleKey: 'me.menu.teamReport',
    icon: <HistogramOutline />,
    testId: 'menu-team-report',
    agentOnly: true,
  },
  { path: '/user-report', titleKey: 'me.menu.userReport', icon: <PieOutline />, testId: 'menu-user-report' },
];

/** The verification status in the colour of its meaning: verified green, missing or rejected red. */
function RealNameState({ status }: { status: UserInfo['realNameStatus'] }) {
  const t = useT();
  const tone = status === 'APPROVED' ? 'up' : status === 'PENDING' ? 'account-state__action' : 'down';
  return <span className={tone}>{t(`identity.status.${status}`)}</span>;
}

/** The first letter of the name; a visitor gets a person outline. */
function Avatar({ name }: { name: string | null }) {
  return (
    <span className="account-avatar" aria-hidden>
      {name === null ? <UserOutline /> : (name.trim().charAt(0) || '?').toUpperCase()}
    </span>
  );
}

function VisitorCard() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <section className="account-hero" data-testid="visitor-card">
      <div className="account-hero__main">
        <Avatar name={null} />
        <div className="account-hero__who">
          <div className="account-hero__name">{t('me.visitor')}</div>
        </div>
      </div>
      <Button
        color="primary"
        className="account-hero__login"
        onClick={() => void navigate('/login')}
        data-testid="login-or-register"
      >
        {t('me.loginOrRegister')}
      </Button>
    </section>
  );
}

function InviteCode({ code, refreshUser }: { code: string; refreshUser(): Promise<unknown> }) {
  const t = useT();
  const renew = useMutation({
    mutationFn: () => call(routes.user.reloadInviteCode, {}),
    onSuccess: async ({ inviteCode }) => {
      // Show the new code at once, then take the whole user from the server.
      const { user, setUser } = useSession.getState();
      if (user) setUser({ ...user, inviteCode });
      toastSuccess(t('toast.inviteCodeRenewed'));
      await refreshUser();
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const askRenew = async () => {
    if (await confirm({ content: t('me.renewInviteCodeConfirm') })) renew.mutate();
  };
  return (
    <div className="account-invite">
      <span className="account-invite__label">{t('me.inviteCode')}</span>
      <span className="num account-invite__code" data-testid="invite-code">
        {code}
      </span>
      <button
        type="button"
        className="account-link"
        onClick={() => void copyText(code)}
        data-testid="copy-invite-code"
      >
        {t('common.copy')}
      </button>
      <button
        type="button"
        className="account-link"
        disabled={renew.isPending}
        onClick={() => void askRenew()}
        data-testid="renew-invite-code"
      >
        {t('me.renewInviteCode')}
      </button>
    </div>
  );
}

/**
 * A translated sentence with one figure in it: the figure goes in its own `.num` span wherever the
 * language puts the placeholder, so it keeps tabular, left-to-right digits inside Arabic text.
 */
function WithNumber({ text, value }: { text: (marker: string) => string; value: string | number }) {
  const marker = '\u0000';
  const [before = '', after = ''] = text(marker).split(marker);
  return (
    <>
      {before}
      <span className="num">{value}</span>
      {after}
    </>
  );
}

function ProfileCard({ user, refreshUser }: { user: UserInfo; refreshUser(): Promise<unknown> }) {
  const t = useT();
  const name = user.nickname || user.username;
  return (
    <section className="account-hero" data-testid="profile-card">
      <div className="account-hero__main">
        <Avatar name={name} />
        <div className="account-hero__who">
          <div className="account-hero__name">
            <span className="account-hero__nickname">{name}</span>
            <span
              className={`account-badge${user.isAgent ? ' account-badge--agent' : ''}`}
              data-testid="user-type-badge"
            >
              {user.isAgent ? t('me.agent') : t('me.member')}
            </span>
          </div>
          <div className="account-hero__uid">
            <WithNumber text={(id) => t('me.userId', { id })} value={user.id} />
          </div>
        </div>
      </div>
      {user.isAgent && user.inviteCode ? (
        <InviteCode code={user.inviteCode} refreshUser={refreshUser} />
      ) : null}
    </section>
  );
}

/**
 * The total of the user's wallets in USDT, from the same overview answer as the assets screen (2
 * decimals, truncated). While it loads, or if it cannot be had, the figure is `--`, never invented.
 */
function AssetsCard() {
  const t = useT();
  const overview = useOverviewQuery();
  const hidden = usePreferences((s) => s.hideBalance);
  const toggle = usePreferences((s) => s.toggleHideBalance);
  const label = hidden ? t('me.showBalance') : t('me.hideBalance');
  return (
    <section className="card account-assets">
      <div className="account-assets__head">
        <span>{t('me.totalAssets')}</span>
        <button
          type="button"
          className="account-assets__eye"
          onClick={toggle}
          aria-label={label}
          title={label}
          aria-pressed={hidden}
          data-testid="hide-balance-toggle"
        >
          {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
        </button>
      </div>
      <div className="account-assets__value num" data-testid="total-assets">
        {hidden ? '****' : overview.data ? <bdi>{formatNumber(overview.data.totalUsdt, 2)} USDT</bdi> : '--'}
      </div>
    </section>
  );
}

/**
 * /user-center (the "me" tab). A visitor sees a log-in card and the menus anyone may use; a
 * signed-in user sees the profile (agents also their invite code), the total-assets figure with the
 * hide-balance toggle, and the log-out button. The user is refreshed on entry and by pulling down.
 */
export default function UserCenterPage() {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  const signedIn = useSession(isSignedIn);
  const signOut = useSession((s) => s.signOut);
  const clearPersonal = usePreferences((s) => s.clearPersonal);
  const loginInfo = useLoginInfo();
  const [loggingOut, setLoggingOut] = useState(false);

  const refresh = async () => {
    if (!signedIn) return;
    const result = await loginInfo.refetch();
    if (result.isError) toastError(errorMessage(result.error));
  };

  const logout = async () => {
    if (!(await confirm({ content: t('me.logoutConfirm') }))) return;
    setLoggingOut(true);
    try {
      await call(routes.user.logout, {}, { handleForceLogout: false });
    } catch {
      // The local session ends whatever the server says: an expired or unreachable session must not
      // keep the user signed in here.
    }
    signOut();
    clearPersonal();
    client.clear();
    setLoggingOut(false);
    toastSuccess(t('toast.logoutSuccess'));
    void navigate('/login', { replace: true });
  };

  const menu = MENU.filter((entry) => !entry.agentOnly || (signedIn && user?.isAgent));
  return (
    <div className="account">
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('common.pullToRefresh')}
        canReleaseText={t('common.releaseToRefresh')}
        refreshingText={t('common.refreshing')}
        completeText={t('common.refreshed')}
      >
        {signedIn && user ? (
          <ProfileCard user={user} refreshUser={() => loginInfo.refetch()} />
        ) : (
          <VisitorCard />
        )}
        {signedIn ? <AssetsCard /> : null}

        <List className="account-list">
          {menu.map((entry) => (
            <List.Item
              key={entry.path}
              prefix={<span className="account-icon">{entry.icon}</span>}
              onClick={() => void navigate(entry.path)}
              extra={entry.status && signedIn && user ? entry.status(user) : undefined}
              arrowIcon
              data-testid={entry.testId}
            >
              {t(entry.titleKey)}
            </List.Item>
          ))}
        </List>

        <List className="account-list">
          <LanguageRow title={t('me.menu.language')} withIcon />
          <LineRow title={t('me.menu.line')} withIcon />
          <ThemeRow title={t('me.menu.theme')} withIcon />
          <List.Item
            prefix={<MessageOutline className="account-icon" />}
            onClick={() => openCustomerService()}
            arrowIcon
            data-testid="menu-customer-service"
          >
            {t('me.menu.customerService')}
          </List.Item>
          <List.Item
            prefix={<AppstoreOutline className="account-icon" />}
            onClick={() => void navigate('/add-to-home')}
            arrowIcon
            data-testid="menu-add-to-home"
          >
            {t('me.menu.addToHome')}
          </List.Item>
        </List>

        {signedIn ? (
          <div className="account-logout">
            <Button
              block
              size="large"
              className="account-logout__button"
              loading={loggingOut}
              onClick={() => void logout()}
              data-testid="logout"
            >
              {t('me.logout')}
            </Button>
          </div>
        ) : null}
      </PullToRefresh>
    </div>
  );
}
