import type { Rebate } from '@vela/contract';
import { signedAmount } from '../../lib/amount-text.ts';
import { useT } from '../../lib/i18n.ts';
import { isolateName, keptRate, REBATE_SOURCE_LABEL, REBATE_STATE_LABEL } from './team-logic.ts';
import { Figure, Moment, Money, Percent } from './team-parts.tsx';

/**
 * A rebate's card in /rebates: what it paid and where it came from (the source and the member), the
 * base and the three rates it was figured from, its state and its times. A tap opens the
 * explanation of the computation.
 */

export function RebateStateBadge({ state }: { state: Rebate['state'] }) {
  const t = useT();
  return (
    <span className={`team-badge team-badge--${state}`} data-testid="rebate-state" data-state={state}>
      {t(REBATE_STATE_LABEL[state])}
    </span>
  );
}

export function RebateSourceChip({ source }: { source: Rebate['source'] }) {
  const t = useT();
  return (
    <span className="team-chip" data-testid="rebate-source" data-source={source}>
      {t(REBATE_SOURCE_LABEL[source])}
    </span>
  );
}

/** The share kept, as a percentage, or "--" when a rate is malformed. */
export function KeptPercent({ rebate, testId }: { rebate: Rebate; testId?: string }) {
  const kept = keptRate(rebate.rate, rebate.belowRate);
  return kept === null ? (
    <bdi className="num" data-testid={testId}>
      --
    </bdi>
  ) : (
    <Percent rate={kept} testId={testId} />
  );
}

export function RebateCard({ rebate, onOpen }: { rebate: Rebate; onOpen(): void }) {
  const t = useT();
  return (
    <button
      type="button"
      className="team-card team-rebate"
      onClick={onOpen}
      data-testid="rebate"
      data-id={rebate.id}
    >
      <span className="team-card__head">
        <span className="team-rebate__source">
          <RebateSourceChip source={rebate.source} />
          <span className="team-rebate__from" data-testid="rebate-member">
            {t('team.rebate.from', { username: isolateName(rebate.memberUsername) })}
          </span>
        </span>
        <RebateStateBadge state={rebate.state} />
      </span>
      <span className="team-rebate__amount up" data-testid="rebate-amount">
        <bdi className="num">
          {signedAmount(rebate.amount)} {rebate.symbol}
        </bdi>
      </span>
      <span className="team-figures team-figures--rates">
        <Figure label={t('team.rebate.base')} testId="rebate-base">
          <Money amount={rebate.base} currency={rebate.symbol} />
        </Figure>
        <Figure label={t('team.rebate.rate')} testId="rebate-rate">
          <Percent rate={rebate.rate} />
        </Figure>
        <Figure label={t('team.rebate.belowRate')} testId="rebate-below-rate">
          <Percent rate={rebate.belowRate} />
        </Figure>
        <Figure label={t('team.rebate.kept')} testId="rebate-kept">
          <KeptPercent rebate={rebate} />
        </Figure>
      </span>
      <span className="team-figures team-figures--two team-card__foot">
        <Figure label={t('team.rebate.createdAt')} testId="rebate-created">
          <Moment ms={rebate.createdAt} />
        </Figure>
        <Figure label={t('team.rebate.paidAt')} testId="rebate-paid">
          {rebate.paidAt === null ? t('team.rebate.notPaid') : <Moment ms={rebate.paidAt} />}
        </Figure>
      </span>
    </button>
  );
}
