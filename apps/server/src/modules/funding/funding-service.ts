import type { Kysely, Transaction, Updateable } from 'kysely';
import type { DataOf, FundingStatus, ParsedBodyOf, endpoints } from '@vela/contract';
import {
  checkTxHash,
  creditToleranceMinor,
  depositEntries,
  parseDecimal,
  depositQuote,
  reviewDepositCredit,
  toleranceBasisPoints,
  txHashRule,
  withdrawalHoldEntry,
  withdrawalPayoutEntry,
  withdrawalReturnEntry,
  withdrawQuote,
  type ChannelTerms,
} from '@vela/domain';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { AuthSession, OperatorSession } from '../../http/contract-routes.ts';
import { money, readAmountRule, requireAmount, type AmountRule } from '../ledger/amounts.ts';
import type { Money } from '../ledger/money.ts';
import { recordAudit } from '../operators/audit-log.ts';
import { getConfigValue } from '../system/system-repository.ts';
import type { AccountService } from '../users/account-service.ts';
import { findUserById } from '../users/user-repository.ts';
import { postAdjustment } from '../wallet/adjustments.ts';
import { walletCurrency } from '../wallet/wallet-repository.ts';
import { withdrawalDestination } from './withdrawal-destination.ts';
import type { PaymentService } from '../payment/payment-service.ts';
import {
  channel,
  channels,
  depositOrder,
  depositPage,
  depositVoucherId,
  depositWithTxHash,
  insertDeposit,
  insertWithdrawal,
  lockUser,
  reviewPending,
  withdrawalOrder,
  withdrawalPage,
  withdrawalsSince,
  type ChannelRow,
  type OrderPage,
  type OrderTable,
  type DepositOrderRow,
} from './funding-repository.ts';
import {
  toAdminDepositOrder,
  toAdminWithdrawOrder,
  toChannel,
  toDepositOrder,
  toWithdrawOrder,
} from './funding-views.ts';

type Api = typeof endpoints.funding;
type Page = {
  status?: FundingStatus | undefined;
  /** Users see their own orders; operators may filter by user. */
  userId?: number | undefined;
  cursor?: number | undefined;
  limit: number;
};

/** A deposit (wire `recharge`) or withdrawal order that was submitted or reviewed. */
export interface FundingOrderChange {
  kind: 'recharge' | 'withdraw';
  id: number;
  userId: number;
  status: FundingStatus;
}

/**
 * Who hears of funding orders once their change has committed (the users' live channel; the
 * balances the change moved are announced by the ledger).
 */
export interface FundingWatcher {
  fundingOrderChanged(change: FundingOrderChange): void;
}

export interface FundingServiceDeps {
  db: Kysely<Database>;
  money: Money;
  accounts: AccountService;
  /** Vouchers are uploads, and withdrawals are paid to the user's bound payment methods. */
  payments: PaymentService;
  now?: () => number;
  watcher?: FundingWatcher;
}

const DAY_MS = 86_400_000;

function terms(c: ChannelRow): ChannelTerms {
  return { payScale: c.pay_scale, walletScale: c.amount_scale, rate: c.rate, feeRate: c.fee_rate };
}

/**
 * Deposits and withdrawals, for users and for the operators who review them. Every state change is
 * a conditional UPDATE from `pending` (so two operators cannot both review one order), and it
 * commits together with its ledger entries and its audit row.
 */
export class FundingService {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(private readonly deps: FundingServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
  }

  // ---- users ---------------------------------------------------------------------------------

  async rechargeChannels(): Promise<DataOf<Api['rechargeChannels']>> {
    await this.requireOpen('RECHARGE');
    return (await channels(this.db, 'recharge')).map(toChannel);
  }

  async withdrawChannels(): Promise<DataOf<Api['withdrawChannels']>> {
    await this.requireOpen('WITHDRAW');
    return (await channels(this.db, 'withdraw')).map(toChannel);
  }

