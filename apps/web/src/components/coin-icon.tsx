import type { CSSProperties } from 'react';
import { iconSymbol } from '../system/market-tickers-logic.ts';
import { COIN_BADGES, coinBadge } from './coin-badges-logic.ts';
import './market-figures.css';

/**
 * A coin's round icon, drawn with CSS from `coin-badges.ts`; a coin without a drawing gets a plain
 * badge in a colour of its own with its first letter.
 */
export function CoinIcon({ symbol, size = 'md' }: { symbol: string; size?: 'sm' | 'md' | 'lg' }) {
  const name = iconSymbol(symbol);
  const badge = coinBadge(name);
  const style = {
    '--coin-from': badge.from,
    '--coin-to': badge.to,
    '--coin-label': badge.labelSize / 64,
  } as CSSProperties;
  return (
    <span
      className={`coin-icon coin-icon--${size}`}
      style={style}
      aria-hidden
      data-testid={COIN_BADGES[name] ? undefined : 'coin-icon-fallback'}
    >
      {badge.label}
    </span>
  );
}
