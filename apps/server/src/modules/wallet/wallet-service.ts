import type { Kysely } from 'kysely';
import type { DataOf, ParsedBodyOf, endpoints } from '@vela/contract';
import { transferEntry } from '@vela/domain';
import type { LocaleCode } from '@vela/i18n';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../errors.ts';
import type { AuthSession } from '../../http/contract-routes.ts';
import { nameIn } from '../market/coin-names.ts';
import type { MarketRuntime } from '../market/market-runtime.ts';
import { money, readAmountRule, requireAmount } from '../ledger/amounts.ts';
import { balanceAfter } from '../ledger/ledger.ts';
import type { Money } from '../ledger/money.ts';
import {
  billPage,
  insertTransfer,
  openTimingStakes,
  pendingWithdrawals,
  userBalances,
  walletCurrencies,
  walletCurrency,
  type WalletCurrencyRow,
} from './wallet-repository.ts';

type WalletApi = typeof endpoints.wallet;

/** USDT values are shown with 6 decimals, the settlement coin's own scale. */
const USDT_SCALE = 6;

export interface WalletServiceDeps {
  db: Kysely<Database>;
  money: Money;
  market: MarketRuntime;
  now?: () => number;
  /**
   * Refuses a transfer out of the contract account that would bring its risk degree to the
   * forced-close level (docs/product.md, "Contracts"); the composition root passes the contract
   * service's check, which the wallet cannot import (the contract module sits above it).
   */
  contractOut?: (userId: number, vcId: number, amount: bigint) => Promise<void>;
}

export class WalletService {
  private readonly now: () => number;

  constructor(private readonly deps: WalletServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The balances, each currency named in `locale` as on the market list (decision 025). */
  async overview(session: AuthSession, locale: LocaleCode): Promise<DataOf<WalletApi['walletOverview']>> {
    const { db } = this.deps;
    const [currencies, , balances, pending, staked] = await Promise.all([
      walletCurrencies(db),
      // Prices for the valuation; usually answers at once from memory.
      this.deps.market.freshen(),
      userBalances(db, session.userId),
      pendingWithdrawals(db, session.userId),
      openTimingStakes(db, session.userId),
    ]);
    let totalMinor = 0n;
    const list = currencies.map((vc) => {
      // An account that was never posted to has no row, and its balance is zero, as is a sum of
      // nothing pending or staked: these zeros are the rule, not a fallback.
      const kinds = balances.get(vc.id);
      const spot = kinds?.get('spot') ?? 0n;
      const contract = kinds?.get('contract') ?? 0n;
      // Frozen: what is still the user's but out of reach: holds, withdrawals waiting for review,
      // and the stakes of open timed orders.
      const frozen =
        (kinds?.get('trade_hold') ?? 0n) +
        (kinds?.get('finance_hold') ?? 0n) +
        (pending.get(vc.id) ?? 0n) +
        (staked.get(vc.id) ?? 0n);
      const price = this.priceUsdt(vc);
      const valueMinor = price
        ? ((spot + contract + frozen) * price.minor) /
          10n ** BigInt(vc.amount_scale + price.scale - USDT_SCALE)
        : 0n;
      totalMinor += valueMinor;
      return {
        vcId: vc.id,
        symbol: vc.symbol,
        name: nameIn(this.deps.market.coins.coin(vc.id), locale, vc.name),
        icon: vc.icon,
        scale: vc.amount_scale,
        spot: money(spot, vc.amount_scale),
        contract: money(contract, vc.amount_scale),
        frozen: money(frozen, vc.amount_scale),
        priceUsdt: price ? money(price.minor, price.scale) : null,
        valueUsdt: money(valueMinor, USDT_SCALE),
      };
    });
    return { totalUsdt: money(totalMinor, USDT_SCALE), currencies: list };
  }

  /**
   * The last recorded price in USDT. The settlement coin is worth one by definition; a coin without
   * a price yet is valued at nothing rather than at a guess. Division truncates toward zero, like
   * every money conversion (decision 007).
   */
  private priceUsdt(vc: WalletCurrencyRow): { minor: bigint; scale: number } | null {
    if (vc.settle_vc === 1) return { minor: 10n ** BigInt(USDT_SCALE), scale: USDT_SCALE };
    const coin = this.deps.market.coins.market(vc.id);
    if (!coin) return null;
    const last = this.deps.market.book.lastPrice(vc.id);
    return last === undefined ? null : { minor: last, scale: coin.priceScale };
  }

  async transfer(
    session: AuthSession,
    body: ParsedBodyOf<WalletApi['walletTransfer']>,
    idempotencyKey: string,
  ): Promise<DataOf<WalletApi['walletTransfer']>> {
    const { money: m } = this.deps;
    return m.requests.run(
      { owner: `u:${session.userId}`, key: idempotencyKey, endpoint: '/wallet/transfer', body },
      async () => {
        if (body.from === body.to) {
          throw fieldError('VALIDATION_FAILED', 'to', 'validation.transferSameAccount');
        }
        const vc = await walletCurrency(this.deps.db, body.vcId);
        if (!vc) throw fieldError('VC_NOT_FOUND', 'vcId');
        const rule = await readAmountRule(this.deps.db);
        const amountMinor = requireAmount(body.amount, vc.amount_scale, 'amount', rule);
        if (body.from === 'contract') await this.deps.contractOut?.(session.userId, vc.id, amountMinor);
        return { vc, amountMinor };
      },
      async (trx, { vc, amountMinor }) => {
        const transferId = await insertTransfer(trx, {
          user_id: session.userId,
          vc_id: vc.id,
          from_kind: body.from,
          to_kind: body.to,
          amount_minor: amountMinor,
          created_at: this.now(),
        });
        const entry = transferEntry(
          { refType: 'transfer', refId: transferId },
          session.userId,
          vc.id,
          body.from,
          body.to,
          amountMinor,
        );
        const posted = await m.ledger.post(trx, [entry]);
        // The transfer's entry has two postings: out of the source account, into the target.
        const fromAfter = balanceAfter(posted, 0);
        const toAfter = balanceAfter(posted, 1);
        const spot = body.from === 'spot' ? fromAfter : toAfter;
        const contract = body.from === 'contract' ? fromAfter : toAfter;
        return {
          transferId,
          vcId: vc.id,
          spot: money(spot, vc.amount_scale),
          contract: money(contract, vc.amount_scale),
        };
      },
    );
  }

  async bills(
    session: AuthSession,
    body: ParsedBodyOf<WalletApi['walletBills']>,
  ): Promise<DataOf<WalletApi['walletBills']>> {
    if (body.fromTime !== undefined && body.toTime !== undefined && body.fromTime >= body.toTime) {
      throw fieldError('VALIDATION_FAILED', 'toTime', 'validation.dateRange');
    }
    const rows = await billPage(this.deps.db, { userId: session.userId, ...body });
    const page = rows.slice(0, body.limit);
    return {
      list: page.map((r) => ({
        id: r.id,
        entryId: r.entry_id,
        type: r.entry_type as never,
        account: r.kind as never,
        vcId: r.vc_id,
        symbol: r.symbol,
        amount: money(r.amount_minor, r.amount_scale),
        balanceAfter: money(r.balance_after_minor, r.amount_scale),
        refType: r.ref_type,
        refId: r.ref_id,
        memo: r.memo,
        createdAt: r.created_at,
      })),
      nextCursor: rows.length > body.limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  }
}
