import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { FinanceHolding } from '@vela/contract';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { useFinanceOverview } from './finance-api.ts';
import { shownAmount } from './finance-logic.ts';
import { EntryLink, Figure, Money, SkeletonCards } from './finance-parts.tsx';
import './finance.css';

/** One currency of the overview: principal held, income to date, estimated income, holding orders. */
function HoldingCard({ holding }: { holding: FinanceHolding }) {
  const t = useT();
  return (
    <div className="finance-card" data-testid="finance-holding" data-vc-id={holding.vcId}>
      <div className="finance-card__head">
        <span className="finance-card__title">
          <CoinIcon symbol={holding.symbol} size="sm" />
          <span>{holding.symbol}</span>
        </span>
        <span className="figure__label">
          {t('finance.orderCount')}{' '}
          <bdi className="num" data-testid="holding-orders">
            {holding.orders}
          </bdi>
        </span>
      </div>
      <div className="finance-figures">
        <Figure label={t('finance.held')} testId="holding-held">
          <Money amount={shownAmount(holding.held)} currency={holding.symbol} />
        </Figure>
        <Figure label={t('finance.income')} testId="holding-income">
          <Money amount={shownAmount(holding.income)} currency={holding.symbol} />
        </Figure>
        <Figure label={t('finance.estimated')} testId="holding-estimated">
          <Money amount={shownAmount(holding.estimated)} currency={holding.symbol} />
        </Figure>
      </div>
    </div>
  );
}

/** The signed-in user's figures, per currency, or what stands in for them. */
function Holdings({ query }: { query: ReturnType<typeof useFinanceOverview> }) {
  const t = useT();
  if (query.isPending) return <SkeletonCards testId="finance-overview-skeleton" />;
  if (query.isError && !query.data)
    return <EmptyState kind="loadFailed" onRetry={() => void query.refetch()} />;
  const holdings = query.data ?? [];
  if (holdings.length === 0) {
    return (
      <p className="finance-note" data-testid="finance-no-holdings">
        {t('finance.noHoldings')}
      </p>
    );
  }
  return (
    <div className="finance-holdings" data-testid="finance-holdings">
      {holdings.map((holding) => (
        <HoldingCard key={holding.vcId} holding={holding} />
      ))}
    </div>
  );
}

/** What a visitor sees instead of figures: why to log in, and the way to. */
function LoginNote() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div data-testid="finance-login-note">
      <p className="finance-entry__hint">{t('finance.loginPrompt')}</p>
      <Button
        color="primary"
        block
        className="finance-hero__login"
        onClick={() => void navigate(`/login?redirect=${encodeURIComponent('/finance')}`)}
        data-testid="finance-login"
      >
        {t('auth.login')}
      </Button>
    </div>
  );
}

/**
 * /finance: the user's pledge finance at a glance (per currency: the principal held, the income to
 * date, the income the holding orders are expected to earn and how many there are) and the ways to
 * the products, the orders and the finance bills. A visitor sees the products and a log-in prompt
 * instead of figures. A pull refreshes the figures.
 */
export default function FinancePage() {
  const t = useT();
  const signedIn = useSession((s) => Boolean(s.token));
  const overview = useFinanceOverview();
  const content = (
    <>
      <section className="finance-hero" data-testid="finance-overview">
        <h2 className="finance-hero__title">{t('finance.overview')}</h2>
        {signedIn ? <Holdings query={overview} /> : <LoginNote />}
      </section>
      <nav className="finance-entries">
        <EntryLink
          to="/all-finance"
          title="finance.products"
          hint="finance.productsHint"
          testId="finance-products-link"
        />
        {signedIn ? (
          <>
            <EntryLink to="/finance-orders" title="finance.myOrders" testId="finance-orders-link" />
            <EntryLink to="/finance-order-bills" title="finance.bills" testId="finance-bills-link" />
          </>
        ) : null}
      </nav>
    </>
  );
  return (
    <div className="finance" data-testid="finance-page">
      {signedIn ? <PullToRefresh onRefresh={() => overview.refetch()}>{content}</PullToRefresh> : content}
    </div>
  );
}
