import { parseDecimal } from './decimal.ts';

/**
 * Deposit and withdrawal quotes. A channel converts between the wallet currency the ledger holds
 * (USDT, BTC...) and the currency the user pays or is paid in (a chain's token, a bank's fiat), at
 * `rate` pay units per wallet unit, and charges `feeRate` of the wallet amount. All arithmetic is in
 * integers and every division truncates toward zero (decision 007), so a quote never promises more
 * than the ledger will move; the server computes the same quote again when it books the order.
 */
export interface ChannelTerms {
  /** Decimals of the pay currency's amounts. */
  payScale: number;
  /** Decimals of the wallet currency's amounts. */
  walletScale: number;
  /** Pay units per wallet unit, as a decimal string ("1", "5.12"). */
  rate: string;
  /** Fee as a fraction of the wallet amount, as a decimal string ("0.005"). */
  feeRate: string;
}

/** Rates and fee rates carry at most this many decimals. */
export const RATE_SCALE = 8;

function rateMinor(text: string, what: string): bigint {
  const parsed = parseDecimal(text, RATE_SCALE);
  if (!parsed.ok || parsed.minor < 0n)
    throw new RangeError(`${what} must be a non-negative decimal, got ${text}`);
  return parsed.minor;
}

const pow10 = (n: number) => 10n ** BigInt(n);

export interface DepositQuote {
  /** What the payment is worth in the wallet currency. */
  grossMinor: bigint;
  feeMinor: bigint;
  /** What the user's spot account receives: gross less fee. */
  receiveMinor: bigint;
}

/** A deposit of `payMinor` (pay currency) as wallet amounts. */
export function depositQuote(payMinor: bigint, terms: ChannelTerms): DepositQuote {
  const rate = rateMinor(terms.rate, 'rate');
  if (rate === 0n) throw new RangeError('rate must be positive');
  const grossMinor =
    (payMinor * pow10(terms.walletScale) * pow10(RATE_SCALE)) / (pow10(terms.payScale) * rate);
  const feeMinor = feeOf(grossMinor, terms.feeRate);
  return { grossMinor, feeMinor, receiveMinor: grossMinor - feeMinor };
}

export interface WithdrawQuote {
  feeMinor: bigint;
  /** The wallet amount that is paid out: the amount less the fee. */
  netMinor: bigint;
  /** The net amount in the pay currency, which the user receives. */
  payoutPayMinor: bigint;
}

/** A withdrawal of `amountMinor` (wallet currency) taken from the user's spot account. */
export function withdrawQuote(amountMinor: bigint, terms: ChannelTerms): WithdrawQuote {
  const rate = rateMinor(terms.rate, 'rate');
  const feeMinor = feeOf(amountMinor, terms.feeRate);
  const netMinor = amountMinor - feeMinor;
  const payoutPayMinor =
    (netMinor * rate * pow10(terms.payScale)) / (pow10(RATE_SCALE) * pow10(terms.walletScale));
  return { feeMinor, netMinor, payoutPayMinor };
}

function feeOf(amountMinor: bigint, feeRate: string): bigint {
  const rate = rateMinor(feeRate, 'fee rate');
  if (rate >= pow10(RATE_SCALE)) throw new RangeError('fee rate must be below 1');
  return (amountMinor * rate) / pow10(RATE_SCALE);
}

/**
 * How far an operator may credit a deposit away from its quote. A deposit credits what was quoted;
 * a transfer that arrived short (or with bank charges) may be credited as received, with a reason,
 * within the configured tolerance (a percentage of the quote, at most two decimals, from 0 to 100);
 * anything further needs an administrator, as a balance adjustment does.
 */
export type DepositCreditReview = 'quoted' | 'withinTolerance' | 'beyondTolerance';

/** Hundredths of a percent in one whole. */
const BASIS_POINTS = 10_000n;

/** The tolerance percentage ("1", "0.5") in hundredths of a percent, or null when it is not one. */
export function toleranceBasisPoints(percent: string): bigint | null {
  const parsed = parseDecimal(percent, 2);
  if (!parsed.ok || parsed.minor < 0n || parsed.minor > BASIS_POINTS) return null;
  return parsed.minor;
}

/** The largest difference from the quote the tolerance allows, truncated to whole minor units. */
export function creditToleranceMinor(quotedMinor: bigint, basisPoints: bigint): bigint {
  return (quotedMinor * basisPoints) / BASIS_POINTS;
}

export function reviewDepositCredit(
  quotedMinor: bigint,
  creditedMinor: bigint,
  basisPoints: bigint,
): DepositCreditReview {
  if (creditedMinor === quotedMinor) return 'quoted';
  const difference = creditedMinor > quotedMinor ? creditedMinor - quotedMinor : quotedMinor - creditedMinor;
  return difference <= creditToleranceMinor(quotedMinor, basisPoints) ? 'withinTolerance' : 'beyondTolerance';
}
