import { useState, type ReactNode } from 'react';
import { List } from 'antd-mobile';
import type { RealNameStatus } from '@vela/contract';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { useBankCards, useWalletAddresses, useZskAccounts } from '../../system/payment-methods-api.ts';
import { useLoginInfo } from './account-api.ts';
import { NicknameSheet } from './nickname-sheet.tsx';
import { LanguageRow, LineRow, ThemeRow } from './preference-rows.tsx';
import './account.css';

/**
 * /settings: each security item shows its state on the right. The user is refreshed on entry, so a
 * change made on another device shows here.
 */
export default function SettingsPage() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  useLoginInfo();
  const hasFundPassword = Boolean(user?.hasFundPassword);
  const googleBound = Boolean(user?.googleBound);

  return (
    <div className="account-settings">
      <List className="account-list">
        <NicknameRow />
        <List.Item
          onClick={() => void navigate(hasFundPassword ? '/edit-fund-password' : '/bind-fund-password')}
          extra={
            hasFundPassword ? (
              t('settings.change')
            ) : (
              <span className="account-state">
                <span className="down">{t('settings.notSet')}</span>
                <span className="account-state__action">{t('settings.set')}</span>
              </span>
            )
          }
          arrowIcon
          data-testid="settings-fund-password"
        >
          {t('settings.fundPassword')}
        </List.Item>
        <List.Item
          onClick={() => void navigate('/bind-google-validator')}
          extra={
            googleBound ? (
              <span className="up">{t('common.bound')}</span>
            ) : (
              <span className="down">{t('common.notBound')}</span>
            )
          }
          arrowIcon
          data-testid="settings-google"
        >
          {t('settings.googleValidator')}
        </List.Item>
        <List.Item
          onClick={() => void navigate('/edit-login-password')}
          extra={t('settings.change')}
          arrowIcon
          data-testid="settings-login-password"
        >
          {t('settings.loginPassword')}
        </List.Item>
      </List>
      <PaymentRows realNameStatus={user?.realNameStatus ?? 'NONE'} />
      <List className="account-list">
        <LanguageRow title={t('settings.language')} />
        <LineRow title={t('settings.line')} />
        <ThemeRow title={t('settings.theme')} />
      </List>
    </div>
  );
}

/**
 * The nickname, with its one change: the row opens the change while it is still to be used, and
 * says it has been used afterwards. The sheet is mounted from the first tap on, so it can slide
 * closed.
 */
function NicknameRow() {
  const t = useT();
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState<boolean | null>(null);
  const changed = Boolean(user?.nicknameChanged);
  return (
    <>
      <List.Item
        onClick={changed ? undefined : () => setOpen(true)}
        extra={
          <span className="account-state">
            {/* The nickname may be in another script than the page: isolated, it keeps its order. */}
            <bdi>{user?.nickname}</bdi>
            {changed ? (
              <span className="account-state__muted">{t('nickname.used')}</span>
            ) : (
              t('settings.change')
            )}
          </span>
        }
        arrowIcon={!changed}
        data-testid="settings-nickname"
      >
        {t('settings.nickname')}
      </List.Item>
      {open === null ? null : <NicknameSheet open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Bound or not, once the list has loaded; nothing while it loads or when it failed. */
function boundState(count: number | undefined, bound: string, notBound: string): ReactNode {
  if (count === undefined) return null;
  return count > 0 ? <span className="up">{bound}</span> : <span className="down">{notBound}</span>;
}

const REAL_NAME_CLASS: Record<RealNameStatus, string> = {
  NONE: 'down',
  PENDING: 'account-state__action',
  APPROVED: 'up',
  REJECTED: 'down',
};

/**
 * The binding states for identity and payment methods: real-name verification,
 * bank cards, wallet addresses and fast-payment accounts, each leading to its screen.
 */
function PaymentRows({ realNameStatus }: { realNameStatus: RealNameStatus }) {
  const t = useT();
  const navigate = useNavigate();
  const bankCards = useBankCards();
  const walletAddresses = useWalletAddresses();
  const zskAccounts = useZskAccounts();
  const rows = [
    {
      path: '/receive-ways',
      title: t('settings.bankCard'),
      count: bankCards.data?.length,
      testId: 'settings-bank-card',
    },
    {
      path: '/wallet-address',
      title: t('settings.walletAddress'),
      count: walletAddresses.data?.length,
      testId: 'settings-wallet-address',
    },
    {
      path: '/zsk-account',
      title: t('settings.zskAccount'),
      count: zskAccounts.data?.length,
      testId: 'settings-zsk-account',
    },
  ];
  return (
    <List className="account-list">
      <List.Item
        onClick={() => void navigate('/real-name')}
        extra={
          <span className={REAL_NAME_CLASS[realNameStatus]}>{t(`identity.status.${realNameStatus}`)}</span>
        }
        arrowIcon
        data-testid="settings-real-name"
      >
        {t('settings.realName')}
      </List.Item>
      {rows.map((row) => (
        <List.Item
          key={row.path}
          onClick={() => void navigate(row.path)}
          extra={boundState(row.count, t('common.bound'), t('common.notBound'))}
          arrowIcon
          data-testid={row.testId}
        >
          {row.title}
        </List.Item>
      ))}
    </List>
  );
}