  async requestDeposit(
    session: AuthSession,
    body: ParsedBodyOf<Api['rechargeRequest']>,
    key: string,
  ): Promise<DataOf<Api['rechargeRequest']>> {
    try {
      return await this.deps.money.requests.run(
        { owner: `u:${session.userId}`, key, endpoint: '/recharge/request', body },
        () => this.checkDeposit(body),
        async (trx, { c, payMinor, quote, proof }) => {
          // Checked again inside the transaction: on SQLite it excludes every other writer, so no
          // second deposit can take the hash in between; on PostgreSQL the unique index decides.
          if (proof.tx_hash !== null && (await depositWithTxHash(trx, proof.tx_hash)))
            throw fieldError('TX_HASH_USED', 'txHash');
          const id = await insertDeposit(trx, {
            user_id: session.userId,
            channel_id: c.id,
            vc_id: c.vc_id,
            pay_amount_minor: payMinor,
            fee_minor: quote.feeMinor,
            receive_minor: quote.receiveMinor,
            credited_minor: null,
            ...proof,
            voucher_upload_id: body.voucherUploadId,
            status: 'pending',
            created_at: this.now(),
          });
          // The voucher must be the user's own unused voucher upload; it is now this deposit's.
          await this.deps.payments.consumeUpload(trx, {
            id: body.voucherUploadId,
            userId: session.userId,
            purpose: 'voucher',
            usedBy: `recharge:${id}`,
            field: 'voucherUploadId',
          });
          this.announce(trx, { kind: 'recharge', id, userId: session.userId, status: 'pending' });
          return toDepositOrder(await this.depositRow(trx, id));
        },
      );
    } catch (error) {
      // Two deposits naming one transaction at the same moment on PostgreSQL: the index refuses the
      // second, which deserves the same answer as if it had come later.
      if (isUniqueViolation(error) && body.txHash !== undefined) throw fieldError('TX_HASH_USED', 'txHash');
      throw error;
    }
  }

  /** The deposit's channel, amount and quote, and what proves the payment (see `depositProof`). */
  private async checkDeposit(body: ParsedBodyOf<Api['rechargeRequest']>) {
    await this.requireOpen('RECHARGE');
    const c = await channel(this.db, 'recharge', body.channelId);
    if (!c) throw fieldError('CHANNEL_NOT_FOUND', 'channelId');
    const payMinor = requireAmount(body.amount, c.pay_scale, 'amount', await readAmountRule(this.db), {
      min: c.min_amount,
      max: c.max_amount,
    });
    const quote = depositQuote(payMinor, terms(c));
    if (quote.receiveMinor <= 0n) throw fieldError('AMOUNT_INVALID', 'amount', 'validation.amountWrong');
    const proof = depositProof(c, body);
    if (proof.tx_hash !== null && (await depositWithTxHash(this.db, proof.tx_hash)))
      throw fieldError('TX_HASH_USED', 'txHash');
    return { c, payMinor, quote, proof };
  }

