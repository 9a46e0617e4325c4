import type { Kysely } from 'kysely';
import type { DataOf, FinanceOrder, FinanceProduct, ParsedBodyOf, endpoints } from '@vela/contract';
import {
  financeBuyEntry,
  financeRateUnits,
  financeRedeemEntries,
  formatMinor,
  payoutIn,
  pledgedCoins,
  redemptionFigures,
} from '@vela/domain';
import type { LocaleCode } from '@vela/i18n';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { AuthSession } from '../../http/contract-routes.ts';
import { readAmountRule, requireAmount } from '../ledger/amounts.ts';
import type { Money } from '../ledger/money.ts';
import {
  closeHeldOrders,
  financeOrderById,
  heldFinanceOrders,
  insertEnds,
  insertFinanceOrder,
  productSales,
  settledIncome,
  takeQuota,
  userFinanceOrders,
  type FinanceOrderWithEnd,
  type FinanceProductRow,
} from './finance-repository.ts';
import {
  buyCoin,
  financeCoins,
  namerOf,
  productCatalog,
  scalesOf,
  termsOf,
  toFinanceOrder,
  toFinanceProduct,
  type FinanceCoins,
} from './finance-view.ts';

type Api = typeof endpoints.finance;

/** Who hears of orders bought, so that their end is settled on time (the settler). */
export interface FinanceDeadlines {
  track(endAt: number): void;
}

export interface FinanceServiceDeps {
  db: Kysely<Database>;
  money: Money;
  /** Checks the user's fund password (the users module's account service). */
  accounts: { verifyFundPassword(userId: number, fundPwd: string): Promise<void> };
  deadlines: FinanceDeadlines;
  now?: () => number;
}

/** Products, purchases, early redemptions and the user's orders; settling them is the settler's. */
export class FinanceService {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(private readonly deps: FinanceServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
  }

  async products(locale: LocaleCode, vcId?: number): Promise<FinanceProduct[]> {
    const { rows, texts, coins } = await productCatalog(this.db);
    return rows
      .map((row) => toFinanceProduct(row, coins, texts, locale))
      .filter((product) => product.enabled && (vcId === undefined || product.vcId === vcId));
  }

  async product(locale: LocaleCode, id: number): Promise<FinanceProduct> {
    const found = (await this.products(locale)).find((product) => product.id === id);
    if (!found) throw fieldError('FINANCE_PRODUCT_CLOSED', 'id');
    return found;
  }

  /**
   * Buys a product: the checks a form can show come first (the product, the amount, the fund
   * password), then one commit takes the quota, writes the order and moves the principal from spot
   * to the finance holding. A retry with the same key answers the first answer.
   */
  async buy(
    session: AuthSession,
    locale: LocaleCode,
    body: ParsedBodyOf<Api['financeBuy']>,
    key: string,
  ): Promise<FinanceOrder> {
    const request = { owner: `u:${session.userId}`, key, endpoint: '/user/finance-order/buy', body };
    const answer = await this.deps.money.requests.run(
      request,
      async () => {
        const checked = await this.checkPurchase(body.productId, body.amount, locale);
        await this.deps.accounts.verifyFundPassword(session.userId, body.fundPwd);
        return checked;
      },
      async (trx, { product, amountMinor, coins, nameOf }) => {
        if (!(await takeQuota(trx, body.productId, amountMinor))) throw await this.quotaRefusal(trx, product);
        const startAt = this.now();
        const terms = termsOf(product);
        const row = {
          user_id: session.userId,
          product_id: Number(product.id),
          vc_id: Number(product.vc_id),
          settle_vc_id: coins.settle.id,
          buy_type: product.buy_type,
          amount_minor: amountMinor,
          coins_minor: pledgedCoins(terms, amountMinor, scalesOf(coins, Number(product.vc_id))),
          rate: product.rate,
          service_rate: product.service_rate,
          cycle: product.cycle,
          cycle_type: product.cycle_type,
          linked_price_minor: BigInt(product.linked_price_minor),
          start_at: startAt,
          end_at: startAt + terms.termMs,
        };
        const id = await insertFinanceOrder(trx, row);
        const paid = buyCoin(coins, product);
        await this.deps.money.ledger.post(trx, [
          financeBuyEntry({ refType: 'finance_order', refId: id }, session.userId, paid.id, amountMinor),
        ]);
        return toFinanceOrder({ ...row, id, ...NOT_ENDED }, coins, nameOf(Number(product.id)));
      },
    );
    this.deps.deadlines.track(answer.calcEndDate);
    return answer;
  }

