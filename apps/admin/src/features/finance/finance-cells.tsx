import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** Cells the finance tables share. */

/** A line under a cell's figure, a shade lighter. */
export function Note({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      {children}
    </Typography.Text>
  );
}

/** A user as the console names one: the username, which opens their detail, and the id. */
export function UserLink({
  userId,
  username,
  onOpen,
}: {
  userId: number;
  username: string;
  onOpen: (userId: number) => void;
}) {
  return (
    <Typography.Link onClick={() => onOpen(userId)} style={{ whiteSpace: 'nowrap' }}>
      {username} <Typography.Text type="secondary">#{userId}</Typography.Text>
    </Typography.Link>
  );
}
