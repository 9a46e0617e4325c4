import { Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { LocaleCode } from '@vela/i18n';
import {
  FINANCE_BUY_TYPE_LABELS,
  FINANCE_CYCLE_TYPE_LABELS,
  LANGUAGE_LABELS,
  optionsOf,
} from '../../lib/labels.ts';
import { textLabel } from './finance-changes-logic.ts';
import {
  MAX_CYCLE,
  cycleProblem,
  maximumProblem,
  namesProblem,
  positiveProblem,
  quotaProblem,
} from './finance-checks-logic.ts';
import { percentText } from './finance-display-logic.ts';
import {
  LANGUAGES,
  PRODUCT_FIELD_LABELS,
  type FinanceProductValues,
  type LanguageTexts,
  type ProductField,
} from './finance-product-logic.ts';

/** Turns a check of `finance-checks-logic.ts` into an antd validator. */
function ruleOf<Value>(problem: (value: Value | undefined) => string | null) {
  return {
    validator: (_: unknown, value: Value | undefined) => {
      const text = problem(value);
      return text ? Promise.reject(new Error(text)) : Promise.resolve();
    },
  };
}

const REQUIRED = { required: true, whitespace: true, message: 'Required' };

/** A check of a typed text: what is wrong with it, or null. */
type Check = (value: string | undefined) => string | null;

interface RateFieldProps {
  field: ProductField;
  problem: Check;
  extra: string;
  disabled: boolean;
}

/** A rate typed as a fraction, with its percentage beside it as it is typed. */
export function RateField({ field, problem, extra, disabled }: RateFieldProps) {
  const form = Form.useFormInstance<FinanceProductValues>();
  const typed = Form.useWatch(field, form) as string | undefined;
  const shown = typed !== undefined && typed.trim() !== '' && problem(typed) === null;
  return (
    <Form.Item
      label={PRODUCT_FIELD_LABELS[field]}
      name={field}
      extra={extra}
      rules={[REQUIRED, ruleOf(problem)]}
    >
      <Input
        inputMode="decimal"
        autoComplete="off"
        disabled={disabled}
        suffix={shown ? `= ${percentText(typed.trim())}` : ' '}
      />
    </Form.Item>
  );
}

interface AmountFieldProps {
  field: 'exchangeRate' | 'minAmount' | 'maxAmount' | 'quota';
  suffix: string;
  extra?: string;
  disabled: boolean;
}

/**
 * The check of each amount, given the minimum typed: the maximum and the quota are held against
 * it. Each check includes the plain-number one.
 */
const AMOUNT_CHECKS: Record<AmountFieldProps['field'], (minimum: string | undefined) => Check> = {
  exchangeRate: () => positiveProblem,
  minAmount: () => positiveProblem,
  maxAmount: (minimum) => (value) => maximumProblem(minimum, value),
  quota: (minimum) => (value) => quotaProblem(minimum, value),
};

/** A decimal amount or price as text, so that nothing is rounded; only the maximum may be empty. */
export function AmountField({ field, suffix, extra, disabled }: AmountFieldProps) {
  const optional = field === 'maxAmount';
  return (
    <Form.Item
      label={PRODUCT_FIELD_LABELS[field]}
      name={field}
      extra={extra}
      dependencies={field === 'maxAmount' || field === 'quota' ? ['minAmount'] : []}
      rules={[
        ...(optional ? [] : [REQUIRED]),
        ({ getFieldValue }) => ruleOf(AMOUNT_CHECKS[field](getFieldValue('minAmount') as string | undefined)),
      ]}
    >
      <Input
        inputMode="decimal"
        autoComplete="off"
        disabled={disabled}
        placeholder={optional ? 'Uncapped' : undefined}
        suffix={suffix}
      />
    </Form.Item>
  );
}

/** The term: a whole number of days, hours or minutes. */
export function TermFields({ disabled }: { disabled: boolean }) {
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item
          label={PRODUCT_FIELD_LABELS.cycle}
          name="cycle"
          rules={[{ required: true, message: 'Required' }, ruleOf(cycleProblem)]}
        >
          <InputNumber min={1} max={MAX_CYCLE} precision={0} disabled={disabled} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label={PRODUCT_FIELD_LABELS.cycleType} name="cycleType" rules={[{ required: true }]}>
          <Select options={optionsOf(FINANCE_CYCLE_TYPE_LABELS)} disabled={disabled} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** What the principal is paid in, which is also the currency of the limits and the quota. */
export function BuyTypeField({ symbol, disabled }: { symbol: string; disabled: boolean }) {
  const options = optionsOf(FINANCE_BUY_TYPE_LABELS).map((option) =>
    option.value === 'coin' && symbol !== '' ? { ...option, label: `In ${symbol}` } : option,
  );
  return (
    <Form.Item label={PRODUCT_FIELD_LABELS.buyType} name="buyType" rules={[{ required: true }]}>
      <Select options={options} disabled={disabled} />
    </Form.Item>
  );
}

/**
 * The names and remarks, one line per language. At least one name is required; the English one
 * is the default shown where a language has none, so the rule's message sits under it.
 */
export function TextsFields() {
  return (
    <div data-testid="finance-product-texts">
      <Typography.Paragraph type="secondary">
        At least one name. English is the default: a language without a name or remark shows the English one
        (or the first given).
      </Typography.Paragraph>
      {LANGUAGES.map((language) => (
        <LanguageRow key={language} language={language} />
      ))}
    </div>
  );
}

/** The other languages' names, on which the English name's "at least one" rule depends. */
const OTHER_NAMES = LANGUAGES.filter((language) => language !== 'en').map((language) => ['names', language]);

function LanguageRow({ language }: { language: LocaleCode }) {
  const isDefault = language === 'en';
  return (
    <Row gutter={8} align="top">
      <Col span={5} style={{ paddingTop: 5 }}>
        <Typography.Text strong={isDefault}>{LANGUAGE_LABELS[language]}</Typography.Text>
      </Col>
      <Col span={8}>
        <Form.Item
          name={['names', language]}
          style={{ marginBottom: 8 }}
          dependencies={isDefault ? OTHER_NAMES : []}
          rules={
            isDefault
              ? [({ getFieldValue }) => ruleOf(() => namesProblem(getFieldValue('names') as LanguageTexts))]
              : []
          }
        >
          <Input
            autoComplete="off"
            placeholder="Name"
            maxLength={2000}
            aria-label={textLabel('names', language)}
          />
        </Form.Item>
      </Col>
      <Col span={11}>
        <Form.Item name={['remarks', language]} style={{ marginBottom: 8 }}>
          <Input.TextArea
            rows={1}
            placeholder="Remark"
            maxLength={2000}
            aria-label={textLabel('remarks', language)}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
