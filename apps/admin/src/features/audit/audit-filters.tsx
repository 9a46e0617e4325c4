import { Button, DatePicker, Form, Input, Select, Space, type FormInstance } from 'antd';
import { AUDIT_ACTION_LABELS, optionsOf, TARGET_TYPE_LABELS } from '../../lib/labels.ts';
import type { AuditFilterValues } from './audit-query.ts';

/** The filters above the log: operator, action, target and days. */
export function AuditFilters({
  form,
  onApply,
  onReset,
}: {
  form: FormInstance<AuditFilterValues>;
  onApply: (values: AuditFilterValues) => void;
  onReset: () => void;
}) {
  return (
    <Form<AuditFilterValues>
      form={form}
      layout="inline"
      onFinish={onApply}
      style={{ rowGap: 12 }}
      data-testid="audit-filters"
    >
      <Form.Item
        name="operator"
        rules={[{ pattern: /^\s*[A-Za-z][A-Za-z0-9]{1,9}\s*$/, message: 'A username' }]}
      >
        <Input placeholder="Operator username" allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="action">
        <Select
          placeholder="Action"
          aria-label="Action"
          allowClear
          options={optionsOf(AUDIT_ACTION_LABELS)}
          style={{ width: 240 }}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="targetType">
        <Select
          placeholder="Target"
          aria-label="Target"
          allowClear
          options={optionsOf(TARGET_TYPE_LABELS)}
          style={{ width: 140 }}
        />
      </Form.Item>
      <Form.Item name="targetId" rules={[{ pattern: /^\s*[A-Za-z0-9_-]{1,64}\s*$/, message: 'An id' }]}>
        <Input placeholder="Target id" allowClear style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="range">
        <DatePicker.RangePicker allowEmpty={[false, false]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            Apply
          </Button>
          <Button onClick={onReset}>Reset</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