  /** The product open to buyers and the amount within its limits and decimals, or the refusal. */
  private async checkPurchase(productId: number, amount: string, locale: LocaleCode) {
    const { rows, texts, coins } = await productCatalog(this.db);
    const product = rows.find((row) => Number(row.id) === productId);
    const coin = product && coins.byId.get(Number(product.vc_id));
    if (!product || product.enabled !== 1 || !coin?.enabled)
      throw fieldError('FINANCE_PRODUCT_CLOSED', 'productId');
    const paid = buyCoin(coins, product);
    const max =
      product.max_amount_minor === null
        ? undefined
        : formatMinor(BigInt(product.max_amount_minor), paid.amountScale);
    const amountMinor = requireAmount(amount, paid.amountScale, 'amount', await readAmountRule(this.db), {
      min: formatMinor(BigInt(product.min_amount_minor), paid.amountScale),
      ...(max === undefined ? {} : { max }),
    });
    return { product, amountMinor, coins, nameOf: namerOf(rows, texts, locale) };
  }

  /** Why the quota could not be taken: the product closed meanwhile, or too little is left. */
  private async quotaRefusal(trx: Kysely<Database>, product: FinanceProductRow): Promise<AppError> {
    const now = await productSales(trx, Number(product.id));
    if (now.enabled !== 1) return fieldError('FINANCE_PRODUCT_CLOSED', 'productId');
    const coins = await financeCoins(trx);
    const paid = buyCoin(coins, product);
    const left = BigInt(now.quota_minor) - BigInt(now.sold_minor);
    return new AppError('FINANCE_QUOTA_EXHAUSTED', {
      params: { remaining: formatMinor(left > 0n ? left : 0n, paid.amountScale), symbol: paid.symbol },
      data: { field: 'amount' },
    });
  }

  /**
   * Redeems a held order early: it leaves the held orders (a settlement that took it first wins,
   * and the redemption is refused), the principal less the service fee goes back to spot, all in
   * one commit. An order whose end has passed is settling and cannot be redeemed any more: its
   * settlement price may already be recorded, and redeeming then would let its owner choose the
   * better of the two outcomes.
   */
  async redeem(
    session: AuthSession,
    locale: LocaleCode,
    body: ParsedBodyOf<Api['financeRedeem']>,
    key: string,
  ): Promise<FinanceOrder> {
    const request = { owner: `u:${session.userId}`, key, endpoint: '/user/finance-order/redeem', body };
    return this.deps.money.requests.run(
      request,
      async () => {
        const row = await this.ownOrder(session.userId, body.id);
        if (row.state !== null || this.now() >= Number(row.end_at))
          throw fieldError('FINANCE_ORDER_NOT_HOLDING', 'id');
        return { row, ...(await this.namedCoins(locale)) };
      },
      async (trx, { row, coins, nameOf }) => {
        const endedAt = this.now();
        const taken = await closeHeldOrders(trx, this.deps.money.dialect, [body.id]);
        if (!taken.has(body.id) || endedAt >= Number(row.end_at))
          throw fieldError('FINANCE_ORDER_NOT_HOLDING', 'id');
        const amount = BigInt(row.amount_minor);
        const { feeMinor, refundMinor } = redemptionFigures(
          amount,
          financeRateUnits(row.service_rate, 10n ** 8n),
        );
        const end = {
          state: 'redeemed' as const,
          fee_minor: feeMinor,
          refund_minor: refundMinor,
          ended_at: endedAt,
        };
        await insertEnds(trx, this.deps.money.dialect, [{ order_id: body.id, ...end }]);
        const paid = buyCoin(coins, row);
        await this.deps.money.ledger.post(
          trx,
          financeRedeemEntries(
            { refType: 'finance_order', refId: body.id },
            session.userId,
            paid.id,
            amount,
            feeMinor,
          ),
        );
        return toFinanceOrder({ ...row, ...NOT_ENDED, ...end }, coins, nameOf(Number(row.product_id)));
      },
    );
  }

