import type { ReactNode } from 'react';
import { TeamOutline } from 'antd-mobile-icons';
import './agent.css';

/** A percentage as one left-to-right figure ("1.5 %"), kept on one line inside any sentence. */
export function Percent({ value, testId }: { value: string; testId?: string }) {
  return (
    <bdi className="num agent-percent" data-testid={testId}>
      {value} %
    </bdi>
  );
}

/**
 * What someone who is not an agent sees on an agent's screen: why there is nothing for them here,
 * in place of a form or a code they could not use.
 */
export function AgentOnlyNotice({
  message,
  testId,
  children,
}: {
  message: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className="agent-notice" role="note" data-testid={testId}>
      <TeamOutline className="agent-notice__icon" aria-hidden />
      <p className="agent-notice__text">{message}</p>
      {children}
    </div>
  );
}
