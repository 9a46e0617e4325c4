import { Tag } from 'antd';

/** Whether an account (a user's, an operator's) may sign in. */
export function ActiveTag({ active }: { active: boolean }) {
  return active ? <Tag color="green">Active</Tag> : <Tag color="red">Disabled</Tag>;
}
