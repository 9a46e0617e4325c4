import { Button, Input } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import type { FinanceProduct } from '@vela/contract';
import { sanitizeAmountTyping } from '@vela/domain';
import { EmptyState } from '../../components/empty-state.tsx';
import { FormField } from '../../components/form-field.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n.ts';
import { useIdempotencyKey, type IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { BuyConfirm } from './buy-finance-confirm.tsx';
import { OutcomeCards, RiskDisclosure } from './buy-finance-outcomes.tsx';
import { useFinanceProduct } from './finance-api.ts';
import { allAmount, isolate, rangeHint, shownAmount, shownPrice, yieldPercent } from './finance-logic.ts';
import { Figure, TermText } from './finance-parts.tsx';
import { useBuyForm } from './use-buy-form.ts';
import './finance.css';

/** The product's terms above the form: its name, yield, term, linked price and what it is paid in. */
function ProductSummary({ product }: { product: FinanceProduct }) {
  const t = useT();
  return (
    <section className="finance-card finance-card--summary" data-testid="buy-product">
      <div className="finance-card__head">
        <span className="finance-card__title">
          <span className="finance-card__name">{product.name}</span>
        </span>
        <span className="finance-badge">
          {t('finance.paidIn')} {product.buySymbol}
        </span>
      </div>
      <div className="finance-figures">
        <Figure label={t('finance.yield')} testId="buy-yield">
          <bdi className="num finance-yield">{yieldPercent(product.rateStr)}%</bdi>
        </Figure>
        <Figure label={t('finance.term')} testId="buy-term">
          <TermText cycle={product.cycle} cycleType={product.cycleType} />
        </Figure>
        <Figure label={t('finance.linkedPrice')} testId="buy-price">
          <bdi className="num">{shownPrice(product.exchangeRate)}</bdi>
        </Figure>
      </div>
      {product.remark ? <p className="finance-sheet__hint">{product.remark}</p> : null}
    </section>
  );
}

/** The available balance of the currency paid in, and the product's limits, under the amount. */
function AmountHints({ product, available }: { product: FinanceProduct; available: string | null }) {
  const t = useT();
  const range = rangeHint(product);
  const params = Object.fromEntries(Object.entries(range.params).map(([k, v]) => [k, isolate(String(v))]));
  return (
    <div className="finance-hints">
      <span data-testid="buy-available">
        {available === null
          ? ''
          : t('wallet.availableAmount', {
              amount: isolate(shownAmount(available)),
              symbol: product.buySymbol,
            })}
      </span>
      <span data-testid="buy-range">{t(range.key, params)}</span>
    </div>
  );
}

/** The purchase form: the amount with "all", its two outcomes, the disclosure, then the confirmation. */
function BuyForm({ product, keys }: { product: FinanceProduct; keys: IdempotencyKeys }) {
  const t = useT();
  const form = useBuyForm(product, keys);
  const { available, decimals } = form;
  const all = (
    <span className="finance-amount-extra">
      <span className="muted">{product.buySymbol}</span>
      <button
        type="button"
        className="finance-all"
        disabled={available === null}
        onClick={() => available !== null && form.typeAmount(() => allAmount(available, decimals))}
        data-testid="buy-all"
      >
        {t('wallet.all')}
      </button>
    </span>
  );
  return (
    <form className="finance-buy" onSubmit={form.review} noValidate data-testid="buy-form">
      <FormField name="amount" label={t('finance.amount')} error={form.errors.amount} extra={all}>
        <Input
          name="amount"
          value={form.amount}
          onChange={(text) => form.typeAmount((previous) => sanitizeAmountTyping(previous, text, decimals))}
          placeholder={t('wallet.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
        />
      </FormField>
      <AmountHints product={product} available={available} />
      <OutcomeCards product={product} outcomes={form.outcomes} />
      <RiskDisclosure product={product} scales={form.scales} />
      <Button block color="primary" type="submit" loading={form.busy} data-testid="buy-submit">
        {t('finance.buy')}
      </Button>
      <BuyConfirm
        open={form.confirming}
        product={product}
        amount={form.amount}
        outcomes={form.outcomes}
        scales={form.scales}
        fundPwd={form.fundPwd}
        fundPwdError={form.errors.fundPwd ?? null}
        onFundPwd={form.typeFundPwd}
        onConfirm={form.send}
        onCancel={form.closeConfirm}
      />
    </form>
  );
}

/** The product id of the address (/buy-finance?id=N); null when it is missing or not an id. */
function productIdOf(search: URLSearchParams): number | null {
  const id = Number(search.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /buy-finance?id=N: one product's terms and the purchase form. The amount shows the available
 * balance, the limits and "all"; the two possible payouts follow it as it is typed, computed as the
 * server will; the product is disclosed as not principal-guaranteed with a worked example; and the
 * confirm dialog repeats the key figures and asks for the fund password before any money moves.
 */
export default function BuyFinancePage() {
  const t = useT();
  const [search] = useSearchParams();
  const id = productIdOf(search);
  const product = useFinanceProduct(id);
  // Kept above the form, so a retry after a lost answer reuses the key even if the form remounts.
  const keys = useIdempotencyKey();
  let body;
  if (id === null) body = <EmptyState kind="noData" />;
  else if (product.isPending) body = <PageSkeleton rows={3} />;
  else if (product.isError)
    body = (
      <EmptyState
        kind="loadFailed"
        message={errorMessage(product.error)}
        onRetry={() => void product.refetch()}
      />
    );
  else if (!product.data.enabled)
    body = <EmptyState kind="noData" message={t('error.FINANCE_PRODUCT_CLOSED')} />;
  else {
    body = (
      <>
        <ProductSummary product={product.data} />
        <BuyForm key={product.data.id} product={product.data} keys={keys} />
      </>
    );
  }
  return (
    <div className="finance" data-testid="buy-finance-page">
      {body}
    </div>
  );
}
