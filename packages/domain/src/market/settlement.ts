/**
 * The settlement coin's symbol (docs/product.md, "Coins"): every other coin is priced in it, turnover
 * is counted in it, and timed stakes and payouts are paid in it. Screens name a market by its pair
 * ("BTC/USDT") and a turnover by its unit with it.
 */
export const SETTLEMENT_SYMBOL = 'USDT';
