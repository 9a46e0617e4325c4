import { Tag, Typography } from 'antd';
import type { ContractLevels } from '@vela/contract';
import { isNonZero } from '../../lib/amounts.ts';
import { Amount } from '../../components/funding.tsx';
import { riskText, riskTone, type RiskTone } from './risk-logic.ts';

/** Cells the risk view and the forced-close log share. */

const TONE_COLORS: Record<Exclude<RiskTone, 'normal'>, string> = { caution: 'gold', danger: 'red' };

/**
 * A risk degree under the current levels: plain up to the caution level, gold above it, red from
 * the forced-close level. `data-risk` names the tone for whoever reads the page without colour.
 */
export function RiskDegree({
  degree,
  levels,
}: {
  degree: string;
  levels: Pick<ContractLevels, 'cautionLevel' | 'forcedCloseLevel'>;
}) {
  const tone = riskTone(degree, levels);
  if (tone === 'normal') return <span data-risk="normal">{riskText(degree)}</span>;
  return (
    <Tag color={TONE_COLORS[tone]} data-risk={tone} style={{ marginInlineEnd: 0 }}>
      {riskText(degree)}
    </Tag>
  );
}

/** A profit or loss: green above zero, red below, so the sign is seen before it is read. */
export function ProfitAmount({ value, currency }: { value: string; currency: string }) {
  const negative = value.trim().startsWith('-');
  return (
    <Typography.Text type={!isNonZero(value) ? undefined : negative ? 'danger' : 'success'}>
      <Amount value={value} currency={currency} />
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
