import { useRef, useState } from 'react';
import { App, Form, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ContractLevels } from '@vela/contract';
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
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LevelsValues>();
  const [error, setError] = useState<string | null>(null);
  // A double click on Review opens one confirmation, not two.
  const confirming = useRef(false);

  const save = async (adjustmentRatio: string) => {
    try {
      const saved = await saveContractLevels({ adjustmentRatio });
      void message.success(
        `The risk levels are saved: forced closing at ${levelText(saved.forcedCloseLevel)}`,
      );
    } catch (failure) {
      const onField = failure instanceof ApiError && failure.field === 'adjustmentRatio';
      if (onField) form.setFields([{ name: 'ratioPercent', errors: [errorText(failure)] }]);
      setError(`Not saved. ${errorText(failure)}`);
    } finally {
      // The levels show on every tab, and the risk colours follow them: all are read again.
      void queryClient.invalidateQueries({ queryKey: CONTRACT_TERMS_KEY });
      void queryClient.invalidateQueries({ queryKey: CONTRACT_RISK_KEY });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    }
  };

  const confirm = (ratio: string, level: string) => {
    modal.confirm({
      title: `Move forced closing to ${levelText(level)}?`,
      content: <LevelsEffect levels={levels} ratio={ratio} level={level} />,
      okText: 'Save',
      okButtonProps: { danger: true },
      cancelText: 'Back',
      width: 520,
      onOk: () => save(ratio),
      afterClose: () => {
        confirming.current = false;
      },
    });
  };

  const review = async () => {
    if (confirming.current) return;
    confirming.current = true;
    const values = await form.validateFields().catch(() => null);
    const ratio = values ? ratioOfPercent(values.ratioPercent) : null;
    const level = ratio === null ? null : levelOfRatio(ratio);
    // Without a valid ratio the form shows what is wrong under the field.
    if (ratio === null || level === null) {
      confirming.current = false;
      return;
    }
    if (compareDecimals(ratio, levels.adjustmentRatio) === 0) {
      confirming.current = false;
      setError('Nothing was changed.');
      return;
    }
    setError(null);
    confirm(ratio, level);
  };

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