  /** The user's order: another user's is "not found". */
  private async ownOrder(userId: number, id: number): Promise<FinanceOrderWithEnd> {
    const row = await financeOrderById(this.db, id);
    if (!row || Number(row.user_id) !== userId) throw fieldError('ORDER_NOT_FOUND', 'id');
    return row;
  }

  async list(
    session: AuthSession,
    locale: LocaleCode,
    body: ParsedBodyOf<Api['financeOrderList']>,
  ): Promise<DataOf<Api['financeOrderList']>> {
    const rows = await userFinanceOrders(this.db, session.userId, body.scope, body);
    const page = rows.slice(0, body.limit);
    const { coins, nameOf } = await this.namedCoins(locale);
    return {
      list: page.map((row) => toFinanceOrder(row, coins, nameOf(Number(row.product_id)))),
      nextCursor: rows.length > body.limit ? Number(page.at(-1)?.id) : null,
    };
  }

  async detail(session: AuthSession, locale: LocaleCode, id: number): Promise<FinanceOrder> {
    const row = await this.ownOrder(session.userId, id);
    const { coins, nameOf } = await this.namedCoins(locale);
    return toFinanceOrder(row, coins, nameOf(Number(row.product_id)));
  }

  /** The coins, and the products' names in `locale`. */
  private async namedCoins(locale: LocaleCode) {
    const { rows, texts, coins } = await productCatalog(this.db);
    return { coins, nameOf: namerOf(rows, texts, locale) };
  }

  /** Per currency: the principal held, the income settled so far, and the interest still expected. */
  async overview(session: AuthSession): Promise<DataOf<Api['financeOverview']>> {
    const [held, income, coins] = await Promise.all([
      heldFinanceOrders(this.db, session.userId),
      settledIncome(this.db, session.userId),
      financeCoins(this.db),
    ]);
    const sums = new Map<number, { held: bigint; income: bigint; estimated: bigint; orders: number }>();
    const sumOf = (vcId: number) => {
      let sum = sums.get(vcId);
      if (!sum) sums.set(vcId, (sum = { held: 0n, income: 0n, estimated: 0n, orders: 0 }));
      return sum;
    };
    for (const row of held) {
      const paid = buyCoin(coins, row);
      const sum = sumOf(paid.id);
      const amount = BigInt(row.amount_minor);
      sum.held += amount;
      sum.orders += 1;
      const currency = row.buy_type === 'coin' ? 'coin' : 'usdt';
      sum.estimated += payoutIn(
        currency,
        termsOf(row),
        amount,
        scalesOf(coins, Number(row.vc_id)),
      ).incomeMinor;
    }
    for (const { vc_id, income: minor } of income) sumOf(vc_id).income += minor;
    return [...sums].map(([vcId, sum]) => overviewLine(coins, vcId, sum));
  }
}

function overviewLine(
  coins: FinanceCoins,
  vcId: number,
  sum: { held: bigint; income: bigint; estimated: bigint; orders: number },
) {
  const coin = coins.byId.get(vcId);
  if (!coin) throw new Error(`finance: coin ${vcId} of an order is not a wallet coin`);
  const scale = coin.amountScale;
  return {
    vcId,
    symbol: coin.symbol,
    scale,
    held: formatMinor(sum.held, scale),
    income: formatMinor(sum.income, scale),
    estimated: formatMinor(sum.estimated, scale),
    orders: sum.orders,
  };
}

/** The end columns of an order that has not ended. */
const NOT_ENDED = {
  state: null,
  fee_minor: null,
  refund_minor: null,
  settle_tick_id: null,
  settle_tick_time_ms: null,
  settle_price_minor: null,
  payout_vc_id: null,
  payout_minor: null,
  income_minor: null,
  ended_at: null,
} as const;
