import type { ReactNode } from 'react';
import { Space, Table, Typography, type TableColumnsType } from 'antd';
import type { ReportFigures } from '@vela/contract';
import { formatNumber } from '@vela/domain';
import { amountText } from '../../lib/amounts.ts';
import type { ReportRow } from './report-days-logic.ts';

/** A line under a cell's figure, a shade lighter. */
function Note({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      {children}
    </Typography.Text>
  );
}

function Figure({ value }: { value: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{amountText(value)}</span>;
}

/** "1,234 orders", "1 order". */
function counted(count: number, one: string, many: string): string {
  return `${formatNumber(count, 0)} ${count === 1 ? one : many}`;
}

/**
 * The figures of one currency, grouped so that the table stays within a laptop's width: an amount
 * with its fee and count below it in one cell, rather than a column each. The currency has its own
 * column, so the amounts are written without it.
 */
const FIGURE_COLUMNS: readonly {
  key: string;
  title: string;
  render: (figures: ReportFigures) => ReactNode;
}[] = [
  {
    key: 'orders',
    title: 'Orders',
    render: (f) => (
      <Stack main={<Figure value={f.orderAmount} />} notes={[counted(f.orderCount, 'order', 'orders')]} />
    ),
  },
  { key: 'profit', title: 'Profit', render: (f) => <Figure value={f.profit} /> },
  { key: 'fee', title: 'Fees', render: (f) => <Figure value={f.fee} /> },
  { key: 'bonus', title: 'Bonus', render: (f) => <Figure value={f.bonus} /> },
  { key: 'rebate', title: 'Rebates', render: (f) => <Figure value={f.rebate} /> },
  {
    key: 'recharge',
    title: 'Recharges',
    render: (f) => (
      <Stack
        main={<Figure value={f.recharge} />}
        notes={[`fee ${amountText(f.rechargeFee)}`, counted(f.rechargeCount, 'recharge', 'recharges')]}
      />
    ),
  },
  {
    key: 'withdraw',
    title: 'Withdrawals',
    render: (f) => (
      <Stack
        main={<Figure value={f.withdraw} />}
        notes={[`fee ${amountText(f.withdrawFee)}`, counted(f.withdrawCount, 'withdrawal', 'withdrawals')]}
      />
    ),
  },
  {
    key: 'exchange',
    title: 'Exchange',
    render: (f) => (
      <Stack main={<Figure value={f.exchange} />} notes={[`fee ${amountText(f.exchangeFee)}`]} />
    ),
  },
  {
    key: 'firstRecharge',
    title: 'First recharges',
    render: (f) => (
      <Stack
        main={<Figure value={f.firstRecharge} />}
        notes={[counted(f.firstRechargeCount, 'user', 'users')]}
      />
    ),
  },
];

function Stack({ main, notes }: { main: ReactNode; notes: readonly string[] }) {
  return (
    <Space direction="vertical" size={0}>
      {main}
      {notes.map((note) => (
        <Note key={note}>{note}</Note>
      ))}
    </Space>
  );
}

/** A cell of a figure column, or a dash where a day moved no money. */
function figureCell(figures: ReportFigures | null, render: (figures: ReportFigures) => ReactNode): ReactNode {
  return figures ? render(figures) : <Typography.Text type="secondary">—</Typography.Text>;
}

/**
 * The day spans the day's currencies, with its new members below it: they belong to the day, not
 * to a currency, and a column of their own would push the table past a laptop's width.
 */
export function reportColumns(): TableColumnsType<ReportRow> {
  return [
    {
      title: 'Day',
      key: 'day',
      onCell: (row) => ({ rowSpan: row.span }),
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {row.day}
          </Typography.Text>
          <Note>{counted(row.members, 'new member', 'new members')}</Note>
        </Space>
      ),
    },
    { title: 'Currency', key: 'symbol', render: (_, row) => row.figures?.symbol ?? '—' },
    ...FIGURE_COLUMNS.map((column) => ({
      title: column.title,
      key: column.key,
      align: 'right' as const,
      render: (_: unknown, row: ReportRow) => figureCell(row.figures, column.render),
    })),
  ];
}

/** The totals below the days: one line per currency, and the range's new members under "Total". */
export function ReportTotals({ totals, members }: { totals: readonly ReportFigures[]; members: number }) {
  const lines: (ReportFigures | null)[] = totals.length > 0 ? [...totals] : [null];
  return (
    <Table.Summary>
      {lines.map((figures, index) => (
        <Table.Summary.Row
          key={figures?.symbol ?? 'none'}
          data-testid={`report-total-${figures?.symbol ?? 'none'}`}
        >
          {index === 0 ? (
            <Table.Summary.Cell index={0} rowSpan={lines.length}>
              <Space direction="vertical" size={0}>
                <Typography.Text strong>Total</Typography.Text>
                <Note>
                  <span data-testid="report-total-members">
                    {counted(members, 'new member', 'new members')}
                  </span>
                </Note>
              </Space>
            </Table.Summary.Cell>
          ) : null}
          <Table.Summary.Cell index={1}>{figures?.symbol ?? '—'}</Table.Summary.Cell>
          {FIGURE_COLUMNS.map((column, columnIndex) => (
            <Table.Summary.Cell key={column.key} index={columnIndex + 2} align="right">
              <Typography.Text strong>{figureCell(figures, column.render)}</Typography.Text>
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      ))}
    </Table.Summary>
  );
}
