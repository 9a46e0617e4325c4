import type { ReactNode } from 'react';
import { Button, List } from 'antd-mobile';
import {
  AddCircleOutline,
  AppstoreOutline,
  ArrowDownCircleOutline,
  BankcardOutline,
  BillOutline,
  CheckShieldOutline,
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
} from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import type { UserInfo } from '@vela/contract';
import { openCustomerService } from '../../components/global/customer-service.tsx';
import { titleKeyOf } from '../../config/route-meta.ts';
import { builtOnly, isBuiltPath } from '../../config/built-routes.ts';
import { useT } from '../../lib/i18n.ts';
import { LanguageRow, LineRow, ThemeRow } from './preference-rows.tsx';
import { useLogout } from './use-logout.ts';
import { visibleEntries } from './user-center-logic.ts';

/** An entry is named by the title of the page it opens (the route table's), so the two always match. */
interface MenuEntry {
  path: string;
  icon: ReactNode;
  testId: string;
  agentOnly?: boolean;
  /** A state shown beside the entry for a signed-in user (the verification status). */
  status?: (user: UserInfo) => ReactNode;
}

/**
 * The user centre's menu, in the order it shows. Private pages ask a visitor to log in (route guard).
 * Only the entries whose screen is built show (MENU).
 */
const ALL_MENU: MenuEntry[] = [
  { path: '/settings', icon: <CheckShieldOutline />, testId: 'menu-settings' },
  { path: '/user-bills', icon: <BillOutline />, testId: 'menu-bills' },
  {
    path: '/receive-ways',
    icon: <BankcardOutline />,
    testId: 'menu-receive-ways',
  },
  {
    path: '/wallet-address',
    icon: <PayCircleOutline />,
    testId: 'menu-wallet-address',
  },
  {
    path: '/zsk-account',
    icon: <ReceivePaymentOutline />,
    testId: 'menu-zsk-account',
  },
  {
    path: '/real-name',
    icon: <UserContactOutline />,
    testId: 'menu-real-name',
    status: (user) => <RealNameState status={user.realNameStatus} />,
  },
  {
    path: '/recharge-order',
    icon: <ArrowDownCircleOutline />,
    testId: 'menu-recharge-order',
  },
  {
    path: '/withdraw-order',
    icon: <UpCircleOutline />,
    testId: 'menu-withdraw-order',
  },
  { path: '/my-message', icon: <MailOutline />, testId: 'menu-messages' },
  { path: '/help', icon: <QuestionCircleOutline />, testId: 'menu-help' },
  { path: '/share', icon: <UserAddOutline />, testId: 'menu-share' },
  {
    path: '/add-user',
    icon: <AddCircleOutline />,
    testId: 'menu-add-user',
    agentOnly: true,
  },
  {
    path: '/my-team',
    icon: <TeamOutline />,
    testId: 'menu-my-team',
    agentOnly: true,
  },
  {
    path: '/team-report',
    icon: <HistogramOutline />,
    testId: 'menu-team-report',
    agentOnly: true,
  },
  { path: '/user-report', icon: <PieOutline />, testId: 'menu-user-report' },
];

export const MENU: readonly MenuEntry[] = builtOnly(ALL_MENU);

/** Adding the app to the home screen has a page of instructions, shown once it is built. */
export const ADD_TO_HOME_PATH = '/add-to-home';

/** The verification status in the colour of its meaning: verified green, missing or rejected red. */
function RealNameState({ status }: { status: UserInfo['realNameStatus'] }) {
  const t = useT();
  const tone = status === 'APPROVED' ? 'up' : status === 'PENDING' ? 'account-state__action' : 'down';
  return <span className={tone}>{t(`identity.status.${status}`)}</span>;
}

/** The pages of the menu; a signed-in user also sees the states some of them carry. */
export function MenuSection({ signedIn, user }: { signedIn: boolean; user: UserInfo | null }) {
  const t = useT();
  const navigate = useNavigate();
  const menu = visibleEntries(MENU, signedIn, Boolean(user?.isAgent));
  return (
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
          {t(titleKeyOf(entry.path))}
        </List.Item>
      ))}
    </List>
  );
}

/** Language, line and theme, customer service and adding the app to the home screen. */
export function PreferenceSection() {
  const t = useT();
  const navigate = useNavigate();
  return (
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
      {isBuiltPath(ADD_TO_HOME_PATH) ? (
        <List.Item
          prefix={<AppstoreOutline className="account-icon" />}
          onClick={() => void navigate(ADD_TO_HOME_PATH)}
          arrowIcon
          data-testid="menu-add-to-home"
        >
          {t(titleKeyOf(ADD_TO_HOME_PATH))}
        </List.Item>
      ) : null}
    </List>
  );
}

/** The log-out button, busy while the server is told. */
export function LogoutSection() {
  const t = useT();
  const { loggingOut, logout } = useLogout();
  return (
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
  );
}
