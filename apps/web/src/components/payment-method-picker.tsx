import { useState, type ReactNode } from 'react';
import { Button, Popup, SearchBar, SpinLoading } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import type { Bank, Chain, PaymentMethodKind } from '@vela/contract';
import { useT } from '../lib/i18n.ts';
import {
  METHOD_PAGES,
  useBankCards,
  useWalletAddresses,
  useZskAccounts,
} from '../system/payment-methods-api.ts';
import { CoinIcon } from './coin-icon.tsx';
import { EmptyState } from './empty-state.tsx';
import { isPickedMethod, methodPicks, type PickedMethod } from './method-picker-logic.ts';
import './payment-methods.css';

/**
 * The picker popups: bank, currency and chain pickers for the forms that add
 * methods, and the "choose a bank card, wallet address or fast-payment account" picker of the
 * withdrawal screen.
 */

const sheetStyle = {
  maxHeight: '75vh',
  borderRadius: '0.75rem 0.75rem 0 0',
  display: 'flex',
  flexDirection: 'column' as const,
};

export interface SheetOption<V extends string | number> {
  value: V;
  label: string;
  /** A second line or a badge beside the label. */
  detail?: ReactNode;
  icon?: ReactNode;
  /** Text the search matches besides the label. */
  keywords?: string;
}

/** Whether an option matches what was typed: any word of the label or keywords, any case. */
export function matchesOption(option: { label: string; keywords?: string }, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  return `${option.label} ${option.keywords ?? ''}`.toLocaleLowerCase().includes(needle);
}

/**
 * The list area of a sheet: a spinner while loading, a retry after a failure, an empty state
 * (`emptyMessage`, else the usual text) when there is nothing, otherwise the rows.
 */
function SheetBody(props: {
  loading: boolean;
  failed: boolean;
  onRetry: (() => void) | undefined;
  empty: boolean;
  emptyMessage?: string | undefined;
  children: ReactNode;
}) {
  if (props.loading) {
    return (
      <div className="option-sheet__loading">
        <SpinLoading color="primary" />
      </div>
    );
  }
  if (props.failed) return <EmptyState kind="loadFailed" onRetry={props.onRetry} />;
  if (props.empty) return <EmptyState kind="noData" message={props.emptyMessage} />;
  return props.children;
}

/** One option: its icon, label and detail, with a tick on the chosen one. */
function OptionRow<V extends string | number>(props: {
  option: SheetOption<V>;
  on: boolean;
  onSelect(value: V): void;
  testId: string;
}) {
  const { option, on } = props;
  return (
    <button
      type="button"
      className={`option-sheet__row${on ? ' option-sheet__row--on' : ''}`}
      aria-current={on ? 'true' : undefined}
      onClick={() => props.onSelect(option.value)}
      data-testid={`${props.testId}-option`}
      data-value={option.value}
    >
      {option.icon ? <span className="option-sheet__icon">{option.icon}</span> : null}
      <span className="option-sheet__text">
        <span className="option-sheet__label">{option.label}</span>
        {option.detail ? <span className="option-sheet__detail">{option.detail}</span> : null}
      </span>
      {on ? <CheckOutline className="option-sheet__check" aria-hidden /> : null}
    </button>
  );
}