  async requestWithdrawal(
    session: AuthSession,
    body: ParsedBodyOf<Api['withdrawRequest']>,
    key: string,
  ): Promise<DataOf<Api['withdrawRequest']>> {
    const { money: m } = this.deps;
    return m.requests.run(
      { owner: `u:${session.userId}`, key, endpoint: '/withdraw/request', body },
      async () => {
        await this.requireOpen('WITHDRAW');
        const c = await channel(this.db, 'withdraw', body.channelId);
        if (!c) throw fieldError('CHANNEL_NOT_FOUND', 'channelId');
        const amountMinor = requireAmount(
          body.amount,
          c.amount_scale,
          'amount',
          await readAmountRule(this.db),
          {
            min: c.min_amount,
            max: c.max_amount,
          },
        );
        const quote = withdrawQuote(amountMinor, terms(c));
        if (quote.netMinor <= 0n) throw fieldError('AMOUNT_INVALID', 'amount', 'validation.amountWrong');

        // Gates in the order the screens prompt for them: fund password (and the code of a bound
        // authenticator, checked with it), real name, an authenticator at all when WITHDRAW
        // `requireGoogleCode` is on, a bound method.
        const user = await this.deps.accounts.verifyCredentials(session.userId, {
          fundPwd: body.fundPwd,
          googleCode: body.googleCode,
        });
        if (user.real_name_status !== 'APPROVED') throw new AppError('REAL_NAME_REQUIRED');
        if (
          !user.google_secret &&
          (await getConfigValue(this.db, 'WITHDRAW', 'requireGoogleCode')) === 'true'
        ) {
          throw new AppError('GOOGLE_NOT_BOUND');
        }
        const target = await withdrawalDestination(
          this.deps.payments,
          this.db,
          session.userId,
          body.target,
          body.targetId,
          { method: c.method, vcId: c.vc_id, chainName: c.chain_name },
        );
        const limit = Number((await getConfigValue(this.db, 'WITHDRAW', 'dailyCountLimit')) ?? '0');
        return { c, amountMinor, quote, target, limit };
      },
      async (trx, { c, amountMinor, quote, target, limit }) => {
        // Counted inside the transaction, after taking the user's row lock, so that concurrent
        // requests of one user cannot all pass a count taken before any of them was written.
        if (limit > 0) {
          await lockUser(trx, session.userId, m.dialect);
          const dayStart = Math.floor(this.now() / DAY_MS) * DAY_MS;
          if ((await withdrawalsSince(trx, session.userId, dayStart)) >= limit) {
            throw new AppError('WITHDRAW_DAILY_LIMIT', { params: { count: limit } });
          }
        }
        const id = await insertWithdrawal(trx, {
          user_id: session.userId,
          channel_id: c.id,
          vc_id: c.vc_id,
          amount_minor: amountMinor,
          fee_minor: quote.feeMinor,
          payout_pay_minor: quote.payoutPayMinor,
          target: body.target,
          target_id: body.targetId,
          target_label: target.label,
          target_detail: JSON.stringify(target.detail),
          status: 'pending',
          created_at: this.now(),
        });
        await m.ledger.post(trx, [
          withdrawalHoldEntry({ refType: 'withdrawal', refId: id }, session.userId, c.vc_id, amountMinor),
        ]);
        this.announce(trx, { kind: 'withdraw', id, userId: session.userId, status: 'pending' });
        return toWithdrawOrder(await this.withdrawalRow(trx, id));
      },
    );
  }

  /**
   * Cancels the user's own pending withdrawal: it leaves `pending` by the same conditional UPDATE an
   * operator's review uses, so of a cancellation and a review at the same moment exactly one
   * happens, and the hold returns to the spot account in the same transaction.
   */
  async cancelWithdrawal(
    session: AuthSession,
    body: ParsedBodyOf<Api['withdrawCancel']>,
    key: string,
  ): Promise<DataOf<Api['withdrawCancel']>> {
    const { money: m } = this.deps;
    return m.requests.run(
      { owner: `u:${session.userId}`, key, endpoint: '/withdraw/cancel', body },
      () => Promise.resolve(null),
      async (trx) => {
        const changes = { status: 'cancelled', reviewed_at: this.now() };
        const result = await reviewPending(trx, 'withdraw_order', body.orderId, changes, session.userId);
        // Another user's order answers as if it did not exist: its existence is not theirs to learn.
        if (result === 'missing') throw fieldError('ORDER_NOT_FOUND', 'orderId');
        if (result === 'reviewed') throw new AppError('WITHDRAWAL_NOT_PENDING');
        const order = await this.withdrawalRow(trx, body.orderId);
        const ref = { refType: 'withdrawal', refId: order.id };
        await m.ledger.post(trx, [
          withdrawalReturnEntry(ref, order.user_id, order.vc_id, order.amount_minor),
        ]);
        this.announce(trx, { kind: 'withdraw', id: order.id, userId: order.user_id, status: 'cancelled' });
        return toWithdrawOrder(order);
      },
    );
  }

