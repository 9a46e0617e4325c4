import { Form, Input, Select } from 'antd';
import type { EditValues } from './method-values.ts';
import { useBanks, useChains } from './payment-methods-api.ts';

/** The editable fields of each kind of method, named as the server's update takes them. */
const required = { required: true, whitespace: true, message: 'Required' };

export function BankCardFields() {
  const banks = useBanks();
  const form = Form.useFormInstance<EditValues>();
  const bankId = Form.useWatch('bankId', form);
  // Japanese banks hold the holder's name in katakana, Peruvian ones a CCI (decision 014).
  const country = banks.data?.find((bank) => bank.id === bankId)?.country;
  return (
    <>
      <Form.Item label="Bank" name="bankId" rules={[{ required: true, message: 'Choose a bank' }]}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={banks.isPending}
          options={(banks.data ?? []).map((bank) => ({
            value: bank.id,
            label: `${bank.name} (${bank.country})`,
          }))}
        />
      </Form.Item>
      <Form.Item label="Card number" name="cardNumber" rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Holder name" name="name" rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="ID card number" name="idCardNumber" rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Branch address" name="branchAddress">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Branch code" name="branchCode">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="CCI (Peruvian banks)" name="cci" hidden={country !== 'PE'}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Name in katakana (Japanese banks)" name="katakana" hidden={country !== 'JP'}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="ZSK id" name="zskId">
        <Input autoComplete="off" />
      </Form.Item>
    </>
  );
}

export function WalletAddressFields({ coinId }: { coinId: number }) {
  const chains = useChains();
  // An address moves between the networks of its coin only.
  const options = (chains.data ?? [])
    .filter((chain) => chain.vcId === coinId)
    .map((chain) => ({ value: chain.id, label: `${chain.symbol} ${chain.chainName}` }));
  return (
    <>
      <Form.Item
        label="Network"
        name="vcChainNameId"
        rules={[{ required: true, message: 'Choose a network' }]}
      >
        <Select loading={chains.isPending} options={options} />
      </Form.Item>
      <Form.Item label="Address" name="vcAccount" rules={[required]}>
        <Input autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item label="Remark" name="remark">
        <Input autoComplete="off" />
      </Form.Item>
    </>
  );
}

export function ZskAccountFields() {
  return (
    <>
      <Form.Item label="Name" name="name" rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="ZSK id" name="zskId" rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
    </>
  );
}
