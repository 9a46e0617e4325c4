import { useState } from 'react';
import { Input, Segmented, Space } from 'antd';
import {
  parseUserIdSearch,
  statusChoiceOf,
  withStatusChoice,
  type QueueFilter,
  type QueueStatusChoice,
} from './queue-request.ts';

const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
] as const;

/** A queue's filters: the status, and one user by id. */
export function QueueFilters({
  filter,
  onChange,
}: {
  filter: QueueFilter;
  onChange: (filter: QueueFilter) => void;
}) {
  const [input, setInput] = useState(filter.userId ? String(filter.userId) : '');
  const invalid = parseUserIdSearch(input) === 'invalid';
  const search = (value: string) => {
    const parsed = parseUserIdSearch(value);
    if (parsed !== 'invalid') onChange({ ...filter, userId: parsed.userId });
  };
  return (
    <Space wrap size="middle" align="center">
      <Segmented
        value={statusChoiceOf(filter)}
        options={[...STATUS_OPTIONS]}
        onChange={(value) => onChange(withStatusChoice(filter, value as QueueStatusChoice))}
        data-testid="queue-status"
      />
      <Input.Search
        placeholder="User id"
        allowClear
        value={input}
        status={invalid ? 'error' : ''}
        inputMode="numeric"
        onChange={(event) => setInput(event.target.value)}
        onSearch={search}
        style={{ width: 200 }}
        aria-label="User id"
      />
    </Space>
  );
}
