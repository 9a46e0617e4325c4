import type { DataOf, teamTimingOrders } from '@vela/contract';
import { useT } from '../../lib/i18n.ts';
import { directionOf, outcomeOf, periodLabel, type TeamTimingScope } from './team-logic.ts';
import { Figure, Moment, Money } from './team-parts.tsx';

/**
 * The pieces of /team-timing: the sums of the scope per settlement currency, and an order's card.
 */

type TeamTimingData = DataOf<typeof teamTimingOrders>;
export type TeamTimingOrder = TeamTimingData['list'][number];
export type TeamTimingSum = TeamTimingData['sums'][number];

/** The direction as the dictionary names it, in the app's up or down colour. */
function DirectionChip({ direction }: { direction: string }) {
  const t = useT();
  const { label, tone } = directionOf(direction);
  return (
    <span className={`team-chip team-chip--${tone}`} data-testid="order-direction" data-direction={direction}>
      {label ? t(label) : direction}
    </span>
  );
}

/** An open order's state, or a settled one's result in the colour of its meaning. */
function StateBadge({ order }: { order: TeamTimingOrder }) {
  const t = useT();
  if (order.state === 'open') {
    return (
      <span className="team-badge team-badge--open" data-testid="order-state">
        {t('team.timing.state.open')}
      </span>
    );
  }
  const { label, tone } = outcomeOf(order.outcome);
  return (
    <span
      className={`team-badge team-badge--${tone}`}
      data-testid="order-state"
      data-outcome={order.outcome ?? ''}
    >
      {label ? t(label) : (order.outcome ?? t('team.timing.state.settled'))}
    </span>
  );
}

/**
 * One order of the team: whose it is, the coin, direction and period, the stake, and once settled
 * the result and the payout, with when it was placed and settled.
 */
export function TeamOrderCard({ order }: { order: TeamTimingOrder }) {
  const t = useT();
  const period = periodLabel(order.periodSeconds);
  const settled = order.state === 'settled';
  const payoutTone = outcomeOf(order.outcome).tone;
  return (
    <div
      className="team-card team-order"
      data-testid="team-order"
      data-id={order.id}
      data-state={order.state}
    >
      <span className="team-card__head">
        <span className="team-order__title">
          <span className="team-order__symbol" data-testid="order-symbol">
            {order.symbol}
          </span>
          <DirectionChip direction={order.direction} />
          <bdi className="num team-order__period" data-testid="order-period">
            {t(period.key, period.params)}
          </bdi>
        </span>
        <StateBadge order={order} />
      </span>
      <span className="team-order__member">
        <bdi data-testid="order-username">{order.username}</bdi>
      </span>
      <span className="team-figures team-figures--two">
        <Figure label={t('timing.amount')} testId="order-amount">
          <Money amount={order.amount} currency={order.settleSymbol} />
        </Figure>
        {settled ? (
          <Figure label={t('timing.payout')} testId="order-payout">
            <span className={payoutTone === 'flat' ? undefined : payoutTone}>
              {order.payout === null ? '--' : <Money amount={order.payout} currency={order.settleSymbol} />}
            </span>
          </Figure>
        ) : (
          <Figure label={t('team.timing.createdAt')} testId="order-created">
            <Moment ms={order.createdAt} />
          </Figure>
        )}
        {settled ? (
          <>
            <Figure label={t('team.timing.createdAt')} testId="order-created">
              <Moment ms={order.createdAt} />
            </Figure>
            <Figure label={t('team.timing.settledAt')} testId="order-settled">
              <Moment ms={order.settledAt} />
            </Figure>
          </>
        ) : null}
      </span>
    </div>
  );
}

/**
 * The sums of the whole scope (not only of the pages loaded), one line per settlement currency: how
 * many orders, their total stake and, once settled, what they paid out.
 */
export function TimingSums({
  scope,
  sums,
  pending,
}: {
  scope: TeamTimingScope;
  sums: readonly TeamTimingSum[] | null;
  pending: boolean;
}) {
  const t = useT();
  if (!pending && (sums === null || sums.length === 0)) return null;
  return (
    <section className="team-sums" data-testid="timing-sums" aria-busy={pending}>
      <h2 className="team-sums__title">
        {t(scope === 'open' ? 'team.timing.sums.open' : 'team.timing.sums.settled')}
      </h2>
      {pending || sums === null ? (
        <span className="skeleton-line" style={{ width: '70%' }} />
      ) : (
        sums.map((sum) => (
          <div
            key={sum.settleSymbol}
            className="team-figures team-sums__line"
            data-testid="timing-sum"
            data-symbol={sum.settleSymbol}
          >
            <Figure label={t('team.timing.count')} testId="sum-count">
              <bdi className="num">{sum.count}</bdi>
            </Figure>
            <Figure label={t('team.timing.totalAmount')} testId="sum-amount">
              <Money amount={sum.amount} currency={sum.settleSymbol} />
            </Figure>
            {scope === 'settled' ? (
              <Figure label={t('team.timing.totalPayout')} testId="sum-payout">
                <Money amount={sum.payout} currency={sum.settleSymbol} />
              </Figure>
            ) : null}
          </div>
        ))
      )}
    </section>
  );
}