  /** The voucher the user uploaded with one of their own deposits. */
  async myVoucher(session: AuthSession, orderId: number): Promise<DataOf<Api['rechargeVoucher']>> {
    const uploadId = await depositVoucherId(this.db, orderId, session.userId);
    if (uploadId === undefined) throw fieldError('ORDER_NOT_FOUND', 'orderId');
    return voucherImage(await this.deps.payments.readUpload(uploadId, { userId: session.userId }));
  }

  async myDeposits(session: AuthSession, body: Page): Promise<DataOf<Api['rechargeOrders']>> {
    return page((p) => depositPage(this.db, p), { ...body, userId: session.userId }, toDepositOrder);
  }

  async myWithdrawals(session: AuthSession, body: Page): Promise<DataOf<Api['withdrawOrders']>> {
    return page((p) => withdrawalPage(this.db, p), { ...body, userId: session.userId }, toWithdrawOrder);
  }

  // ---- operators -----------------------------------------------------------------------------

  async adminDeposits(body: Page): Promise<DataOf<Api['adminRechargeList']>> {
    // The review queue is worked oldest first; any other view is newest first.
    return page((p) => depositPage(this.db, p), body, toAdminDepositOrder, queueOrder(body));
  }

  async adminWithdrawals(body: Page): Promise<DataOf<Api['adminWithdrawList']>> {
    return page((p) => withdrawalPage(this.db, p), body, toAdminWithdrawOrder, queueOrder(body));
  }

  async voucher(orderId: number): Promise<DataOf<Api['adminRechargeVoucher']>> {
    const uploadId = await depositVoucherId(this.db, orderId);
    if (uploadId === undefined) throw fieldError('ORDER_NOT_FOUND', 'orderId');
    return voucherImage(await this.deps.payments.readUpload(uploadId, { operator: true }));
  }

  /**
   * Credits the quote (what the user receives), or `creditedAmount` within the bounds that
   * `checkCredit` sets; the quoted fee goes to fees on top.
   */
  async approveDeposit(
    session: OperatorSession,
    body: ParsedBodyOf<Api['adminRechargeApprove']>,
    ip: string,
  ): Promise<DataOf<Api['adminRechargeApprove']>> {
    const order = await this.depositRow(this.db, body.orderId);
    const { creditedMinor, tolerancePercent } = await this.checkCredit(session, order, body);
    const { money: m } = this.deps;
    return m.committer.run(async (trx) => {
      await this.review(
        trx,
        'recharge_order',
        body.orderId,
        { status: 'approved', credited_minor: creditedMinor },
        session,
      );
      await m.ledger.post(
        trx,
        depositEntries(
          { refType: 'deposit', refId: order.id },
          order.user_id,
          order.vc_id,
          creditedMinor + order.fee_minor,
          order.fee_minor,
        ),
      );
      await recordAudit(trx, {
        operatorId: session.operatorId,
        action: 'deposit.approve',
        targetType: 'recharge_order',
        targetId: order.id,
        reason: body.reason ?? null,
        // The quote and what was credited side by side, with the tolerance in force at the time.
        detail: {
          userId: String(order.user_id),
          symbol: order.symbol,
          quoted: money(order.receive_minor, order.amount_scale),
          credited: money(creditedMinor, order.amount_scale),
          fee: money(order.fee_minor, order.amount_scale),
          tolerancePercent,
        },
        ip,
        now: this.now(),
      });
      this.announce(trx, { kind: 'recharge', id: order.id, userId: order.user_id, status: 'approved' });
      return toAdminDepositOrder(await this.depositRow(trx, order.id));
    });
  }

