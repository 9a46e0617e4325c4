import { SETTLEMENT_SYMBOL } from '@vela/domain';
import './market-figures.css';

/**
 * A market named as its pair, "BTC/USDT": the coin, then the settlement coin it is priced in, quieter.
 * The pair reads left to right in every language, as exchanges print it.
 */
export function PairName({ symbol, className }: { symbol: string; className?: string }) {
  return (
    <bdi className={`pair-name${className ? ` ${className}` : ''}`} dir="ltr" data-testid="pair-name">
      <span className="pair-name__base">{symbol}</span>
      <span className="pair-name__quote">/{SETTLEMENT_SYMBOL}</span>
    </bdi>
  );
}
