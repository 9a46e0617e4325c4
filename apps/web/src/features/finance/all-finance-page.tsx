import { useState } from 'react';
import { Link } from 'react-router';
import type { FinanceProduct } from '@vela/contract';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import { useFinanceProducts } from './finance-api.ts';
import {
  groupByCoin,
  quotaSoldPercent,
  shownAmount,
  shownPrice,
  soldOut,
  yieldPercent,
  type CoinProducts,
} from './finance-logic.ts';
import { Figure, Money, SkeletonCards, TermText } from './finance-parts.tsx';
import './finance.css';

/** The remaining quota, and a bar of how much of it is sold. */
function QuotaBar({ product }: { product: FinanceProduct }) {
  const t = useT();
  const percent = quotaSoldPercent(product);
  return (
    <div className="finance-quota">
      <div className="finance-quota__text">
        <span>
          {t('finance.remaining')}{' '}
          <Money
            amount={shownAmount(product.remaining)}
            currency={product.buySymbol}
            testId="product-remaining"
          />
        </span>
        <span data-testid="product-sold">
          {soldOut(product) ? t('finance.soldOut') : t('finance.quotaSold', { percent })}
        </span>
      </div>
      <div
        className="finance-progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('finance.quotaSold', { percent })}
      >
        <div className="finance-progress__bar" style={{ inlineSize: `${percent}%` }} />
      </div>
    </div>
  );
}

/** One product: its name, yield, term, linked price and what it is paid in; a tap opens the purchase. */
function ProductCard({ product }: { product: FinanceProduct }) {
  const t = useT();
  return (
    <Link
      to={`/buy-finance?id=${product.id}`}
      className="finance-card"
      data-testid="finance-product"
      data-id={product.id}
    >
      <div className="finance-card__head">
        <span className="finance-card__title">
          <span className="finance-card__name">{product.name}</span>
        </span>
        <span className="finance-badge" data-testid="product-paid-in">
          {t('finance.paidIn')} {product.buySymbol}
        </span>
      </div>
      <div className="finance-figures">
        <Figure label={t('finance.yield')} testId="product-yield">
          <bdi className="num finance-yield">{yieldPercent(product.rateStr)}%</bdi>
        </Figure>
        <Figure label={t('finance.term')} testId="product-term">
          <TermText cycle={product.cycle} cycleType={product.cycleType} />
        </Figure>
        <Figure label={t('finance.linkedPrice')} testId="product-price">
          <bdi className="num">{shownPrice(product.exchangeRate)}</bdi>
        </Figure>
      </div>
      <QuotaBar product={product} />
    </Link>
  );
}

/** The coins as tabs; the products of the chosen one show below. */
function CoinTabs({
  groups,
  value,
  onChange,
}: {
  groups: readonly CoinProducts[];
  value: number;
  onChange(vcId: number): void;
}) {
  return (
    <div className="finance-coins" role="tablist">
      {groups.map((group) => (
        <button
          key={group.vcId}
          type="button"
          role="tab"
          aria-selected={group.vcId === value}
          className={`finance-coin${group.vcId === value ? ' finance-coin--on' : ''}`}
          onClick={() => onChange(group.vcId)}
          data-testid={`finance-coin-${group.symbol}`}
        >
          <CoinIcon symbol={group.symbol} size="sm" />
          {group.symbol}
        </button>
      ))}
    </div>
  );
}

/**
 * /all-finance: the products on sale, grouped by coin under coin tabs, each with its yield, term,
 * linked price, the currency it is paid in and its remaining quota; a tap opens /buy-finance.
 */
export default function AllFinancePage() {
  const t = useT();
  const products = useFinanceProducts();
  const groups = groupByCoin(products.data ?? []);
  const [chosen, setChosen] = useState<number | null>(null);
  const current = groups.find((group) => group.vcId === chosen) ?? groups[0];
  let body;
  if (products.isPending) body = <SkeletonCards testId="finance-products-skeleton" />;
  else if (products.isError && !products.data)
    body = <EmptyState kind="loadFailed" onRetry={() => void products.refetch()} />;
  else if (!current) body = <EmptyState kind="noData" message={t('finance.noProducts')} />;
  else {
    body = (
      <>
        <CoinTabs groups={groups} value={current.vcId} onChange={setChosen} />
        <ul className="finance-list" data-testid="finance-products">
          {current.products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <div className="finance" data-testid="all-finance-page">
      <PullToRefresh onRefresh={() => products.refetch()}>{body}</PullToRefresh>
    </div>
  );
}
