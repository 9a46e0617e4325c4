import { useState } from 'react';
import { Input, Space, Typography } from 'antd';
import { SpotOrders } from './spot-orders.tsx';

const USER_ID = /^[1-9]\d*$/;

/** Whether a typed text is a user id the server can take: a whole number from 1. */
function isUserId(text: string): boolean {
  return USER_ID.test(text) && Number(text) <= Number.MAX_SAFE_INTEGER;
}

/** A user's spot orders by their id, for support answering about an order without opening the user. */
export function UserOrdersLookup() {
  const [input, setInput] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const invalid = input.trim() !== '' && !isUserId(input.trim());
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Input.Search
        placeholder="User id"
        inputMode="numeric"
        allowClear
        enterButton="Show orders"
        value={input}
        status={invalid ? 'error' : ''}
        onChange={(event) => setInput(event.target.value)}
        onSearch={(value) => {
          const text = value.trim();
          if (text === '') setUserId(null);
          else if (isUserId(text)) setUserId(Number(text));
        }}
        style={{ maxWidth: 360 }}
        aria-label="User id"
        data-testid="spot-orders-user"
      />
      {invalid ? <Typography.Text type="danger">A user id is a whole number.</Typography.Text> : null}
      {userId !== null ? (
        <>
          <Typography.Text type="secondary">
            The orders of user #{userId}; the user&apos;s detail on the Users page shows them as well.
          </Typography.Text>
          <SpotOrders key={userId} userId={userId} />
        </>
      ) : null}
    </Space>
  );
}
