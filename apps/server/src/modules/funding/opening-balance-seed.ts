import type { Transaction } from 'kysely';
import { parseDecimal } from '@vela/domain';
import { dialectOf } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { money } from '../ledger/amounts.ts';
import { Ledger } from '../ledger/ledger.ts';
import { recordAudit } from '../operators/audit-log.ts';
import { DEMO_OPERATORS } from '../operators/operators-seed.ts';
import { findOperatorByUsername } from '../operators/operator-repository.ts';
import { findUserByUsername } from '../users/user-repository.ts';
import { DEMO_ACCOUNTS } from '../users/users-seed.ts';
import { coinIdsBySymbol } from '../market/coin-repository.ts';
import { postAdjustment } from '../wallet/adjustments.ts';
import { findAdjustmentByReason, walletCurrency } from '../wallet/wallet-repository.ts';

/**
 * The demo member's opening balance (decision 043): enough to trade at once on a fresh install.
 * The reason is also the mark that it was posted, so a later seed finds it and posts nothing.
 */
export const DEMO_OPENING_BALANCE = {
  symbol: 'USDT',
  amount: '10000',
  reason: 'Opening balance of the demo account',
} as const;

/**
 * Credits the demo member's spot account with its opening balance, once, the way an administrator
 * credits one: a balance adjustment from the house's adjustment account, posted through the ledger,
 * and an audit row naming it. The adjustment row names the seeded administrator, the role that owns
 * balance adjustments; the audit row names no operator, as for any command run by the platform
 * itself. Runs inside the seed's transaction, after the users and operators exist.
 */
export async function seedDemoOpeningBalance(trx: Transaction<Database>, now: number): Promise<void> {
  const member = await findUserByUsername(trx, DEMO_ACCOUNTS.user.username);
  if (!member) throw new Error('The demo member must be seeded before its opening balance');
  const { symbol, amount, reason } = DEMO_OPENING_BALANCE;
  if ((await findAdjustmentByReason(trx, member.id, reason)) !== undefined) return;
  const administrator = DEMO_OPERATORS.find((operator) => operator.role === 'administrator');
  const operator = administrator && (await findOperatorByUsername(trx, administrator.username));
  if (!operator) throw new Error('The seeded administrator must exist before the opening balance');
  const vcId = (await coinIdsBySymbol(trx, [symbol])).get(symbol);
  const vc = vcId === undefined ? undefined : await walletCurrency(trx, vcId);
  if (!vc) throw new Error(`The opening balance's coin ${symbol} is not a seeded wallet currency`);
  const parsed = parseDecimal(amount, vc.amount_scale);
  if (!parsed.ok) throw new Error(`The opening balance ${amount} ${symbol} is not an amount`);
  const result = await postAdjustment(
    { ledger: new Ledger(dialectOf(trx), () => now) },
    trx,
    { operatorId: operator.id, userId: member.id, vcId: vc.id, deltaMinor: parsed.minor, reason },
    now,
  );
  await recordAudit(trx, {
    operatorId: null,
    action: 'balance.adjust',
    targetType: 'user',
    targetId: member.id,
    reason,
    detail: {
      symbol,
      amount: money(parsed.minor, vc.amount_scale),
      adjustmentId: String(result.adjustmentId),
    },
    now,
  });
}
