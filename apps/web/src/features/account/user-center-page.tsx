import { Button, PullToRefresh } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline, UserOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import type { UserInfo } from '@vela/contract';
import { formatNumber } from '@vela/domain';
import { errorMessage } from '../../lib/api-client.ts';
import { confirm, toastError, toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { isSignedIn, useSession } from '../../stores/session-store.ts';
import { useOverviewQuery } from '../../system/wallet-api.ts';
import { copyText, useLoginInfo, useRenewInviteCode } from './account-api.ts';
import { avatarInitial, displayName, splitAtMarker } from './user-center-logic.ts';
import { LogoutSection, MenuSection, PreferenceSection } from './user-center-menu.tsx';
import './account.css';

/** The first letter of the name; a visitor gets a person outline. */
function Avatar({ name }: { name: string | null }) {
  return (
    <span className="account-avatar" aria-hidden>
      {name === null ? <UserOutline /> : avatarInitial(name)}
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
  const renew = useRenewInviteCode({
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
  const [before, after] = splitAtMarker(text(marker), marker);
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
  const name = displayName(user);
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
  const user = useSession((s) => s.user);
  const signedIn = useSession(isSignedIn);
  const loginInfo = useLoginInfo();

  const refresh = async () => {
    if (!signedIn) return;
    const result = await loginInfo.refetch();
    if (result.isError) toastError(errorMessage(result.error));
  };

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
        <MenuSection signedIn={signedIn} user={user} />
        <PreferenceSection />
        {signedIn ? <LogoutSection /> : null}
      </PullToRefresh>
    </div>
  );
}
