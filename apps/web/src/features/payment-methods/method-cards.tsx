import type { BankCard, WalletAddress, ZskAccount } from '@vela/contract';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { useT } from '../../lib/i18n.ts';

/**
 * How each kind of method shows in its list. Numbers and addresses keep their left-to-right order
 * in Arabic (the `.num` span) while their line follows the page's direction.
 */

export function BankCardView({ card }: { card: BankCard }) {
  const t = useT();
  return (
    <article className="bank-card" data-testid="bank-card">
      <div className="bank-card__top">
        <span className="bank-card__bank">{card.bankName}</span>
        <span className="bank-card__country">{card.bankCountry}</span>
      </div>
      <div className="bank-card__number">
        <span className="num">{card.cardNumberMasked}</span>
      </div>
      <dl className="bank-card__facts">
        <div>
          <dt>{t('payment.holder')}</dt>
          <dd>{card.name}</dd>
        </div>
        {card.branchAddress || card.branchCode ? (
          <div>
            <dt>{t('payment.branch')}</dt>
            <dd>{[card.branchAddress, card.branchCode].filter(Boolean).join(' · ')}</dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}

export function WalletAddressView({ address }: { address: WalletAddress }) {
  return (
    <article className="method-card" data-testid="wallet-address">
      <div className="method-card__head">
        <CoinIcon symbol={address.symbol} size="sm" />
        <span className="method-card__title">{address.symbol}</span>
        <span className="method-card__badge">{address.chainName}</span>
      </div>
      <p className="method-card__address">
        <span className="num">{address.vcAccount}</span>
      </p>
      {address.remark ? <p className="method-card__remark">{address.remark}</p> : null}
    </article>
  );
}

export function ZskAccountView({ account }: { account: ZskAccount }) {
  return (
    <article className="method-card" data-testid="zsk-account">
      <div className="method-card__head">
        <span className="method-card__title">{account.name}</span>
      </div>
      <p className="method-card__address">
        <span className="num">{account.zskId}</span>
      </p>
    </article>
  );
}