/** A bottom sheet listing options, with a search box when `searchPlaceholder` is given. */
export function OptionSheet<V extends string | number>(props: {
  open: boolean;
  title: string;
  options: readonly SheetOption<V>[];
  selected: V | null;
  onSelect(value: V): void;
  onClose(): void;
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
  searchPlaceholder?: string;
  noMatches?: (query: string) => string;
  testId: string;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  const shown = props.options.filter((option) => matchesOption(option, query));
  return (
    <Popup
      visible={props.open}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      afterClose={() => setQuery('')}
      bodyStyle={sheetStyle}
    >
      <div className="option-sheet" data-testid={props.testId}>
        <h2 className="sheet__title option-sheet__title">{props.title}</h2>
        {props.searchPlaceholder ? (
          <div className="option-sheet__search">
            <SearchBar
              placeholder={props.searchPlaceholder}
              value={query}
              onChange={setQuery}
              onClear={() => setQuery('')}
            />
          </div>
        ) : null}
        <div className="option-sheet__list">
          <SheetBody
            loading={Boolean(props.loading)}
            failed={Boolean(props.failed)}
            onRetry={props.onRetry}
            empty={shown.length === 0}
            emptyMessage={query && props.noMatches ? props.noMatches(query) : undefined}
          >
            {shown.map((option) => (
              <OptionRow
                key={option.value}
                option={option}
                on={option.value === props.selected}
                onSelect={props.onSelect}
                testId={props.testId}
              />
            ))}
          </SheetBody>
        </div>
        <Button block className="option-sheet__cancel" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>
      </div>
    </Popup>
  );
}

/** The bank picker: every bank, searchable by name, code or country. */
export function BankPicker(props: {
  open: boolean;
  banks: readonly Bank[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  selected: number | null;
  onSelect(bank: Bank): void;
  onClose(): void;
}) {
  const t = useT();
  const options = (props.banks ?? []).map((bank) => ({
    value: bank.id,
    label: bank.name,
    detail: <span className="option-sheet__badge">{bank.country}</span>,
    keywords: `${bank.code} ${bank.country}`,
  }));
  return (
    <OptionSheet
      open={props.open}
      title={t('payment.chooseBank')}
      options={options}
      selected={props.selected}
      loading={props.loading}
      failed={props.failed}
      onRetry={props.onRetry}
      onSelect={(id) => {
        const bank = props.banks?.find((b) => b.id === id);
        if (bank) props.onSelect(bank);
      }}
      onClose={props.onClose}
      searchPlaceholder={t('payment.searchBank')}
      noMatches={(query) => t('payment.noBankMatches', { query })}
      testId="bank-picker"
    />
  );
}

/** The coins that have chains, in chain-list order, each once. */
export function chainCoins(chains: readonly Chain[]): { vcId: number; symbol: string }[] {
  const seen = new Map<number, string>();
  for (const chain of chains) if (!seen.has(chain.vcId)) seen.set(chain.vcId, chain.symbol);
  return [...seen].map(([vcId, symbol]) => ({ vcId, symbol }));
}

/** The currency picker of the wallet-address form: coins that can be withdrawn to an address. */
export function CurrencyPicker(props: {
  open: boolean;
  chains: readonly Chain[];
  selected: number | null;
  onSelect(vcId: number): void;
  onClose(): void;
}) {
  const t = useT();
  const options = chainCoins(props.chains).map((coin) => ({
    value: coin.vcId,
    label: coin.symbol,
    icon: <CoinIcon symbol={coin.symbol} size="sm" />,
  }));
  return (
    <OptionSheet
      open={props.open}
      title={t('payment.chooseCurrency')}
      options={options}
      selected={props.selected}
      onSelect={props.onSelect}
      onClose={props.onClose}
      testId="currency-picker"
    />
  );
}

/** The chain picker: the chain types of one coin. */
export function ChainPicker(props: {
  open: boolean;
  chains: readonly Chain[];
  vcId: number | null;
  selected: number | null;
  onSelect(chain: Chain): void;
  onClose(): void;
}) {
  const t = useT();
  const own = props.chains.filter((chain) => chain.vcId === props.vcId);
  return (
    <OptionSheet
      open={props.open}
      title={t('payment.chooseChain')}
      options={own.map((chain) => ({ value: chain.id, label: chain.chainName }))}
      selected={props.selected}
      onSelect={(id) => {
        const chain = own.find((c) => c.id === id);
        if (chain) props.onSelect(chain);
      }}
      onClose={props.onClose}
      testId="chain-picker"
    />
  );
}

// ---- the withdrawal screen's method picker ------------------------------------------------------

export type { PickedMethod };

/** An address shortened for a row: the start and the end, which is what people compare. */
export function shortAddress(address: string): string {
  return address.length <= 16 ? address : `${address.slice(0, 8)}…${address.slice(-6)}`;
}

/** One line describing a method, as the picker and the withdrawal form show it. */
export function MethodSummary({ picked }: { picked: PickedMethod }) {
  if (picked.kind === 'BANK_CARD') {
    return (
      <span className="method-summary">
        <span className="method-summary__title">{picked.method.bankName}</span>
        <span className="method-summary__detail num">{picked.method.cardNumberMasked}</span>
      </span>
    );
  }
  if (picked.kind === 'WALLET_ADDRESS') {
    return (
      <span className="method-summary">
        <span className="method-summary__title">
          {picked.method.symbol} · {picked.method.chainName}
        </span>
        <span className="method-summary__detail num">{shortAddress(picked.method.vcAccount)}</span>
      </span>
    );
  }
  return (
    <span className="method-summary">
      <span className="method-summary__title">{picked.method.name}</span>
      <span className="method-summary__detail num">{picked.method.zskId}</span>
    </span>
  );
}

const KIND_LABEL = {
  BANK_CARD: 'payment.kind.BANK_CARD',
  WALLET_ADDRESS: 'payment.kind.WALLET_ADDRESS',
  ZSK_ACCOUNT: 'payment.kind.ZSK_ACCOUNT',
} as const;

/** One bound method: the coin's icon for a wallet address, the summary, a tick on the chosen one. */
function MethodRow({
  picked,
  on,
  onSelect,
}: {
  picked: PickedMethod;
  on: boolean;
  onSelect(picked: PickedMethod): void;
}) {
  return (
    <button
      type="button"
      className={`option-sheet__row${on ? ' option-sheet__row--on' : ''}`}
      aria-current={on ? 'true' : undefined}
      onClick={() => onSelect(picked)}
      data-testid="method-picker-option"
      data-kind={picked.kind}
      data-id={picked.id}
    >
      {picked.kind === 'WALLET_ADDRESS' ? (
        <span className="option-sheet__icon">
          <CoinIcon symbol={picked.method.symbol} size="sm" />
        </span>
      ) : null}
      <span className="option-sheet__text">
        <MethodSummary picked={picked} />
      </span>
      {on ? <CheckOutline className="option-sheet__check" aria-hidden /> : null}
    </button>
  );
}

/** One tab per kind of method. */
function MethodTabs(props: {
  kinds: readonly PaymentMethodKind[];
  tab: PaymentMethodKind;
  onTab(kind: PaymentMethodKind): void;
}) {
  const t = useT();
  return (
    <div className="method-tabs" role="tablist">
      {props.kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          role="tab"
          aria-selected={props.tab === kind}
          className={`method-tabs__tab${props.tab === kind ? ' method-tabs__tab--on' : ''}`}
          onClick={() => props.onTab(kind)}
          data-testid={`method-tab-${kind}`}
        >
          {t(KIND_LABEL[kind])}
        </button>
      ))}
    </div>
  );
}

