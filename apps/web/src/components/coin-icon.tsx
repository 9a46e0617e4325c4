import { useState } from 'react';
import { iconSymbol } from '../system/market-tickers.ts';
import './market-figures.css';

/** A colour picked from the symbol, so a coin without an icon still gets a stable badge. */
export function badgeHue(symbol: string): number {
  let hash = 0;
  for (const char of symbol) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/**
 * A coin's round icon from /coins/<SYMBOL>.svg; when the file is missing or fails to load, a
 * generic badge with the symbol's first letter takes its place.
 */
export function CoinIcon({ symbol, size = 'md' }: { symbol: string; size?: 'sm' | 'md' | 'lg' }) {
  const name = iconSymbol(symbol);
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === name || !name) {
    return (
      <span
        className={`coin-icon coin-icon--${size} coin-icon--fallback`}
        style={{ background: `hsl(${badgeHue(name)} 45% 42%)` }}
        aria-hidden
        data-testid="coin-icon-fallback"
      >
        {(name || '?').slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className={`coin-icon coin-icon--${size}`}
      src={`${import.meta.env.BASE_URL}coins/${name}.svg`}
      alt=""
      aria-hidden
      loading="lazy"
      decoding="async"
      onError={() => setFailed(name)}
    />
  );
}
