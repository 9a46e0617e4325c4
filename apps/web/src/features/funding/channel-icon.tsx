import type { CSSProperties } from 'react';
import { BankcardOutline, PayCircleOutline } from 'antd-mobile-icons';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { networkBadge } from './funding-logic.ts';

/**
 * A channel's own icon, so that two channels of one coin are told apart at a glance: a crypto
 * channel is its coin with its network's badge in the corner (USDT on TRC20 and on ERC20 differ), a
 * bank transfer a card, a fast payment a payment mark.
 */
export function ChannelIcon({
  method,
  symbol,
  chainName,
}: {
  method: 'chain' | 'bank' | 'zsk';
  symbol: string;
  chainName: string | null;
}) {
  if (method === 'bank' || method === 'zsk') {
    return (
      <span className={`channel-icon channel-icon--${method}`} aria-hidden data-testid="channel-icon">
        {method === 'bank' ? <BankcardOutline /> : <PayCircleOutline />}
      </span>
    );
  }
  const badge = chainName ? networkBadge(chainName) : null;
  return (
    <span className="channel-icon channel-icon--chain" aria-hidden data-testid="channel-icon">
      <CoinIcon symbol={symbol} size="sm" />
      {badge ? (
        <span
          className="channel-icon__network"
          style={{ '--network-colour': badge.colour } as CSSProperties}
          data-network={chainName}
        >
          {badge.label}
        </span>
      ) : null}
    </span>
  );
}
