import { Alert, Form, Input, InputNumber, Modal, Switch, Typography } from 'antd';
import type { SpotTerms } from '@vela/contract';
import {
  MAX_DECIMALS,
  TERMS_FIELD_LABELS,
  decimalProblem,
  maximumProblem,
  termsToValues,
  type SpotTermsField,
  type SpotTermsValues,
} from './spot-terms-logic.ts';
import { useSpotTermsSave } from './use-spot-terms-save.tsx';

/** The edit form of one coin's terms, in a dialog; open while `terms` is set. */
export function SpotTermsModal({ terms, onClose }: { terms: SpotTerms | null; onClose: () => void }) {
  return terms ? <OpenSpotTermsModal key={terms.vcId} terms={terms} onClose={onClose} /> : null;
}

function OpenSpotTermsModal({ terms, onClose }: { terms: SpotTerms; onClose: () => void }) {
  const { form, error, review } = useSpotTermsSave(terms, onClose);
  return (
    <Modal
      open
      title={`Spot terms of ${terms.symbol}`}
      okText="Review changes"
      onOk={() => void review()}
      onCancel={onClose}
      width={560}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form<SpotTermsValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={termsToValues(terms)}
        onFinish={() => void review()}
        data-testid="spot-terms-form"
      >
        <Form.Item label={TERMS_FIELD_LABELS.enabled} name="enabled" valuePropName="checked">
          <Switch checkedChildren="Enabled" unCheckedChildren="Disabled" aria-label="Trading" />
        </Form.Item>
        <DecimalField
          field="feeRate"
          extra="A fraction of each fill's quote, charged in the settlement coin: 0.001 is 0.1 %."
        />
        <DecimalField field="minAmount" suffix={terms.settleSymbol} />
        <MaximumField field="maxAmount" minimum="minAmount" suffix={terms.settleSymbol} />
        <DecimalField field="minQuantity" suffix={terms.symbol} />
        <MaximumField field="maxQuantity" minimum="minQuantity" suffix={terms.symbol} />
        <DecimalsField field="priceDecimals" extra="Decimals a limit price may have." />
        <DecimalsField
          field="quantityDecimals"
          extra="Decimals a quantity may have; a buy fills in whole steps of it."
        />
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Every save is recorded in the audit log with the values before and after. Orders already accepted keep
        the fee rate they were accepted with; the new terms apply to orders placed from now on.
      </Typography.Paragraph>
    </Modal>
  );
}

/** Turns a check of `spot-terms-logic.ts` into an antd validator. */
function ruleOf(problem: (value: string | undefined) => string | null) {
  return {
    validator: (_: unknown, value: string | undefined) => {
      const text = problem(value);
      return text ? Promise.reject(new Error(text)) : Promise.resolve();
    },
  };
}

interface DecimalFieldProps {
  field: SpotTermsField;
  suffix?: string;
  extra?: string;
}

/** A required decimal, as text so that nothing is rounded. */
function DecimalField({ field, suffix, extra }: DecimalFieldProps) {
  return (
    <Form.Item
      label={TERMS_FIELD_LABELS[field]}
      name={field}
      extra={extra}
      rules={[{ required: true, whitespace: true, message: 'Required' }, ruleOf(decimalProblem)]}
    >
      <Input inputMode="decimal" autoComplete="off" suffix={suffix} />
    </Form.Item>
  );
}

/** An optional maximum: empty is uncapped; checked again when its minimum changes. */
function MaximumField({
  field,
  minimum,
  suffix,
}: {
  field: SpotTermsField;
  minimum: SpotTermsField;
  suffix: string;
}) {
  return (
    <Form.Item
      label={TERMS_FIELD_LABELS[field]}
      name={field}
      extra="Empty: uncapped."
      dependencies={[minimum]}
      rules={[
        ruleOf(decimalProblem),
        ({ getFieldValue }) =>
          ruleOf((value) => maximumProblem(getFieldValue(minimum) as string | undefined, value)),
      ]}
    >
      <Input inputMode="decimal" autoComplete="off" placeholder="Uncapped" suffix={suffix} />
    </Form.Item>
  );
}

/** A count of decimals, a whole number from 0 to 18. */
function DecimalsField({ field, extra }: { field: SpotTermsField; extra: string }) {
  return (
    <Form.Item
      label={TERMS_FIELD_LABELS[field]}
      name={field}
      extra={extra}
      rules={[{ required: true, message: 'Required' }]}
    >
      <InputNumber min={0} max={MAX_DECIMALS} precision={0} style={{ width: 120 }} />
    </Form.Item>
  );
}
