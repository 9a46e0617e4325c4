import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Result, Select, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditLogEntry } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { ApiError, call, errorText, newIdempotencyKey } from '../api.ts';
import { Amount, amountText } from '../components/funding.tsx';
import { QueryError } from '../components/query-error.tsx';
import { formatTime, timeTitle } from '../format.ts';
import { navigate } from '../navigation.ts';

const SIGNED_AMOUNT = /^-?\d+(\.\d+)?$/;
const USER_QUERY = /^[A-Za-z0-9]+$/;
const RECENT = 10;

interface AdjustmentValues {
  userId: number;
  vcId: number;
  amount: string;
  reason: string;
}

interface PickedUser {
  id: number;
  username: string;
}

interface WalletCoin {
  vcId: number;
  symbol: string;
  name: string | null;
}

/**
 * The currencies a balance can be held in. No console endpoint lists wallet currencies, so they
 * come from two public lists: the wallet chains name every coin users hold at an address
 * (including USDT, the settlement coin, which the currency list leaves out), and the currency list
 * adds the crypto coins, the ones with wallets, that have no chain yet. The server refuses a coin
 * without a wallet with its own message on the field.
 */
async function walletCoins(): Promise<WalletCoin[]> {
  const [chains, coins] = await Promise.all([
    call(routes.payment.chainList, {}),
    call(routes.market.vcList, {}),
  ]);
  const byId = new Map<number, WalletCoin>();
  for (const chain of chains) {
    if (!byId.has(chain.vcId)) byId.set(chain.vcId, { vcId: chain.vcId, symbol: chain.symbol, name: null });
  }
  for (const coin of coins) {
    if (coin.enabled && coin.type === 1)
      byId.set(coin.id, { vcId: coin.id, symbol: coin.symbol, name: coin.name });
  }
  return [...byId.values()];
}

/**
 * Administrators: a reasoned correction of a user's spot balance, posted as a ledger entry against
 * the house account and recorded in the audit log. The request is idempotent: one key per opened
 * form, kept through retries and double clicks, so the same adjustment is never posted twice; a new
 * key comes only with the next form.
 */
