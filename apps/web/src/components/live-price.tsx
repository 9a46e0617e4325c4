import { useState } from 'react';
import { changePercentText, formatNumber } from '@vela/domain';
import { flashDirection } from '../system/market-tickers-logic.ts';
import './market-figures.css';

/** How long a changed price stays highlighted. */
export const FLASH_MS = 600;

/**
 * A live price with tabular figures. When it changes, it flashes the colour of the move (the
 * ticker's `l`: 1 up, 2 down) for 600 ms. The element is re-keyed by the price, so each change
 * restarts the CSS animation and no timer is needed.
 */
export function LivePrice({
  price,
  direction,
  precision,
  className = '',
  testId,
}: {
  price: string;
  direction: number;
  precision: number;
  className?: string;
  testId?: string;
}) {
  const [state, setState] = useState<{ shown: string; flash: 'up' | 'down' | null }>({
    shown: price,
    flash: null,
  });
  if (state.shown !== price) {
    // Derived state: remember the move when the price changes (React re-renders at once).
    setState({ shown: price, flash: flashDirection(state.shown, price, direction) });
  }
  return (
    <span
      key={state.flash ? price : 'still'}
      className={`num live-price${state.flash ? ` live-price--flash-${state.flash}` : ''} ${className}`}
      data-testid={testId}
      data-flash={state.flash ?? undefined}
    >
      {formatNumber(price, precision)}
    </span>
  );
}

/** The 24 h change in percent with its sign ("+1.25%", "0%"), coloured, or as a filled pill. */
export function ChangeValue({
  percent,
  pill = false,
  className = '',
  testId,
}: {
  percent: number;
  pill?: boolean;
  className?: string;
  testId?: string;
}) {
  const tone = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  const base = pill ? `change-pill change-pill--${tone}` : `change-text--${tone}`;
  return (
    <span className={`num ${base} ${className}`} data-testid={testId}>
      {changePercentText(percent)}
    </span>
  );
}
