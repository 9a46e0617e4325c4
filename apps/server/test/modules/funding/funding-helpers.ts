import { randomBytes } from 'node:crypto';
import { endpoints } from '@vela/contract';
import {
  DEFAULT_FUND_PASSWORD,
  expectSuccess,
  login,
  pw,
  registerUser,
  userRow,
  type TestApp,
} from '../../helpers/test-app.ts';
import { fund } from '../ledger/ledger-helpers.ts';

const { payment } = endpoints;

/** A new member, signed in. */
export async function newMember(t: TestApp): Promise<{ token: string; userId: number; username: string }> {
  const member = await registerUser(t);
  const token = await login(t, member.username, member.password);
  const userId = (await userRow(t.db, member.username))?.id ?? 0;
  return { token, userId, username: member.username };
}

/**
 * A member who may withdraw: `balance` USDT on spot, real-name verification approved, and a bound
 * USDT TRC20 address (its id is `addressId`).
 */
export async function verifiedMemberWithAddress(t: TestApp, balance: string) {
  const member = await newMember(t);
  await fund(t, member.userId, 'USDT', balance);
  await t.db
    .updateTable('users')
    .set({ real_name_status: 'APPROVED' })
    .where('id', '=', member.userId)
    .execute();
  const chains = expectSuccess(await t.call(payment.chainList, {}));
  const trc20 = chains.find((c) => c.symbol === 'USDT' && c.chainName === 'TRC20');
  const address = expectSuccess(
    await t.call(
      payment.walletAddressAdd,
      {
        vcId: trc20?.vcId ?? 0,
        vcChainNameId: trc20?.id ?? 0,
        vcAccount: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        fundPwd: pw(DEFAULT_FUND_PASSWORD),
      },
      { token: member.token },
    ),
  );
  return { ...member, addressId: address.id };
}

/**
 * A transaction hash no deposit has named yet, in the form of the TRC20, Bitcoin and XRP networks
 * (64 hex digits): crypto deposits name the transaction that paid them, once.
 */
export function newTxHash(): string {
  return randomBytes(32).toString('hex');
}
