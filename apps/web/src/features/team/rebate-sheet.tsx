import { Fragment, useId } from 'react';
import type { Rebate } from '@vela/contract';
import { Popup } from '../../components/popup.tsx';
import { signedAmount } from '../../lib/amount-text.ts';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { RebateSourceChip, RebateStateBadge } from './rebate-card.tsx';
import {
  isolate,
  isolateName,
  rebateFigures,
  rebateRefLabel,
  REBATE_STORY,
  type RebateFigures,
} from './team-logic.ts';
import { Moment, Rows } from './team-parts.tsx';

/**
 * "Where this rebate came from": a bottom sheet over /rebates that tells, in words and in figures,
 * how the rebate was computed. The base (a timed trade's stake, or a contract fee) times the share
 * the receiver keeps (its own rate less the highest rate below it on the path) is the amount,
 * truncated to the currency's smallest unit, and the sheet names the order the base came from.
 */

/** The order the rebate came from, as the bills name it ("Timed order #71"). */
function orderName(rebate: Rebate, t: TFunction): string {
  const label = rebateRefLabel(rebate.refType, rebate.refId);
  return t(label.key, label.params);
}

/**
 * The computation in the rebate's own figures, as the steps of one left-to-right line, the way it is
 * written in every language: "100.00 USDT × (1.5 % − 1 %)", "= 100.00 USDT × 0.5 %", "= 0.50 USDT".
 * A narrow screen wraps it between the steps, never inside one.
 */
function equationSteps(figures: RebateFigures, symbol: string, t: TFunction): string[] {
  const percent = (value: string) => t('team.percent', { value });
  const base = `${figures.base} ${symbol}`;
  return [
    `${base} × (${percent(figures.ratePercent)} − ${percent(figures.belowPercent)})`,
    `= ${base} × ${percent(figures.keptPercent)}`,
    `= ${figures.amount} ${symbol}`,
  ];
}

/** The computation: the formula in words, then in the rebate's own figures. */
function Computation({ rebate, figures }: { rebate: Rebate; figures: RebateFigures }) {
  const t = useT();
  const percent = (value: string) => isolate(t('team.percent', { value }));
  return (
    <section className="team-formula" data-testid="rebate-computation">
      <h3 className="team-formula__title">{t('team.rebate.computation')}</h3>
      <p className="team-formula__words" data-testid="rebate-formula">
        {t('team.rebate.formula')}
      </p>
      <p className="team-formula__figures num" dir="ltr" data-testid="rebate-equation">
        {equationSteps(figures, rebate.symbol, t).map((step, index) => (
          // The space between two steps stays outside them: it is where the line may wrap.
          <Fragment key={step}>
            {index > 0 ? ' ' : null}
            <span className="team-formula__step">{step}</span>
          </Fragment>
        ))}
      </p>
      <p className="team-formula__rule" data-testid="rebate-rule">
        {t('team.rebate.rule', {
          rate: percent(figures.ratePercent),
          below: percent(figures.belowPercent),
          kept: percent(figures.keptPercent),
        })}
      </p>
      <p className="team-formula__note">{t('team.rebate.truncated', { symbol: rebate.symbol })}</p>
    </section>
  );
}

/** The facts the explanation rests on, each on a line of its own. */
function factRows(rebate: Rebate, t: TFunction) {
  return [
    {
      label: t('team.rebate.sourceLabel'),
      value: <RebateSourceChip source={rebate.source} />,
      testId: 'where-source',
    },
    { label: t('team.rebate.order'), value: <bdi>{orderName(rebate, t)}</bdi>, testId: 'where-order' },
    { label: t('team.rebate.member'), value: <bdi>{rebate.memberUsername}</bdi>, testId: 'where-member' },
    {
      label: t('team.rebate.stateLabel'),
      value: <RebateStateBadge state={rebate.state} />,
      testId: 'where-state',
    },
    { label: t('team.rebate.createdAt'), value: <Moment ms={rebate.createdAt} />, testId: 'where-created' },
    {
      label: t('team.rebate.paidAt'),
      value: rebate.paidAt === null ? t('team.rebate.notPaid') : <Moment ms={rebate.paidAt} />,
      testId: 'where-paid',
    },
  ];
}

export function RebateSheet({
  rebate,
  open,
  onClose,
}: {
  rebate: Rebate | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useT();
  const titleId = useId();
  const figures = rebate ? rebateFigures(rebate) : null;
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="rebate-where">
      {rebate && figures ? (
        <div className="sheet team-sheet" data-id={rebate.id}>
          <div className="sheet__title" id={titleId}>
            {t('team.rebate.whereTitle')}
          </div>
          <div className="team-sheet__amount up" data-testid="where-amount">
            <bdi className="num">
              {signedAmount(rebate.amount)} {rebate.symbol}
            </bdi>
          </div>
          <p className="team-sheet__story" data-testid="rebate-story">
            {t(REBATE_STORY[rebate.source], {
              username: isolateName(rebate.memberUsername),
              base: isolate(`${figures.base} ${rebate.symbol}`),
              order: isolateName(orderName(rebate, t)),
            })}
          </p>
          <Computation rebate={rebate} figures={figures} />
          <Rows rows={factRows(rebate, t)} />
          <div className="team-sheet__buttons team-sheet__buttons--one">
            <button type="button" className="team-button" onClick={onClose} data-testid="rebate-where-close">
              {t('common.close')}
            </button>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}
