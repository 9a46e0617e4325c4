/**
 * The drawing of each seeded coin's round icon: a diagonal gradient from `from` to `to` with a white
 * label, `labelSize` being the label's size in 64ths of the icon (decision 029).
 *
 * The same icons exist as files in `public/coins/<symbol>.svg`, which the coin's `icon` field points
 * at for other clients. The app draws them with CSS instead: an SVG file shown in an `<img>` is a
 * document of its own, which the browser parses, styles, lays out and paints on the main thread, and
 * the home screen alone shows a dozen. A test keeps this table and the files the same.
 */
export interface CoinBadge {
  from: string;
  to: string;
  label: string;
  labelSize: number;
}

export const COIN_BADGES: Readonly<Record<string, CoinBadge>> = {
  ADA: { from: '#0033ad', to: '#2a5bd7', label: 'A', labelSize: 30 },
  AUDUSD: { from: '#00843d', to: '#2fae63', label: 'A$', labelSize: 22 },
  BNB: { from: '#f3ba2f', to: '#c9961c', label: 'B', labelSize: 30 },
  BTC: { from: '#f7931a', to: '#c97412', label: 'B', labelSize: 30 },
  DOGE: { from: '#c2a633', to: '#9c8422', label: 'D', labelSize: 30 },
  ETH: { from: '#627eea', to: '#4a63c4', label: 'E', labelSize: 30 },
  EURUSD: { from: '#1f4fa3', to: '#3b73d1', label: '€', labelSize: 30 },
  GBPUSD: { from: '#7b2d8e', to: '#a34fb8', label: '£', labelSize: 30 },
  LTC: { from: '#345d9d', to: '#6b8cc7', label: 'L', labelSize: 30 },
  NAS100: { from: '#1f7a4c', to: '#30a56a', label: 'NDX', labelSize: 18 },
  SOL: { from: '#9945ff', to: '#14b88a', label: 'S', labelSize: 30 },
  SPX500: { from: '#0e6e8c', to: '#1c9bc2', label: 'SPX', labelSize: 18 },
  USDJPY: { from: '#bc002d', to: '#e0405f', label: '¥', labelSize: 30 },
  USDT: { from: '#26a17b', to: '#1a7a5c', label: 'T', labelSize: 30 },
  XAG: { from: '#9aa4b1', to: '#6b7583', label: 'Ag', labelSize: 24 },
  XAU: { from: '#d4a017', to: '#9d7410', label: 'Au', labelSize: 24 },
  XRP: { from: '#23292f', to: '#4b5563', label: 'X', labelSize: 30 },
};

/** A colour picked from the symbol, so a coin without a drawing still gets a stable badge. */
function badgeHue(symbol: string): number {
  let hash = 0;
  for (const char of symbol) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** The badge of a coin: its own drawing, or a plain one in the symbol's colour with its first letter. */
export function coinBadge(symbol: string): CoinBadge {
  const known = COIN_BADGES[symbol];
  if (known) return known;
  const colour = `hsl(${badgeHue(symbol)} 45% 42%)`;
  return { from: colour, to: colour, label: (symbol || '?').slice(0, 1), labelSize: 30 };
}
