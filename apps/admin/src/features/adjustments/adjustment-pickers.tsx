import { useState } from 'react';
import { Form, Select } from 'antd';
import { errorText } from '../../lib/api.ts';
import type { useWalletCoins } from './adjustments-api.ts';
import { useUserSearch } from './adjustments-api.ts';
import { coinLabel, userPickerHint, type PickedUser } from './adjustment-rules.ts';

/** The user to adjust, found by the start of their username or by id. */
export function UserField({ onPick }: { onPick: (user: PickedUser | null) => void }) {
  const [search, setSearch] = useState('');
  const users = useUserSearch(search);
  const options = (users.data?.list ?? []).map((user) => ({
    value: user.id,
    label: `${user.username} (#${user.id})`,
    username: user.username,
  }));
  return (
    <Form.Item label="User" name="userId" rules={[{ required: true, message: 'Choose the user' }]}>
      <Select
        showSearch
        placeholder="Search by username or user id"
        filterOption={false}
        onSearch={(value) => setSearch(value.trim())}
        onChange={(_, option) => {
          const chosen = Array.isArray(option) ? option[0] : option;
          onPick(chosen ? { id: chosen.value, username: chosen.username } : null);
        }}
        options={options}
        loading={users.isFetching}
        notFoundContent={userPickerHint(search, users.isFetching)}
        aria-label="User"
      />
    </Form.Item>
  );
}

/** The currency of the balance to adjust; a list that failed to load says so on the field. */
export function CoinField({ coins }: { coins: ReturnType<typeof useWalletCoins> }) {
  return (
    <Form.Item
      label="Currency"
      name="coinId"
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
        options={(coins.data ?? []).map((coin) => ({ value: coin.coinId, label: coinLabel(coin) }))}
        aria-label="Currency"
      />
    </Form.Item>
  );
}
