import type { Chain } from '@vela/contract';
import { ChainPicker, CurrencyPicker } from '../../components/payment-method-picker.tsx';

/**
 * The two sheets of the wallet address form: the currency, then one of its chain types. Each closes
 * once the user has chosen.
 */
export function CoinChainPickers({
  open,
  chains,
  vcId,
  chainId,
  onCoin,
  onChain,
  onClose,
}: {
  open: 'currency' | 'chain' | null;
  chains: readonly Chain[];
  vcId: number | null;
  chainId: number | null;
  onCoin(vcId: number): void;
  onChain(id: number): void;
  onClose(): void;
}) {
  return (
    <>
      <CurrencyPicker
        open={open === 'currency'}
        chains={chains}
        selected={vcId}
        onSelect={(chosen) => {
          onCoin(chosen);
          onClose();
        }}
        onClose={onClose}
      />
      <ChainPicker
        open={open === 'chain'}
        chains={chains}
        vcId={vcId}
        selected={chainId}
        onSelect={(chosen) => {
          onChain(chosen.id);
          onClose();
        }}
        onClose={onClose}
      />
    </>
  );
}
