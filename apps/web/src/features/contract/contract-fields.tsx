import type { ContractLevels } from '@vela/contract';
import type { ContractKind, ContractSide } from '@vela/domain';
import { useT } from '../../lib/i18n.ts';
import type { AmountMode } from './contract-checks.ts';
import { shownAmount, shownPrice } from './contract-figures.ts';
import { Money } from './contract-inputs.tsx';
import { KIND_LABEL, leverageText, SIDE_BUTTON_LABEL, sideTone, SUBMIT_LABEL } from './contract-labels.ts';
import { riskPercent, riskTone, type ContractEstimate } from './contract-logic.ts';

/** The contract form's switches, its estimate and its button, each a small piece the form puts together. */

/** One choice of a row of buttons, `<testId>-<value>`. */
function Choices<V extends string | number>({
  values,
  value,
  label,
  testId,
  className,
  itemClass,
  text,
  onChoose,
}: {
  values: readonly V[];
  value: V;
  label: string;
  testId: string;
  className: string;
  itemClass: (item: V, on: boolean) => string;
  text: (item: V) => string;
  onChoose(value: V): void;
}) {
  return (
    <div className={className} role="radiogroup" aria-label={label}>
      {values.map((item) => (
        <button
          key={item}
          type="button"
          role="radio"
          aria-checked={value === item}
          className={itemClass(item, value === item)}
          onClick={() => onChoose(item)}
          data-testid={`${testId}-${item}`}
        >
          {text(item)}
        </button>
      ))}
    </div>
  );
}

const SIDES: ContractSide[] = ['long', 'short'];
const KINDS: ContractKind[] = ['market', 'limit'];
const MODES: AmountMode[] = ['quantity', 'margin'];

/** Buy long or sell short, in the side's colour. */
export function SideSwitch({ side, onSide }: { side: ContractSide; onSide(side: ContractSide): void }) {
  const t = useT();
  return (
    <Choices
      values={SIDES}
      value={side}
      label={t('timing.direction')}
      testId="contract-side"
      className="contract-sides"
      itemClass={(item, on) =>
        `contract-side contract-side--${sideTone(item)}${on ? ' contract-side--on' : ''}`
      }
      text={(item) => t(SIDE_BUTTON_LABEL[item])}
      onChoose={onSide}
    />
  );
}

/** Market or limit. */
export function KindSwitch({ kind, onKind }: { kind: ContractKind; onKind(kind: ContractKind): void }) {
  const t = useT();
  return (
    <Choices
      values={KINDS}
      value={kind}
      label={t('spot.kind')}
      testId="contract-kind"
      className="contract-kinds"
      itemClass={(_item, on) => `contract-kind${on ? ' contract-kind--on' : ''}`}
      text={(item) => t(KIND_LABEL[item])}
      onChoose={onKind}
    />
  );
}

/** The leverages the coin offers, lowest first. */
export function LeveragePicker({
  leverages,
  leverage,
  onLeverage,
}: {
  leverages: readonly number[];
  leverage: number;
  onLeverage(leverage: number): void;
}) {
  const t = useT();
  return (
    <div className="contract-leverage">
      <span className="contract-label">{t('contract.leverage')}</span>
      <Choices
        values={leverages}
        value={leverage}
        label={t('contract.leverage')}
        testId="contract-leverage"
        className="contract-chips"
        itemClass={(_item, on) => `contract-chip num${on ? ' contract-chip--on' : ''}`}
        text={leverageText}
        onChoose={onLeverage}
      />
    </div>
  );
}

/** Whether the figure typed is the quantity or the margin to open with. */
export function ModeSwitch({ mode, onMode }: { mode: AmountMode; onMode(mode: AmountMode): void }) {
  const t = useT();
  return (
    <Choices
      values={MODES}
      value={mode}
      label={t('contract.amountMode')}
      testId="contract-mode"
      className="contract-modes"
      itemClass={(_item, on) => `contract-mode${on ? ' contract-mode--on' : ''}`}
      text={(item) => t(item === 'quantity' ? 'contract.byQuantity' : 'contract.byMargin')}
      onChoose={onMode}
    />
  );
}

/** A risk degree in its tone: above the caution level highlighted, at the forced-close level red. */
export function RiskValue({
  points,
  levels,
  testId,
}: {
  points: bigint | null;
  levels: ContractLevels | null | undefined;
  testId: string;
}) {
  const tone = riskTone(points, levels);
  return (
    <bdi className={`num contract-risk contract-risk--${tone}`} data-testid={testId} data-tone={tone}>
      {riskPercent(points)}
    </bdi>
  );
}

/** A forced-close price with the side it fires from: "≤ 2,800.00" for a net long, "≥" for a short. */
export function ForcedPrice({ figure }: { figure: { price: string; fires: 'below' | 'above' } | null }) {
  if (!figure) return <bdi className="num">--</bdi>;
  return <bdi className="num">{`${figure.fires === 'below' ? '≤' : '≥'} ${shownPrice(figure.price)}`}</bdi>;
}

/**
 * The estimate before sending: the margin, the opening fee, the account's risk degree with the new
 * position, and the coin's forced-close price afterwards.
 */
export function EstimateBox({
  estimate,
  levels,
  settleSymbol,
}: {
  estimate: ContractEstimate | null;
  levels: ContractLevels | null | undefined;
  settleSymbol: string;
}) {
  const t = useT();
  const money = (text: string | undefined) => (
    <Money amount={text === undefined ? '--' : shownAmount(text)} currency={settleSymbol} />
  );
  return (
    <section
      className="contract-estimate"
      data-testid="contract-estimate"
      aria-label={t('contract.estimate')}
    >
      <h4 className="contract-estimate__title">{t('contract.estimate')}</h4>
      <dl className="contract-summary contract-estimate__rows">
        <div>
          <dt>{t('contract.margin')}</dt>
          <dd data-testid="contract-estimate-margin">{money(estimate?.margin)}</dd>
        </div>
        <div>
          <dt>{t('contract.openFee')}</dt>
          <dd data-testid="contract-estimate-fee">{money(estimate?.fee)}</dd>
        </div>
        <div>
          <dt>{t('contract.riskAfter')}</dt>
          <dd>
            <RiskValue points={estimate?.risk ?? null} levels={levels} testId="contract-estimate-risk" />
          </dd>
        </div>
        <div>
          <dt>{t('contract.forcedCloseAfter')}</dt>
          <dd data-testid="contract-estimate-forced">
            <ForcedPrice figure={estimate?.forcedClose ?? null} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The button that opens the confirm dialog, in the side's colour; off while the rule forbids the order. */
export function SubmitButton({
  side,
  symbol,
  disabled,
  onSubmit,
}: {
  side: ContractSide;
  symbol: string;
  disabled: boolean;
  onSubmit(): void;
}) {
  const t = useT();
  return (
    <div className="contract-actions">
      <button
        type="button"
        className={`contract-action contract-action--${sideTone(side)}`}
        onClick={onSubmit}
        disabled={disabled}
        data-testid="contract-submit"
      >
        {t(SUBMIT_LABEL[side], { symbol })}
      </button>
    </div>
  );
}
