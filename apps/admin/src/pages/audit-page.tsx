import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction, AuditLogEntry, AuditTargetType, RouteBodyOf } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../api.ts';
import { QueryError } from '../components/query-error.tsx';
import { formatTime, timeTitle } from '../format.ts';
import { AUDIT_ACTION_LABELS, optionsOf, TARGET_TYPE_LABELS } from '../labels.ts';

const PAGE_SIZE = 50;

type AuditQuery = Omit<RouteBodyOf<typeof routes.admin.auditPage>, 'before' | 'limit'>;

/** The part of a date picker's value the filter uses (a dayjs object, without importing dayjs). */
interface Day {
  startOf(unit: 'day'): Day;
  add(value: number, unit: 'day'): Day;
  valueOf(): number;
}

interface FilterValues {
  operator?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  range?: [Day, Day];
}

function toQuery(values: FilterValues): AuditQuery {
  const query: AuditQuery = {};
  if (values.operator?.trim()) query.operator = values.operator.trim();
  if (values.action) query.action = values.action;
  if (values.targetType) query.targetType = values.targetType;
  if (values.targetId?.trim()) query.targetId = values.targetId.trim();
  if (values.range) {
    // Whole local days: from the start of the first to the start of the day after the last.
    query.from = values.range[0].startOf('day').valueOf();
    query.to = values.range[1].startOf('day').add(1, 'day').valueOf();
  }
  return query;
}

/** The audit log, newest first, filtered by operator, action, target and days; read-only by design. */
export default function AuditPage() {
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<AuditQuery>({});

  const log = useInfiniteQuery({
    queryKey: ['audit', filter],
    queryFn: ({ pageParam }) =>
      call(routes.admin.auditPage, {
        ...filter,
        limit: PAGE_SIZE,
        ...(pageParam !== null ? { before: pageParam } : {}),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 0,
  });
  const rows = log.data?.pages.flatMap((page) => page.list) ?? [];

  /** Clicking an operator or a target in the table narrows the log to it. */
  const narrow = (values: FilterValues) => {
    form.setFieldsValue(values);
    setFilter(toQuery(form.getFieldsValue()));
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Form<FilterValues>
        form={form}
        layout="inline"
        onFinish={(values) => setFilter(toQuery(values))}
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
            <Button
              onClick={() => {
                form.resetFields();
                setFilter({});
              }}
            >
              Reset
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {log.isError ? <QueryError error={log.error} onRetry={() => void log.refetch()} /> : null}
      <Table<AuditLogEntry>
        rowKey="id"
        size="middle"
        loading={log.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        locale={{
          emptyText:
            Object.keys(filter).length > 0
              ? 'Nothing recorded matches these filters.'
              : 'Nothing recorded yet.',
        }}
        data-testid="audit-table"
        columns={[
          { title: timeTitle('Time'), dataIndex: 'createdAt', render: formatTime },
          {
            title: 'Operator',
            dataIndex: 'operatorUsername',
            render: (name: string | null) =>
              name ? (
                <Typography.Link onClick={() => narrow({ operator: name })}>{name}</Typography.Link>
              ) : (
                <Typography.Text type="secondary">nobody signed in</Typography.Text>
              ),
          },
          {
            title: 'Action',
            dataIndex: 'action',
            render: (action: string) => (
              <Tag color={action.endsWith('_failed') ? 'red' : undefined}>
                {AUDIT_ACTION_LABELS[action as AuditAction] ?? action}
              </Tag>
            ),
          },
          {
            title: 'Target',
            key: 'target',
            render: (_, entry) =>
              entry.targetType ? (
                <Typography.Link
                  onClick={() =>
                    narrow({
                      targetType: entry.targetType as AuditTargetType,
                      targetId: entry.targetId ?? undefined,
                    })
                  }
                >
                  {TARGET_TYPE_LABELS[entry.targetType as AuditTargetType] ?? entry.targetType} #
                  {entry.targetId}
                </Typography.Link>
              ) : (
                '—'
              ),
          },
          { title: 'Reason', dataIndex: 'reason', render: (reason: string | null) => reason ?? '—' },
          {
            title: 'Detail',
            dataIndex: 'detail',
            render: (detail: Record<string, string>) =>
              Object.keys(detail).length === 0 ? (
                '—'
              ) : (
                <ul className="console-detail-list">
                  {Object.entries(detail).map(([key, value]) => (
                    <li key={key}>
                      <Typography.Text type="secondary">{key}</Typography.Text> {value}
                    </li>
                  ))}
                </ul>
              ),
          },
          { title: 'Address', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
        ]}
      />
      {log.hasNextPage ? (
        <Button onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
          Load older entries
        </Button>
      ) : rows.length > 0 ? (
        <Typography.Text type="secondary">The beginning of the log.</Typography.Text>
      ) : null}
    </Space>
  );
}
