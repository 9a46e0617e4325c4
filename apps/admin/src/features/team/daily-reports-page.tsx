import { useState, type ReactNode } from 'react';
import { Button, Card, Input, Select, Space, Table, Typography } from 'antd';
import { QueryError } from '../../components/query-error.tsx';
import { ReportTotals, reportColumns } from './report-columns.tsx';
import {
  OFFSET_CHOICES,
  browserOffsetMinutes,
  defaultRange,
  offsetText,
  rangeProblem,
  reportRows,
  reportTotals,
  totalMembers,
  wholeHourOffset,
  type ReportRow,
} from './report-days-logic.ts';
import { useReportDays } from './team-api.ts';

/**
 * The platform's figures per day and currency, newest first, with the range's totals below. Days
 * are counted in a UTC offset the operator chooses, the browser's by default; the page states the
 * offset the server counted them in, which is in whole hours.
 */
export default function DailyReportsPage() {
  const [offset, setOffset] = useState(() => wholeHourOffset(browserOffsetMinutes()));
  const [range, setRange] = useState(() => defaultRange(Date.now(), offset));
  const problem = rangeProblem(range.from, range.to);
  const report = useReportDays(problem ? null : { ...range, utcOffsetMinutes: offset });
  const days = report.data?.days ?? [];
  return (
    <Card>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap align="start">
          <DayInput
            id="report-first-day"
            label="First day"
            value={range.from}
            onChange={(from) => setRange({ ...range, from })}
          />
          <DayInput
            id="report-last-day"
            label="Last day"
            value={range.to}
            onChange={(to) => setRange({ ...range, to })}
          />
          <OffsetSelect value={offset} onChange={setOffset} />
          <Button
            onClick={() => void report.refetch()}
            loading={report.isRefetching}
            disabled={problem !== null}
          >
            Refresh
          </Button>
        </Space>
        {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
        <OffsetStatement counted={report.data?.utcOffsetMinutes ?? offset} />
        {report.isError ? <QueryError error={report.error} onRetry={() => void report.refetch()} /> : null}
        <Table<ReportRow>
          rowKey="key"
          size="small"
          loading={report.isFetching && !report.data}
          dataSource={reportRows(days)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          style={{ maxWidth: 1280 }}
          className="console-numbers"
          locale={{
            emptyText: 'Nothing happened on these days: no trade, no money moved and no new member.',
          }}
          columns={reportColumns()}
          summary={() =>
            days.length > 0 ? <ReportTotals totals={reportTotals(days)} members={totalMembers(days)} /> : null
          }
          data-testid="report-days-table"
        />
      </Space>
    </Card>
  );
}

/** A control with its label above it, joined by the control's id. */
function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Space direction="vertical" size={2}>
      <label htmlFor={id}>
        <Typography.Text type="secondary">{label}</Typography.Text>
      </label>
      {children}
    </Space>
  );
}

function DayInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  return (
    <Labelled id={id} label={label}>
      <Input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        style={{ width: 170 }}
      />
    </Labelled>
  );
}

function OffsetSelect({ value, onChange }: { value: number; onChange: (offset: number) => void }) {
  return (
    <Labelled id="report-offset-choice" label="UTC offset">
      <Select
        id="report-offset-choice"
        // Twenty-seven short options need no virtual list; without one, each is always in the page.
        virtual={false}
        value={value}
        onChange={onChange}
        options={OFFSET_CHOICES.map((minutes) => ({ value: minutes, label: offsetText(minutes) }))}
        style={{ width: 140 }}
      />
    </Labelled>
  );
}

/** The offset the days run in, and the browser's own when it is not a whole hour. */
function OffsetStatement({ counted }: { counted: number }) {
  const browser = browserOffsetMinutes();
  return (
    <Typography.Text type="secondary" data-testid="report-offset">
      Each day runs from 00:00 to 24:00 at {offsetText(counted)}.
      {browser % 60 !== 0
        ? ` This browser is at ${offsetText(browser)}; days are counted in whole hours of an offset.`
        : ''}
    </Typography.Text>
  );
}
