import type { FundingChannel, RechargeOrder, WithdrawOrder } from '@vela/contract';
import { money } from '../ledger/amounts.ts';
import type { ChannelRow, DepositOrderRow, WithdrawOrderRow } from './funding-repository.ts';

export function toChannel(c: ChannelRow): FundingChannel {
  return {
    id: c.id,
    method: c.method as FundingChannel['method'],
    vcId: c.vc_id,
    symbol: c.symbol,
    walletScale: c.amount_scale,
    payCurrency: c.pay_currency,
    payScale: c.pay_scale,
    name: c.name,
    chainName: c.chain_name,
    address: c.address,
    bankName: c.bank_name,
    accountName: c.account_name,
    accountNumber: c.account_number,
    min: c.min_amount,
    max: c.max_amount,
    feeRate: c.fee_rate,
    rate: c.rate,
  };
}

type Timeline = RechargeOrder['timeline'];

/** Submitted, then approved or rejected with the operator's note and time, or cancelled. */
function timeline(row: {
  created_at: number;
  status: string;
  reviewed_at: number | null;
  reject_reason: string | null;
  note?: string | null;
}): Timeline {
  const steps: Timeline = [{ state: 'submitted', at: row.created_at, note: null }];
  if (row.status === 'approved')
    steps.push({ state: 'approved', at: row.reviewed_at ?? row.created_at, note: row.note ?? null });
  if (row.status === 'rejected')
    steps.push({ state: 'rejected', at: row.reviewed_at ?? row.created_at, note: row.reject_reason });
  // A cancelled withdrawal keeps the time it was cancelled in `reviewed_at`, with no operator.
  if (row.status === 'cancelled')
    steps.push({ state: 'cancelled', at: row.reviewed_at ?? row.created_at, note: null });
  return steps;
}

export function toDepositOrder(o: DepositOrderRow): RechargeOrder {
  return {
    id: o.id,
    channelId: o.channel_id,
    method: o.method as RechargeOrder['method'],
    vcId: o.vc_id,
    symbol: o.symbol,
    payCurrency: o.pay_currency,
    payAmount: money(o.pay_amount_minor, o.pay_scale),
    fee: money(o.fee_minor, o.amount_scale),
    receiveAmount: money(o.receive_minor, o.amount_scale),
    creditedAmount: o.credited_minor === null ? null : money(o.credited_minor, o.amount_scale),
    chainName: o.chain_name,
    txHash: o.tx_hash,
    payerName: o.payer_name,
    payerMobile: o.payer_mobile,
    status: o.status as RechargeOrder['status'],
    rejectReason: o.reject_reason,
    createdAt: o.created_at,
    reviewedAt: o.reviewed_at,
    timeline: timeline(o),
  };
}

export function toWithdrawOrder(o: WithdrawOrderRow): WithdrawOrder {
  return {
    id: o.id,
    channelId: o.channel_id,
    method: o.method as WithdrawOrder['method'],
    vcId: o.vc_id,
    symbol: o.symbol,
    amount: money(o.amount_minor, o.amount_scale),
    fee: money(o.fee_minor, o.amount_scale),
    payCurrency: o.pay_currency,
    payoutAmount: money(o.payout_pay_minor, o.pay_scale),
    target: o.target as WithdrawOrder['target'],
    targetLabel: o.target_label,
    chainName: o.chain_name,
    status: o.status as WithdrawOrder['status'],
    rejectReason: o.reject_reason,
    payoutReference: o.payout_reference,
    createdAt: o.created_at,
    reviewedAt: o.reviewed_at,
    timeline: timeline({ ...o, note: o.payout_reference }),
  };
}

export function toAdminDepositOrder(o: DepositOrderRow) {
  return {
    ...toDepositOrder(o),
    userId: o.user_id,
    username: o.username,
    voucherUploadId: o.voucher_upload_id,
    reviewedBy: o.reviewed_by,
  };
}

export function toAdminWithdrawOrder(o: WithdrawOrderRow) {
  return {
    ...toWithdrawOrder(o),
    userId: o.user_id,
    username: o.username,
    targetDetail: JSON.parse(o.target_detail) as Record<string, string>,
    reviewedBy: o.reviewed_by,
  };
}
