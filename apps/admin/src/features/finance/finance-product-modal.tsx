import { Alert, Col, Divider, Form, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd';
import type { AdminFinanceProduct } from '@vela/contract';
import { useFinanceCoins } from './finance-api.ts';
import type { CoinSymbol } from './finance-changes-logic.ts';
import { serviceRateProblem, yieldRateProblem } from './finance-checks-logic.ts';
import { AmountField, BuyTypeField, RateField, TermFields, TextsFields } from './finance-product-fields.tsx';
import {
  PRODUCT_FIELD_LABELS,
  newProductValues,
  productToValues,
  termsLocked,
  type FinanceProductValues,
} from './finance-product-logic.ts';
import { useFinanceProductSave } from './use-finance-product-save.tsx';

/** What the product form is open for: a new product, or an existing one. */
export type ProductEditing = { product: AdminFinanceProduct | null } | null;

interface FinanceProductModalProps {
  editing: ProductEditing;
  /** The settlement coin's symbol, in which the linked price is quoted. */
  settleSymbol: string;
  onClose: () => void;
}

/** The form of one product, new or existing, in a dialog; open while `editing` is set. */
export function FinanceProductModal({ editing, settleSymbol, onClose }: FinanceProductModalProps) {
  if (!editing) return null;
  const key = editing.product ? editing.product.id : 'new';
  return (
    <OpenProductModal key={key} product={editing.product} settleSymbol={settleSymbol} onClose={onClose} />
  );
}

/** The coins to pick from, and a coin's symbol by its id (the product's own while the list loads). */
function useCoinChoices(product: AdminFinanceProduct | null) {
  const coins = useFinanceCoins();
  const list = coins.data ?? [];
  const own = product && !list.some((coin) => coin.vcId === product.vcId) ? [product] : [];
  const options = [...own, ...list].map((coin) => ({ value: coin.vcId, label: coin.symbol }));
  const symbolOf: CoinSymbol = (vcId) => options.find((option) => option.value === vcId)?.label ?? `#${vcId}`;
  return { options, symbolOf, loading: coins.isPending, failed: coins.isError };
}

type CoinChoices = ReturnType<typeof useCoinChoices>;

function OpenProductModal({
  product,
  settleSymbol,
  onClose,
}: {
  product: AdminFinanceProduct | null;
  settleSymbol: string;
  onClose: () => void;
}) {
  const coins = useCoinChoices(product);
  const { form, error, review } = useFinanceProductSave(product, coins.symbolOf, onClose);
  const locked = termsLocked(product);
  return (
    <Modal
      open
      title={product ? `Finance product "${product.name}"` : 'New finance product'}
      okText="Review"
      onOk={() => void review()}
      onCancel={onClose}
      width={760}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      {product && locked ? <LockedNote orderCount={product.orderCount} /> : null}
      <Form<FinanceProductValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={product ? productToValues(product) : newProductValues()}
        onFinish={() => void review()}
        data-testid="finance-product-form"
      >
        <TermsSection locked={locked} coins={coins} settleSymbol={settleSymbol} />
        <SaleSection />
        <Divider orientation="left">Names and remarks</Divider>
        <TextsFields />
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Every save is recorded in the audit log with the values before and after. Orders already bought keep
        the terms they were bought on.
      </Typography.Paragraph>
    </Modal>
  );
}

/** Why the terms cannot be edited, said where the operator looks for them. */
function LockedNote({ orderCount }: { orderCount: number }) {
  return (
    <Alert
      type="info"
      showIcon
      message="The terms are fixed"
      description={
        `This product has ${orderCount} ${orderCount === 1 ? 'order' : 'orders'}, bought on its terms: ` +
        'the coin, what it is paid in, the rates, the term, the linked price, the limits and the quota no ' +
        'longer change. Its names, remarks, sort order and sale still can; for other terms, create a new product.'
      }
      style={{ marginBottom: 16 }}
      data-testid="finance-terms-locked"
    />
  );
}

/** The product's terms; the currency paid in follows the coin and the choice of what it is paid in. */
function TermsSection({
  locked,
  coins,
  settleSymbol,
}: {
  locked: boolean;
  coins: CoinChoices;
  settleSymbol: string;
}) {
  const form = Form.useFormInstance<FinanceProductValues>();
  const vcId = Form.useWatch('vcId', form);
  const buyType = Form.useWatch('buyType', form);
  const symbol = vcId === undefined ? '' : coins.symbolOf(vcId);
  const paidIn = buyType === 'coin' ? symbol : settleSymbol;
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <CoinField coins={coins} disabled={locked} />
        </Col>
        <Col span={12}>
          <BuyTypeField symbol={symbol} disabled={locked} />
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <RateField
            field="rateStr"
            problem={yieldRateProblem}
            extra="A fraction a year: 0.12 is 12 %."
            disabled={locked}
          />
        </Col>
        <Col span={12}>
          <TermFields disabled={locked} />
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <AmountField
            field="exchangeRate"
            suffix={`${settleSymbol} per ${symbol || 'coin'}`}
            extra={`Below it at the end, the payout is in the coin; at or above it, in ${settleSymbol}.`}
            disabled={locked}
          />
        </Col>
        <Col span={12}>
          <RateField
            field="serviceRateStr"
            problem={serviceRateProblem}
            extra="The fraction of the principal kept on early redemption: 0.01 is 1 %."
            disabled={locked}
          />
        </Col>
      </Row>
      <LimitsRow paidIn={paidIn} locked={locked} />
    </>
  );
}

function LimitsRow({ paidIn, locked }: { paidIn: string; locked: boolean }) {
  return (
    <Row gutter={12}>
      <Col span={8}>
        <AmountField field="minAmount" suffix={paidIn} disabled={locked} />
      </Col>
      <Col span={8}>
        <AmountField
          field="maxAmount"
          suffix={paidIn}
          extra="Empty: only the quota caps it."
          disabled={locked}
        />
      </Col>
      <Col span={8}>
        <AmountField field="quota" suffix={paidIn} extra="All purchases together." disabled={locked} />
      </Col>
    </Row>
  );
}

function CoinField({ coins, disabled }: { coins: CoinChoices; disabled: boolean }) {
  return (
    <Form.Item
      label={PRODUCT_FIELD_LABELS.vcId}
      name="vcId"
      extra="The coin the product is linked to, never the settlement coin."
      rules={[{ required: true, message: 'Required' }]}
    >
      <Select
        options={coins.options}
        loading={coins.loading}
        disabled={disabled}
        showSearch
        optionFilterProp="label"
        placeholder="Pick a coin"
        notFoundContent={coins.failed ? 'The coins could not be loaded' : undefined}
      />
    </Form.Item>
  );
}

/** Whether new buyers may buy, and where the product stands in the list. */
function SaleSection() {
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item
          label={PRODUCT_FIELD_LABELS.enabled}
          name="enabled"
          valuePropName="checked"
          extra="Closed: no new purchases; its orders run to their end."
        >
          <Switch checkedChildren="Open" unCheckedChildren="Closed" aria-label="Sale" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          label={PRODUCT_FIELD_LABELS.sort}
          name="sort"
          extra="Lower first."
          rules={[{ required: true, message: 'Required' }]}
        >
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </Row>
  );
}
