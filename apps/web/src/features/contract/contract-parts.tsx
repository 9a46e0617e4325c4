import type { ReactNode } from 'react';
import type { ContractAccount, ContractPosition } from '@vela/contract';
import { formatNumber, type ContractSide } from '@vela/domain';
import { useT } from '../../lib/i18n.ts';
import { RiskValue } from './contract-fields.tsx';
import { messageText, shownAmount, shownPrice, signedAmount, signTone } from './contract-figures.ts';
import { Money } from './contract-inputs.tsx';
import { leverageText, SIDE_LABEL, sideTone } from './contract-labels.ts';
import { cautionLevelOf, forcedLevelOf, fractionPoints, levelPercent, riskTone } from './contract-logic.ts';
import './contract.css';

/**
 * Pieces the contract screens share: the side badge, the account summary with its risk degree, and
 * a position's card with its figures and actions.
 */

export function SideBadge({ side }: { side: ContractSide }) {
  const t = useT();
  return (
    <span
      className={`contract-badge contract-badge--${sideTone(side)}`}
      data-testid="contract-side"
      data-side={side}
    >
      {t(SIDE_LABEL[side])}
    </span>
  );
}

/** A labelled figure of a card; `wrap` lets a long one (two prices) break at its spaces. */
export function Figure({
  label,
  children,
  testId,
  wrap = false,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  wrap?: boolean;
}) {
  return (
    <span className="contract-figure">
      <span className="contract-figure__label">{label}</span>
      <span
        className={`contract-figure__value${wrap ? ' contract-figure__value--wrap' : ''}`}
        data-testid={testId}
      >
        {children}
      </span>
    </span>
  );
}

export const num = (text: string) => <bdi className="num">{text}</bdi>;
export const priceOrDash = (text: string | null) => num(text === null ? '--' : shownPrice(text));

/** A signed amount in its colour: a gain "up", a loss "down". */
export function SignedMoney({
  amount,
  currency,
  testId,
}: {
  amount: string;
  currency: string;
  testId: string;
}) {
  const tone = signTone(amount);
  return (
    <span className={`contract-signed ${tone}`} data-testid={testId} data-tone={tone}>
      <Money amount={signedAmount(amount)} currency={currency} />
    </span>
  );
}

/** The caution in words, once the risk degree is above the caution level. */
function CautionNote({ account }: { account: ContractAccount }) {
  const t = useT();
  const forced = forcedLevelOf(account.levels);
  return (
    <p className="contract-caution" role="status" data-testid="contract-caution">
      {messageText(
        {
          key: 'contract.cautionNote',
          params: {
            caution: levelPercent(cautionLevelOf(account.levels)),
            level: forced === null ? '--' : levelPercent(forced),
          },
        },
        t,
      )}
    </p>
  );
}

/**
 * The contract account at the latest prices: equity, available, margin, floating profit and loss,
 * and the risk degree, highlighted above the caution level with the rule in words.
 */
export function AccountSummary({ account }: { account: ContractAccount }) {
  const t = useT();
  const symbol = account.settleSymbol;
  const risk = fractionPoints(account.riskDegree);
  const tone = riskTone(risk, account.levels);
  // Cents are enough at a glance, and keep three figures on one line at 375 px; the positions and
  // receipts below carry every decimal.
  const money = (text: string) => <Money amount={formatNumber(text, 2)} currency={symbol} />;
  return (
    <section className="contract-account" data-testid="contract-account" data-tone={tone}>
      <div className="contract-account__head">
        <h3 className="contract-account__title">{t('contract.account')}</h3>
        <span className="contract-account__risk">
          <span className="muted">{t('contract.riskDegree')}</span>{' '}
          <RiskValue points={risk} levels={account.levels} testId="contract-risk" />
        </span>
      </div>
      <div className="contract-figures">
        <Figure label={t('contract.equity')} testId="contract-equity">
          {money(account.equity)}
        </Figure>
        <Figure label={t('wallet.available')} testId="contract-account-available">
          {money(account.available)}
        </Figure>
        <Figure label={t('contract.margin')} testId="contract-margin">
          {money(account.margin)}
        </Figure>
        <Figure label={t('contract.floatingProfit')}>
          <SignedMoney amount={account.profit} currency={symbol} testId="contract-profit" />
        </Figure>
      </div>
      {tone === 'safe' ? null : <CautionNote account={account} />}
    </section>
  );
}

/** A position's targets: "take-profit / stop-loss", a dash for the one not set. */
function TargetsText({ position }: { position: ContractPosition }) {
  return (
    <>
      {priceOrDash(position.takeProfit)}
      {' / '}
      {priceOrDash(position.stopLoss)}
    </>
  );
}

/**
 * One open position: coin, side and leverage with its floating profit in colour; its quantity,
 * entry and mark prices, margin, forced-close price and targets; the ways to edit the targets and
 * to close it.
 */
export function PositionCard({
  position,
  settleSymbol,
  onTargets,
  onClose,
}: {
  position: ContractPosition;
  settleSymbol: string;
  onTargets(): void;
  onClose(): void;
}) {
  const t = useT();
  return (
    <div className="contract-card contract-position" data-testid="contract-position" data-id={position.id}>
      <span className="contract-card__row">
        <span className="contract-card__title">
          <span className="contract-card__symbol">{position.symbol}</span>
          <SideBadge side={position.side} />
          <span className="muted num">{leverageText(position.leverage)}</span>
        </span>
        <SignedMoney amount={position.profit} currency={settleSymbol} testId="position-profit" />
      </span>
      <span className="contract-figures">
        <Figure label={t('spot.quantity')} testId="position-quantity">
          <Money amount={shownAmount(position.quantity)} currency={position.symbol} />
        </Figure>
        <Figure label={t('contract.entryPrice')} testId="position-entry">
          {priceOrDash(position.entryPrice)}
        </Figure>
        <Figure label={t('contract.markPrice')} testId="position-mark">
          {priceOrDash(position.markPrice)}
        </Figure>
        <Figure label={t('contract.margin')} testId="position-margin">
          <Money amount={shownAmount(position.margin)} currency={settleSymbol} />
        </Figure>
        <Figure label={t('contract.forcedClosePrice')} testId="position-forced">
          {priceOrDash(position.forcedClosePrice)}
        </Figure>
        <Figure label={t('contract.targets')} testId="position-targets" wrap>
          <TargetsText position={position} />
        </Figure>
      </span>
      <span className="contract-position__actions">
        <button
          type="button"
          className="contract-button"
          onClick={onTargets}
          data-testid="position-edit-targets"
        >
          {t('contract.editTargets')}
        </button>
        <button
          type="button"
          className="contract-button contract-button--close"
          onClick={onClose}
          data-testid="position-close"
        >
          {t('contract.closePosition')}
        </button>
      </span>
    </div>
  );
}