  async rejectDeposit(
    session: OperatorSession,
    body: ParsedBodyOf<Api['adminRechargeReject']>,
    ip: string,
  ): Promise<DataOf<Api['adminRechargeReject']>> {
    return this.deps.money.committer.run(async (trx) => {
      await this.review(
        trx,
        'recharge_order',
        body.orderId,
        { status: 'rejected', reject_reason: body.reason },
        session,
      );
      await recordAudit(trx, {
        operatorId: session.operatorId,
        action: 'deposit.reject',
        targetType: 'recharge_order',
        targetId: body.orderId,
        reason: body.reason,
        ip,
        now: this.now(),
      });
      const order = await this.depositRow(trx, body.orderId);
      this.announce(trx, { kind: 'recharge', id: order.id, userId: order.user_id, status: 'rejected' });
      return toAdminDepositOrder(order);
    });
  }

  approveWithdrawal(
    session: OperatorSession,
    body: ParsedBodyOf<Api['adminWithdrawApprove']>,
    ip: string,
  ): Promise<DataOf<Api['adminWithdrawApprove']>> {
    return this.decideWithdrawal(session, body.orderId, { payoutReference: body.payoutReference }, ip);
  }

  rejectWithdrawal(
    session: OperatorSession,
    body: ParsedBodyOf<Api['adminWithdrawReject']>,
    ip: string,
  ): Promise<DataOf<Api['adminWithdrawReject']>> {
    return this.decideWithdrawal(session, body.orderId, { reason: body.reason }, ip);
  }

  /**
   * Pays a pending withdrawal out (with its payout reference) or returns it to the user (with a
   * reason): the review, the entry and the audit row commit together.
   */
  private decideWithdrawal(
    session: OperatorSession,
    orderId: number,
    decision: { payoutReference: string } | { reason: string },
    ip: string,
  ): Promise<DataOf<Api['adminWithdrawApprove']>> {
    const { money: m } = this.deps;
    const approved = 'payoutReference' in decision;
    return m.committer.run(async (trx) => {
      await this.review(
        trx,
        'withdraw_order',
        orderId,
        approved
          ? { status: 'approved', payout_reference: decision.payoutReference }
          : { status: 'rejected', reject_reason: decision.reason },
        session,
      );
      const order = await this.withdrawalRow(trx, orderId);
      const ref = { refType: 'withdrawal', refId: order.id };
      await m.ledger.post(trx, [
        approved
          ? withdrawalPayoutEntry(ref, order.vc_id, order.amount_minor, order.fee_minor)
          : withdrawalReturnEntry(ref, order.user_id, order.vc_id, order.amount_minor),
      ]);
      const detail = {
        userId: String(order.user_id),
        symbol: order.symbol,
        amount: money(order.amount_minor, order.amount_scale),
      };
      await recordAudit(trx, {
        operatorId: session.operatorId,
        action: approved ? 'withdrawal.approve' : 'withdrawal.reject',
        targetType: 'withdraw_order',
        targetId: order.id,
        ...(approved
          ? { detail: { ...detail, payoutReference: decision.payoutReference } }
          : { reason: decision.reason, detail }),
        ip,
        now: this.now(),
      });
      this.announce(trx, {
        kind: 'withdraw',
        id: order.id,
        userId: order.user_id,
        status: approved ? 'approved' : 'rejected',
      });
      return toAdminWithdrawOrder(order);
    });
  }

