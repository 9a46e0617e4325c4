import { Alert, Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import type { ContractTerms } from '@vela/contract';
import {
  MAX_DECIMALS,
  MAX_LEVERAGE,
  MAX_LEVERAGES,
  TERMS_FIELD_LABELS,
  decimalsProblem,
  feeRateProblem,
  leveragesProblem,
  maximumProblem,
  percentText,
  quantityProblem,
  termsToValues,
  type ContractTermsField,
  type ContractTermsValues,
} from './contract-terms-logic.ts';
import { useContractTermsSave } from './use-contract-terms-save.tsx';

/** The edit form of one coin's contract terms, in a dialog; open while `terms` is set. */
export function ContractTermsModal({ terms, onClose }: { terms: ContractTerms | null; onClose: () => void }) {
  return terms ? <OpenContractTermsModal key={terms.vcId} terms={terms} onClose={onClose} /> : null;
}

function OpenContractTermsModal({ terms, onClose }: { terms: ContractTerms; onClose: () => void }) {
  const { form, error, review } = useContractTermsSave(terms, onClose);
  return (
    <Modal
      open
      title={`Contract terms of ${terms.symbol}`}
      okText="Review changes"
      onOk={() => void review()}
      onCancel={onClose}
      width={600}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form<ContractTermsValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={termsToValues(terms)}
        onFinish={() => void review()}
        data-testid="contract-terms-form"
      >
        <Form.Item label={TERMS_FIELD_LABELS.enabled} name="enabled" valuePropName="checked">
          <Switch checkedChildren="Enabled" unCheckedChildren="Disabled" aria-label="Trading" />
        </Form.Item>
        <LeveragesField />
        <FeeRateField
          field="openFeeRate"
          extra="A fraction of the position's value, charged when it opens."
        />
        <FeeRateField
          field="closeFeeRate"
          extra="A fraction of the value closed, charged on every close, forced ones included."
        />
        <QuantityField field="minQuantity" suffix={terms.symbol} />
        <QuantityField field="maxQuantity" minimum="minQuantity" suffix={terms.symbol} />
        <DecimalsField
          field="priceDecimals"
          extra="Decimals a limit, take-profit or stop-loss price may have."
        />
        <DecimalsField field="quantityDecimals" extra="Decimals a quantity may have." />
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Every save is recorded in the audit log with the values before and after. Orders and positions keep
        the fees they were accepted with; the new terms apply to orders placed from now on.
      </Typography.Paragraph>
    </Modal>
  );
}

/** Turns a check of `contract-terms-logic.ts` into an antd validator. */
function ruleOf<Value>(problem: (value: Value | undefined) => string | null) {
  return {
    validator: (_: unknown, value: Value | undefined) => {
      const text = problem(value);
      return text ? Promise.reject(new Error(text)) : Promise.resolve();
    },
  };
}

/** Leverages commonly offered, as suggestions; any other whole number can be typed. */
const SUGGESTED_LEVERAGES = [1, 2, 3, 5, 10, 20, 25, 50, 75, 100, 125, 150, 200];

/**
 * The leverages as tags: picked from the suggestions or typed (Enter, a comma or a space ends one).
 * The list is saved in ascending order whatever order it was typed in.
 */
function LeveragesField() {
  return (
    <Form.Item
      label={TERMS_FIELD_LABELS.leverages}
      name="leverages"
      extra={`Whole numbers from 1 to ${MAX_LEVERAGE}, at most ${MAX_LEVERAGES}; saved in ascending order.`}
      rules={[ruleOf(leveragesProblem)]}
    >
      <Select
        mode="tags"
        tokenSeparators={[',', ' ']}
        options={SUGGESTED_LEVERAGES.map((leverage) => ({ value: String(leverage), label: `${leverage}×` }))}
        placeholder="Type or pick leverages"
        data-testid="contract-terms-leverages"
      />
    </Form.Item>
  );
}

/** A fee rate typed as a fraction, with its percentage beside it as it is typed. */
function FeeRateField({ field, extra }: { field: ContractTermsField; extra: string }) {
  const form = Form.useFormInstance<ContractTermsValues>();
  const typed = Form.useWatch(field, form) as string | undefined;
  const shown = typed !== undefined && typed.trim() !== '' && feeRateProblem(typed) === null;
  return (
    <Form.Item
      label={TERMS_FIELD_LABELS[field]}
      name={field}
      extra={extra}
      rules={[{ required: true, whitespace: true, message: 'Required' }, ruleOf(feeRateProblem)]}
    >
      <Input inputMode="decimal" autoComplete="off" suffix={shown ? `= ${percentText(typed.trim())}` : ' '} />
    </Form.Item>
  );
}

interface QuantityFieldProps {
  field: ContractTermsField;
  suffix: string;
  /** Set for a maximum: it may be empty (uncapped) and is checked against this minimum. */
  minimum?: ContractTermsField;
}

/** A quantity limit in the coin, checked again when the quantity decimals or its minimum change. */
function QuantityField({ field, suffix, minimum }: QuantityFieldProps) {
  return (
    <Form.Item
      label={TERMS_FIELD_LABELS[field]}
      name={field}
      extra={minimum ? 'Empty: uncapped.' : 'The smallest quantity an order may open or close.'}
      dependencies={minimum ? ['quantityDecimals', minimum] : ['quantityDecimals']}
      rules={[
        ...(minimum ? [] : [{ required: true, whitespace: true, message: 'Required' }]),
        ({ getFieldValue }) => ({
          validator: (_: unknown, value: string | undefined) => {
            const decimals = getFieldValue('quantityDecimals') as number | null | undefined;
            const low = minimum ? (getFieldValue(minimum) as string | undefined) : undefined;
            const text = quantityProblem(value, decimals) ?? (minimum ? maximumProblem(low, value) : null);
            return text ? Promise.reject(new Error(text)) : Promise.resolve();
          },
        }),
      ]}
    >
      <Input
        inputMode="decimal"
        autoComplete="off"
        placeholder={minimum ? 'Uncapped' : undefined}
        suffix={suffix}
      />
    </Form.Item>
  );
}

/** A count of decimals, a whole number from 0 to 18. */
function DecimalsField({ field, extra }: { field: ContractTermsField; extra: string }) {
  return (
    <Form.Item
      label={TERMS_FIELD_LABELS[field]}
      name={field}
      extra={extra}
      rules={[{ required: true, message: 'Required' }, ruleOf(decimalsProblem)]}
    >
      <InputNumber min={0} max={MAX_DECIMALS} precision={0} style={{ width: 120 }} />
    </Form.Item>
  );
}