/** Cancel, and the way to add a method of the open tab's kind (to `addTarget` when given). */
function PickerActions({
  tab,
  addTarget,
  onClose,
}: {
  tab: PaymentMethodKind;
  addTarget: string | undefined;
  onClose(): void;
}) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="option-sheet__actions">
      <Button block className="option-sheet__cancel" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button
        block
        color="primary"
        fill="outline"
        className="option-sheet__add"
        onClick={() => void navigate(addTarget ?? METHOD_PAGES[tab].add)}
        data-testid="method-picker-add"
      >
        {t('payment.addNew')}
      </Button>
    </div>
  );
}

/**
 * "Choose a bank card or wallet address": the user's bound methods of the given kinds (wallet
 * addresses only of `vcId`, and of `chainName` when given), in tabs when there are several kinds.
 * A kind with nothing bound offers to add one.
 */
export function PaymentMethodPicker(props: {
  open: boolean;
  kinds: readonly PaymentMethodKind[];
  vcId?: number;
  chainName?: string;
  selected: { kind: PaymentMethodKind; id: number } | null;
  /**
   * Where "add" leads instead of the plain add form: the withdrawal screen's link pre-fills the
   * method for its channel and comes back to the withdrawal.
   */
  addTarget?: string;
  onSelect(picked: PickedMethod): void;
  onClose(): void;
}) {
  const t = useT();
  const [tab, setTab] = useState<PaymentMethodKind>(props.selected?.kind ?? props.kinds[0] ?? 'BANK_CARD');
  const bankCards = useBankCards(props.open && props.kinds.includes('BANK_CARD'));
  const walletAddresses = useWalletAddresses(props.open && props.kinds.includes('WALLET_ADDRESS'));
  const zskAccounts = useZskAccounts(props.open && props.kinds.includes('ZSK_ACCOUNT'));
  const query = tab === 'BANK_CARD' ? bankCards : tab === 'WALLET_ADDRESS' ? walletAddresses : zskAccounts;
  const picks = methodPicks(
    tab,
    { bankCards: bankCards.data, walletAddresses: walletAddresses.data, zskAccounts: zskAccounts.data },
    { vcId: props.vcId, chainName: props.chainName },
  );

  return (
    <Popup visible={props.open} onMaskClick={props.onClose} onClose={props.onClose} bodyStyle={sheetStyle}>
      <div className="option-sheet" data-testid="method-picker">
        <h2 className="sheet__title option-sheet__title">{t('payment.chooseMethod')}</h2>
        {props.kinds.length > 1 ? <MethodTabs kinds={props.kinds} tab={tab} onTab={setTab} /> : null}
        <div className="option-sheet__list">
          <SheetBody
            loading={query.isPending}
            failed={query.isError}
            onRetry={() => void query.refetch()}
            empty={picks.length === 0}
          >
            {picks.map((picked) => (
              <MethodRow
                key={`${picked.kind}-${picked.id}`}
                picked={picked}
                on={isPickedMethod(props.selected, picked)}
                onSelect={props.onSelect}
              />
            ))}
          </SheetBody>
        </div>
        <PickerActions tab={tab} addTarget={props.addTarget} onClose={props.onClose} />
      </div>
    </Popup>
  );
}