  async adjustBalance(
    session: OperatorSession,
    body: ParsedBodyOf<Api['adminBalanceAdjust']>,
    key: string,
    ip: string,
  ): Promise<DataOf<Api['adminBalanceAdjust']>> {
    const { money: m } = this.deps;
    return m.requests.run(
      { owner: `o:${session.operatorId}`, key, endpoint: '/admin/balance/adjust', body },
      async () => {
        const vc = await walletCurrency(this.db, body.vcId);
        if (!vc) throw fieldError('VC_NOT_FOUND', 'vcId');
        if (!(await findUserById(this.db, body.userId))) throw fieldError('USER_NOT_FOUND', 'userId');
        const negative = body.amount.startsWith('-');
        const magnitude = requireAmount(
          negative ? body.amount.slice(1) : body.amount,
          vc.amount_scale,
          'amount',
          await readAmountRule(this.db),
        );
        return { vc, deltaMinor: negative ? -magnitude : magnitude };
      },
      async (trx, { vc, deltaMinor }) => {
        const result = await postAdjustment(
          m,
          trx,
          {
            operatorId: session.operatorId,
            userId: body.userId,
            vcId: vc.id,
            deltaMinor,
            reason: body.reason,
          },
          this.now(),
        );
        await recordAudit(trx, {
          operatorId: session.operatorId,
          action: 'balance.adjust',
          targetType: 'user',
          targetId: body.userId,
          reason: body.reason,
          detail: {
            symbol: vc.symbol,
            amount: money(deltaMinor, vc.amount_scale),
            adjustmentId: String(result.adjustmentId),
          },
          ip,
          now: this.now(),
        });
        return {
          adjustmentId: result.adjustmentId,
          balanceAfter: money(result.balanceAfterMinor, vc.amount_scale),
        };
      },
    );
  }

  // ---- internals -----------------------------------------------------------------------------

  /**
   * What an approval credits, and whether this operator may credit it. A deposit credits its
   * quote. Another amount needs a reason; it may differ from the quote by RECHARGE
   * `creditTolerancePercent` of it at most, and by more only for an administrator, who alone may
   * also adjust balances. The amount typed follows the amount rules of every other request.
   */
  private async checkCredit(
    session: OperatorSession,
    order: DepositOrderRow,
    body: ParsedBodyOf<Api['adminRechargeApprove']>,
  ): Promise<{ creditedMinor: bigint; tolerancePercent: string }> {
    const tolerancePercent = await getConfigValue(this.db, 'RECHARGE', 'creditTolerancePercent');
    const basisPoints = tolerancePercent === undefined ? null : toleranceBasisPoints(tolerancePercent);
    if (tolerancePercent === undefined || basisPoints === null) {
      // The seed publishes the setting; without a valid one there is no bound to hold operators to.
      throw new Error(
        `RECHARGE creditTolerancePercent must be a percentage from 0 to 100, not ${tolerancePercent}`,
      );
    }
    const creditedMinor =
      body.creditedAmount === undefined
        ? order.receive_minor
        : creditedAmountOf(body.creditedAmount, order, await readAmountRule(this.db));
    const review = reviewDepositCredit(order.receive_minor, creditedMinor, basisPoints);
    if (review !== 'quoted' && body.reason === undefined) {
      throw fieldError('VALIDATION_FAILED', 'reason', 'validation.creditReason');
    }
    if (review === 'beyondTolerance' && session.role !== 'administrator') {
      throw new AppError('CREDIT_NEEDS_ADMINISTRATOR', {
        params: { percent: tolerancePercent },
        data: {
          field: 'creditedAmount',
          maxDifference: money(creditToleranceMinor(order.receive_minor, basisPoints), order.amount_scale),
        },
      });
    }
    return { creditedMinor, tolerancePercent };
  }

  /** Tells the user's live channel about the order once this unit of work has committed. */
  private announce(trx: Kysely<Database>, change: FundingOrderChange): void {
    const { watcher } = this.deps;
    if (watcher) this.deps.money.committer.afterCommit(trx, () => watcher.fundingOrderChanged(change));
  }

  private async requireOpen(group: 'RECHARGE' | 'WITHDRAW'): Promise<void> {
    if ((await getConfigValue(this.db, group, 'enabled')) === 'false') throw new AppError('FUNDING_CLOSED');
  }

  /** Moves an order out of `pending`, once (two operators at the same moment: one of them). */
  private async review(
    trx: Transaction<Database>,
    table: OrderTable,
    orderId: number,
    changes: Updateable<Database['recharge_order']> | Updateable<Database['withdraw_order']>,
    session: OperatorSession,
  ): Promise<void> {
    const reviewed = { ...changes, reviewed_by: session.operatorId, reviewed_at: this.now() };
    const result = await reviewPending(trx, table, orderId, reviewed);
    if (result === 'done') return;
    throw fieldError(result === 'reviewed' ? 'ORDER_ALREADY_REVIEWED' : 'ORDER_NOT_FOUND', 'orderId');
  }