export default function AdjustmentsPage() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AdjustmentValues>();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<PickedUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [posted, setPosted] = useState<{
    adjustmentId: number;
    balanceAfter: string;
    user: PickedUser;
    symbol: string;
  } | null>(null);
  // A double click on Review opens one confirmation, not two.
  const confirming = useRef(false);

  const coins = useQuery({ queryKey: ['wallet-coins'], queryFn: walletCoins, staleTime: 300_000 });
  const users = useQuery({
    queryKey: ['user-pick', search],
    queryFn: () => call(routes.admin.adminUserSearch, { query: search, limit: 10 }),
    enabled: USER_QUERY.test(search),
  });
  const recent = useQuery({
    queryKey: ['audit', 'balance.adjust'],
    queryFn: () => call(routes.admin.auditPage, { action: 'balance.adjust', limit: RECENT }),
    staleTime: 0,
  });

  const post = async (values: AdjustmentValues, user: PickedUser, symbol: string) => {
    try {
      const result = await call(
        routes.funding.adminBalanceAdjust,
        { userId: values.userId, vcId: values.vcId, amount: values.amount, reason: values.reason },
        { idempotencyKey },
      );
      setPosted({ ...result, user, symbol });
    } catch (failure) {
      if (failure instanceof ApiError && failure.field && failure.field in values) {
        form.setFields([{ name: failure.field as keyof AdjustmentValues, errors: [failure.message] }]);
      } else {
        setError(errorText(failure));
      }
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    }
  };

  const review = async () => {
    if (confirming.current) return;
    confirming.current = true;
    let values: AdjustmentValues;
    try {
      values = await form.validateFields();
    } catch {
      // The form shows what is wrong under each field.
      confirming.current = false;
      return;
    }
    setError(null);
    const coin = coins.data?.find((c) => c.vcId === values.vcId);
    const user = picked && picked.id === values.userId ? picked : { id: values.userId, username: '' };
    const symbol = coin?.symbol ?? '';
    const amount = values.amount.trim();
    const debit = amount.startsWith('-');
    const magnitude = debit ? amount.slice(1) : amount;
    const who = `${user.username} (#${user.id})`;
    const body = { ...values, amount, reason: values.reason.trim() };
    modal.confirm({
      title: debit
        ? `Debit ${amountText(magnitude)} ${symbol} from ${who}?`
        : `Credit ${amountText(magnitude)} ${symbol} to ${who}?`,
      content: (
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          The {debit ? 'debit' : 'credit'} is posted to the user's spot account against the house account,
          shows in their bills as a balance adjustment, and is kept in the audit log with the reason “
          {body.reason}”.
        </Typography.Paragraph>
      ),
      okText: debit ? 'Debit' : 'Credit',
      okButtonProps: { danger: debit },
      cancelText: 'Back',
      onOk: () => post(body, user, symbol),
      afterClose: () => {
        confirming.current = false;
      },
    });
  };

  /** The next adjustment is a new request: a new form and a new key. */
  const startOver = () => {
    form.resetFields();
    setPicked(null);
    setSearch('');
    setError(null);
    setPosted(null);
    setIdempotencyKey(newIdempotencyKey());
  };

  const userOptions = (users.data?.list ?? []).map((user) => ({
    value: user.id,
    label: `${user.username} (#${user.id})`,
    username: user.username,
  }));

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="New adjustment" style={{ maxWidth: 640 }}>
        {posted ? (
          <Result
            status="success"
            title={`Adjustment #${posted.adjustmentId} posted`}
            subTitle={
              <span data-testid="adjustment-result">
                The {posted.symbol} spot balance of {posted.user.username || `user #${posted.user.id}`} is now{' '}
                <Amount value={posted.balanceAfter} currency={posted.symbol} />.
              </span>
            }
            extra={[
              <Button key="again" type="primary" onClick={startOver}>
                New adjustment
              </Button>,
              <Button key="audit" onClick={() => navigate('/audit')}>
                Open the audit log
              </Button>,
            ]}
          />
        ) : (
          <Form<AdjustmentValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={() => void review()}
            data-testid="adjustment-form"
          >
            <Typography.Paragraph type="secondary">
              For corrections only: deposits and withdrawals have their own queues. A positive amount credits
              the user&apos;s spot account, a negative one debits it; it cannot go below zero.
            </Typography.Paragraph>
            {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
            <Form.Item label="User" name="userId" rules={[{ required: true, message: 'Choose the user' }]}>
              <Select
                showSearch
                placeholder="Search by username or user id"
                filterOption={false}
                onSearch={(value) => setSearch(value.trim())}
                onChange={(_, option) => {
                  const chosen = Array.isArray(option) ? option[0] : option;
                  setPicked(chosen ? { id: chosen.value, username: chosen.username } : null);
                }}
                options={userOptions}
                loading={users.isFetching}
                notFoundContent={
                  search === ''
                    ? 'Type the start of a username or an id'
                    : !USER_QUERY.test(search)
                      ? 'Letters and digits only'
                      : users.isFetching
                        ? 'Searching…'
                        : 'No user matches'
                }
                aria-label="User"
              />
            </Form.Item>
            <Form.Item
              label="Currency"
              name="vcId"
              rules={[{ required: true, message: 'Choose the currency' }]}
              {...(coins.isError
                ? {
                    validateStatus: 'error' as const,
                    help: `The currencies could not be loaded: ${errorText(coins.error)}`,
                  }
                : {})}
            >
              <Select
                placeholder="Currency"
                loading={coins.isPending}
                showSearch
                optionFilterProp="label"
                options={(coins.data ?? []).map((coin) => ({
                  value: coin.vcId,
                  label:
                    coin.name && coin.name !== coin.symbol ? `${coin.symbol} · ${coin.name}` : coin.symbol,
                }))}
                aria-label="Currency"
              />
            </Form.Item>
            <Form.Item
              label="Amount"
              name="amount"
              extra="Signed: 25.5 credits, -25.5 debits."
              rules={[
                { required: true, whitespace: true, message: 'Enter the amount' },
                {
                  validator: (_, value: string | undefined) => {
                    const text = value?.trim() ?? '';
                    if (text === '') return Promise.resolve();
                    if (!SIGNED_AMOUNT.test(text)) {
                      return Promise.reject(new Error('A number such as 25.5 or -25.5'));
                    }
                    if (!/[1-9]/.test(text)) return Promise.reject(new Error('Zero changes nothing'));
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <Input inputMode="decimal" autoComplete="off" />
            </Form.Item>
            <Form.Item
              label="Reason"
              name="reason"
              extra="Kept in the audit log and shown to the user in their bills."
              rules={[
                { required: true, whitespace: true, message: 'Give a reason; it is kept in the audit log' },
                {
                  validator: (_, value: string | undefined) =>
                    (value?.trim().length ?? 0) === 0 || (value?.trim().length ?? 0) >= 5
                      ? Promise.resolve()
                      : Promise.reject(new Error('At least 5 characters')),
                },
                { max: 500, message: 'At most 500 characters' },
              ]}
            >
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
            <Button type="primary" htmlType="submit" data-testid="adjustment-review">
              Review adjustment
            </Button>
          </Form>
        )}
      </Card>

      <Card
        title="Recent adjustments"
        extra={<Typography.Link onClick={() => navigate('/audit')}>All in the audit log</Typography.Link>}
      >
        {recent.isError ? <QueryError error={recent.error} onRetry={() => void recent.refetch()} /> : null}
        <Table<AuditLogEntry>
          rowKey="id"
          size="small"
          loading={recent.isPending}
          dataSource={recent.data?.list ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          className="console-numbers"
          locale={{ emptyText: 'No adjustments yet.' }}
          data-testid="recent-adjustments"
          columns={[
            { title: timeTitle('Time'), dataIndex: 'createdAt', render: formatTime },
            {
              title: 'Operator',
              dataIndex: 'operatorUsername',
              render: (name: string | null) => name ?? '—',
            },
            { title: 'User', dataIndex: 'targetId', render: (id: string | null) => (id ? `#${id}` : '—') },
            {
              title: 'Amount',
              key: 'amount',
              align: 'right',
              render: (_, entry) =>
                entry.detail.amount ? (
                  <Amount value={entry.detail.amount} currency={entry.detail.symbol ?? ''} />
                ) : (
                  '—'
                ),
            },
            { title: 'Reason', dataIndex: 'reason', render: (reason: string | null) => reason ?? '—' },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          The latest {RECENT}. The audit log keeps every one: filter it by the action “Balance adjusted”.
        </Typography.Paragraph>
      </Card>
    </Space>
  );
}
