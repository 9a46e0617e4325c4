import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { parseDecimal } from '@vela/domain';
import { checkBooks } from '../../../src/books.ts';
import { postAdjustment } from '../../../src/modules/wallet/adjustments.ts';
import type { TestApp } from '../../helpers/test-app.ts';

/** A fresh idempotency key, as a client makes one per money-moving submission. */
export function idemKey(): string {
  return randomBytes(12).toString('hex');
}

export async function vcIdOf(t: TestApp, symbol: string): Promise<{ id: number; scale: number }> {
  const row = await t.db
    .selectFrom('vc')
    .select(['id', 'amount_scale'])
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  return { id: row.id, scale: row.amount_scale };
}

/** Credits a user's spot account through an operator adjustment (operator 0 stands for a test). */
export async function fund(t: TestApp, userId: number, symbol: string, amount: string): Promise<void> {
  const vc = await vcIdOf(t, symbol);
  const parsed = parseDecimal(amount, vc.scale);
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  await t.money.committer.run((trx) =>
    postAdjustment(t.money, trx, {
      operatorId: 0,
      userId,
      vcId: vc.id,
      deltaMinor: parsed.minor,
      reason: 'test funding',
    }),
  );
}

/** The invariant checker must find nothing. */
export async function expectBooksBalanced(t: TestApp): Promise<void> {
  const report = await checkBooks(t.db, t.storage.dialect);
  expect(
    report.violations,
    JSON.stringify(report.violations, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
  ).toEqual([]);
}