  private async depositRow(db: Kysely<Database>, id: number) {
    const row = await depositOrder(db, id);
    if (!row) throw fieldError('ORDER_NOT_FOUND', 'orderId');
    return row;
  }

  private async withdrawalRow(db: Kysely<Database>, id: number) {
    const row = await withdrawalOrder(db, id);
    if (!row) throw fieldError('ORDER_NOT_FOUND', 'orderId');
    return row;
  }
}

/**
 * What proves a deposit's payment, as stored: a crypto deposit names its transaction (a hash valid
 * for the channel's network, in the form its network compares hashes); a bank or fast-payment
 * deposit names its payer. The fields of the other kind are not stored.
 */
function depositProof(
  c: ChannelRow,
  body: ParsedBodyOf<Api['rechargeRequest']>,
): { tx_hash: string | null; payer_name: string | null; payer_mobile: string | null } {
  if (c.method === 'chain') {
    // Every chain channel names its network (funding-seed.ts, the console's channel form).
    if (!c.chain_name) throw new Error(`chain channel ${c.id} has no network`);
    if (body.txHash === undefined || body.txHash === '')
      throw fieldError('VALIDATION_FAILED', 'txHash', `validation.txHash.${txHashRule(c.chain_name)}`);
    const check = checkTxHash(c.chain_name, body.txHash);
    if (!check.ok) throw fieldError('VALIDATION_FAILED', 'txHash', `validation.txHash.${check.rule}`);
    return { tx_hash: check.key, payer_name: null, payer_mobile: null };
  }
  if (body.payerName === undefined)
    throw fieldError('VALIDATION_FAILED', 'payerName', 'validation.payerName');
  if (body.payerMobile === undefined)
    throw fieldError('VALIDATION_FAILED', 'payerMobile', 'validation.payerMobile');
  return { tx_hash: null, payer_name: body.payerName, payer_mobile: body.payerMobile };
}

function voucherImage(upload: { mime: string; content: Uint8Array; width: number; height: number }) {
  return {
    mime: upload.mime,
    dataBase64: Buffer.from(upload.content).toString('base64'),
    width: upload.width,
    height: upload.height,
  };
}

/**
 * The amount an operator typed to credit. Typed as the quote itself, it is the quote, whose
 * decimals the server computed (a quote may carry more than the platform's amount rule allows);
 * any other amount is read under the same rules as every amount a request carries.
 */
function creditedAmountOf(text: string, order: DepositOrderRow, rule: AmountRule): bigint {
  const atCoinScale = parseDecimal(text.trim(), order.amount_scale);
  if (atCoinScale.ok && atCoinScale.minor === order.receive_minor) return order.receive_minor;
  return requireAmount(text, order.amount_scale, 'creditedAmount', rule);
}

/**
 * One keyset page of orders, newest first: filtered by status and user, after `cursor`. Works for
 * both order tables, whose queries alias the order as `o`.
 */
function queueOrder(body: Page): 'newest' | 'oldest' {
  return body.status === 'pending' ? 'oldest' : 'newest';
}

async function page<Row extends { id: number }, Item>(
  read: (page: OrderPage) => Promise<Row[]>,
  body: Page,
  view: (row: Row) => Item,
  order: 'newest' | 'oldest' = 'newest',
): Promise<{ list: Item[]; nextCursor: number | null }> {
  // One row more than the page tells whether another page follows.
  const rows = await read({ ...body, limit: body.limit + 1, order });
  const list = rows.slice(0, body.limit);
  return {
    list: list.map(view),
    nextCursor: rows.length > body.limit ? (list[list.length - 1]?.id ?? null) : null,
  };
}
