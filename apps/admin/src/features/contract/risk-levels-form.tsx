import { Alert, Button, Form, Input, Skeleton, Typography } from 'antd';
import type { ContractLevels } from '@vela/contract';
import { QueryError } from '../../components/query-error.tsx';
import { useContractTerms } from './contract-api.ts';
import {
  levelBelowCaution,
  levelOfRatio,
  levelText,
  percentOfFraction,
  ratioOfPercent,
  ratioProblem,
} from './risk-logic.ts';
import { useLevelsSave, type LevelsValues } from './use-levels-save.tsx';

/**
 * The risk levels: the system adjustment ratio operators set, the forced-close level it gives (100 %
 * less the ratio), and the caution level, which is fixed. The levels come with the terms list.
 */
export function RiskLevelsPanel() {
  const terms = useContractTerms();
  if (terms.isError) return <QueryError error={terms.error} onRetry={() => void terms.refetch()} />;
  if (!terms.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const levels = terms.data.levels;
  // Keyed by the saved ratio: once a save (by anyone) changes it, the form starts again from it.
  return <RiskLevelsForm key={levels.adjustmentRatio} levels={levels} />;
}

function RiskLevelsForm({ levels }: { levels: ContractLevels }) {
  const { form, error, review } = useLevelsSave(levels);
  return (
    <Form<LevelsValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ ratioPercent: percentOfFraction(levels.adjustmentRatio) }}
      onFinish={() => void review()}
      style={{ maxWidth: 520 }}
      data-testid="contract-levels-form"
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        label="System adjustment ratio"
        name="ratioPercent"
        extra="From 0 to below 100 %. Forced closing starts at 100 % less the ratio."
        rules={[
          {
            validator: (_: unknown, value: string | undefined) => {
              const text = ratioProblem(value);
              return text ? Promise.reject(new Error(text)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input inputMode="decimal" autoComplete="off" suffix="%" style={{ width: 160 }} />
      </Form.Item>
      <LevelPreview cautionLevel={levels.cautionLevel} />
      <Form.Item label="Caution level">
        <Typography.Text data-testid="contract-levels-caution">
          Above {levelText(levels.cautionLevel)}
        </Typography.Text>
        <Typography.Text type="secondary">
          {' '}
          (fixed): a risk degree above it is shown as a caution.
        </Typography.Text>
      </Form.Item>
      <Button type="primary" htmlType="submit">
        Review change
      </Button>
    </Form>
  );
}

/** The level the typed ratio gives, as it is typed: "10 % → forced closing at 90 %". */
function LevelPreview({ cautionLevel }: { cautionLevel: string }) {
  const form = Form.useFormInstance<LevelsValues>();
  const typed = Form.useWatch('ratioPercent', form);
  const ratio = ratioOfPercent(typed);
  const level = ratio === null ? null : levelOfRatio(ratio);
  return (
    <Form.Item label="Forced-close level">
      {ratio === null || level === null ? (
        <Typography.Text type="secondary">Type a valid ratio to see the level.</Typography.Text>
      ) : (
        <>
          <Typography.Text strong data-testid="contract-levels-effect">
            {levelText(ratio)} → forced closing at {levelText(level)}
          </Typography.Text>
          {levelBelowCaution(level, cautionLevel) ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 8 }}
              message={`Forced closing at ${levelText(level)} comes at or below the caution level of ${levelText(cautionLevel)}: accounts would be closed without being shown as a caution first.`}
            />
          ) : null}
        </>
      )}
    </Form.Item>
  );
}
