import type { FinanceProduct } from '@vela/contract';
import { useT } from '../../lib/i18n.ts';
import {
  exampleAmount,
  isolate,
  liveOutcomes,
  shownAmount,
  shownPrice,
  yieldPercent,
  type FinanceOutcome,
  type FinanceOutcomes,
} from './finance-logic.ts';
import { Money } from './finance-parts.tsx';
import type { FinanceScales } from '@vela/domain';

/**
 * The two possible ends of a purchase, and the disclosure that the product is not
 * principal-guaranteed, with a worked example at the product's own numbers.
 */

function OutcomeCard({
  when,
  outcome,
  currency,
  testId,
}: {
  when: string;
  outcome: FinanceOutcome | null;
  currency: string;
  testId: string;
}) {
  const t = useT();
  return (
    <div className="finance-outcome" data-testid={testId}>
      <span className="finance-outcome__when">{when}</span>
      <span className="finance-outcome__amount">
        <Money
          amount={outcome ? shownAmount(outcome.amount) : '--'}
          currency={currency}
          testId={`${testId}-amount`}
        />
      </span>
      <span className="finance-outcome__income" data-testid={`${testId}-income`}>
        {outcome
          ? t('finance.incomeOf', { amount: isolate(`+${shownAmount(outcome.income)} ${currency}`) })
          : ''}
      </span>
    </div>
  );
}

/**
 * What the typed amount pays at the end, following every key press: below the linked price in the
 * coin, at or above it in USDT, each with the income it holds ('--' until the amount is valid).
 */
export function OutcomeCards({
  product,
  outcomes,
}: {
  product: FinanceProduct;
  outcomes: FinanceOutcomes | null;
}) {
  const t = useT();
  const price = isolate(shownPrice(product.exchangeRate));
  return (
    <section aria-live="polite">
      <h3 className="finance-section-title">{t('finance.outcomes')}</h3>
      <div className="finance-outcomes">
        <OutcomeCard
          when={t('finance.outcomeBelow', { price })}
          outcome={outcomes?.coin ?? null}
          currency={product.symbol}
          testId="outcome-coin"
        />
        <OutcomeCard
          when={t('finance.outcomeAbove', { price })}
          outcome={outcomes?.usdt ?? null}
          currency={product.settleSymbol}
          testId="outcome-usdt"
        />
      </div>
    </section>
  );
}

/** The worked example's sentence; empty until the other currency's scale is known. */
function exampleText(
  product: FinanceProduct,
  scales: FinanceScales | null,
  t: ReturnType<typeof useT>,
): string {
  const amount = exampleAmount(product);
  const example = liveOutcomes(product, amount, scales);
  if (!example) return '';
  return t('finance.riskExample', {
    amount: isolate(`${shownAmount(amount)} ${product.buySymbol}`),
    price: isolate(shownPrice(product.exchangeRate)),
    coinPayout: isolate(`${shownAmount(example.coin.amount)} ${product.symbol}`),
    usdtPayout: isolate(`${shownAmount(example.usdt.amount)} ${product.settleSymbol}`),
  });
}

/**
 * The disclosure, in plain words: the product is not principal-guaranteed, the price at the end
 * decides the currency of the payout, a worked example of both ends at this product's numbers, and
 * the early-redemption rule with its fee.
 */
export function RiskDisclosure({
  product,
  scales,
}: {
  product: FinanceProduct;
  scales: FinanceScales | null;
}) {
  const t = useT();
  const example = exampleText(product, scales, t);
  return (
    <section className="finance-risk" data-testid="finance-risk" role="note">
      <h3 className="finance-risk__title">{t('finance.riskTitle')}</h3>
      <p>{t('finance.riskText', { symbol: product.symbol, settleSymbol: product.settleSymbol })}</p>
      {example ? <p data-testid="finance-risk-example">{example}</p> : null}
      <p data-testid="finance-redeem-rule">
        {t('finance.redeemRule', { rate: isolate(yieldPercent(product.serviceRateStr)) })}
      </p>
    </section>
  );
}
