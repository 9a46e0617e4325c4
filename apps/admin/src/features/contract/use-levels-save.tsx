import { Form, Typography } from 'antd';
import type { ContractLevels } from '@vela/contract';
import { useReviewedSave } from '../../components/reviewed-save.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { CONTRACT_RISK_KEY, CONTRACT_TERMS_KEY, saveContractLevels } from './contract-api.ts';
import { compareDecimals } from '../../lib/amounts.ts';
import { levelOfRatio, levelText, ratioOfPercent } from './risk-logic.ts';

/** The levels form's one value: the adjustment ratio in percent, as typed. */
export interface LevelsValues {
  ratioPercent: string;
}

/**
 * Setting the system adjustment ratio: the form, a confirmation that states what the new level
 * does to accounts, the save and the server's refusal. Moving the level closes accounts within a
 * second, so nothing is sent before the operator has read that sentence.
 */
export function useLevelsSave(levels: ContractLevels) {
  const [form] = Form.useForm<LevelsValues>();
  const { error, review } = useReviewedSave<string>({
    prepare: async () => {
      const values = await form.validateFields().catch(() => null);
      const ratio = values ? ratioOfPercent(values.ratioPercent) : null;
      const level = ratio === null ? null : levelOfRatio(ratio);
      if (ratio === null || level === null) return null;
      if (compareDecimals(ratio, levels.adjustmentRatio) === 0) return 'unchanged';
      const body = <LevelsEffect levels={levels} ratio={ratio} level={level} />;
      return { input: ratio, title: `Move forced closing to ${levelText(level)}?`, body, danger: true };
    },
    send: async (adjustmentRatio) => {
      const saved = await saveContractLevels({ adjustmentRatio });
      return `The risk levels are saved: forced closing at ${levelText(saved.forcedCloseLevel)}`;
    },
    refusal: (failure) => {
      if (failure instanceof ApiError && failure.field === 'adjustmentRatio')
        form.setFields([{ name: 'ratioPercent', errors: [errorText(failure)] }]);
      return errorText(failure);
    },
    // The levels show on every tab, and the risk colours follow them: all are read again.
    refresh: [CONTRACT_TERMS_KEY, CONTRACT_RISK_KEY],
  });
  return { form, error, review };
}

/** The confirmation's body: what the new level does, and where it was before. */
function LevelsEffect({ levels, ratio, level }: { levels: ContractLevels; ratio: string; level: string }) {
  return (
    <div data-testid="contract-levels-confirm">
      <Typography.Paragraph>
        Every account whose risk degree is at or above{' '}
        <Typography.Text strong>{levelText(level)}</Typography.Text> will be closed on the next recorded
        second.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Adjustment ratio <Typography.Text delete>{levelText(levels.adjustmentRatio)}</Typography.Text> →{' '}
        {levelText(ratio)}; forced closing{' '}
        <Typography.Text delete>{levelText(levels.forcedCloseLevel)}</Typography.Text> → {levelText(level)}.
        The change is recorded in the audit log.
      </Typography.Paragraph>
    </div>
  );
}
