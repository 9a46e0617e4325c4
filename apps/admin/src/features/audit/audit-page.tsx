import { useState } from 'react';
import { Form, Space, Table } from 'antd';
import type { AuditLogEntry } from '@vela/contract';
import { LoadMore } from '../../components/load-more.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useAuditLog } from './audit-api.ts';
import { auditColumns } from './audit-columns.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { auditEmptyText, toAuditQuery, type AuditFilterValues, type AuditQuery } from './audit-query.ts';

/** The audit log, newest first, filtered by operator, action, target and days; read-only by design. */
export default function AuditPage() {
  const [form] = Form.useForm<AuditFilterValues>();
  const [filter, setFilter] = useState<AuditQuery>({});
  const { log, rows } = useAuditLog(filter);

  /** Clicking an operator or a target in the table narrows the log to it. */
  const narrow = (values: AuditFilterValues) => {
    form.setFieldsValue(values);
    setFilter(toAuditQuery(form.getFieldsValue()));
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <AuditFilters
        form={form}
        onApply={(values) => setFilter(toAuditQuery(values))}
        onReset={() => {
          form.resetFields();
          setFilter({});
        }}
      />
      {log.isError ? <QueryError error={log.error} onRetry={() => void log.refetch()} /> : null}
      <Table<AuditLogEntry>
        rowKey="id"
        size="middle"
        loading={log.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{ emptyText: auditEmptyText(filter) }}
        data-testid="audit-table"
        columns={auditColumns(narrow)}
      />
      <LoadMore
        query={log}
        rowCount={rows.length}
        moreText="Load older entries"
        endText="The beginning of the log."
      />
    </Space>
  );
}
