import type { RecordedTick } from '../timing.ts';
import {
  ContractState,
  type Account,
  type CloseReason,
  type ContractOrder,
  type Position,
} from './contract-state.ts';

/** Whether a tick at `price` reaches a limit open: a long at or below its limit, a short at or above. */
export function limitCrossed(order: Pick<ContractOrder, 'side' | 'limitPrice'>, price: bigint): boolean {
  const limit = order.limitPrice as bigint;
  return order.side === 'long' ? price <= limit : price >= limit;
}

/**
 * Which target a tick at `price` reaches: a long's take-profit at or above it and stop-loss at or
 * below it, a short's the other way round; null for neither.
 */
export function targetCrossed(
  position: Pick<Position, 'side' | 'takeProfit' | 'stopLoss'>,
  price: bigint,
): CloseReason | null {
  const { side, takeProfit, stopLoss } = position;
  if (takeProfit !== null && (side === 'long' ? price >= takeProfit : price <= takeProfit))
    return 'take_profit';
  if (stopLoss !== null && (side === 'long' ? price <= stopLoss : price >= stopLoss)) return 'stop_loss';
  return null;
}

/**
 * The naive reference: every recorded second looks at every order, every position and every
 * account. It is the rule at its plainest, and the property test demands the fast engine do the
 * same; it is never used to run the platform.
 */
export class ContractReference extends ContractState {
  private orders(): ContractOrder[] {
    return [...this.accounts.values()].flatMap((account) => [...account.orders.values()]);
  }

  protected marketOrders(timeMs: number, ticks: ReadonlyMap<number, RecordedTick>): ContractOrder[] {
    return this.orders()
      .filter((o) => o.kind === 'market' && o.acceptedAt < timeMs && ticks.has(o.coinId))
      .sort((a, b) => a.id - b.id);
  }

  protected limitOrders(timeMs: number, ticks: ReadonlyMap<number, RecordedTick>): ContractOrder[] {
    return this.orders()
      .filter((o) => {
        const tick = ticks.get(o.coinId);
        return (
          o.kind === 'limit' &&
          o.acceptedAt < timeMs &&
          tick !== undefined &&
          limitCrossed(o, tick.priceMinor)
        );
      })
      .sort((a, b) => a.id - b.id);
  }

  protected targets(
    timeMs: number,
    ticks: ReadonlyMap<number, RecordedTick>,
  ): { position: Position; reason: CloseReason }[] {
    const found: { position: Position; reason: CloseReason }[] = [];
    for (const account of this.accounts.values()) {
      for (const position of account.positions.values()) {
        const tick = ticks.get(position.coinId);
        if (!tick || position.openedAt >= timeMs) continue;
        const reason = targetCrossed(position, tick.priceMinor);
        if (reason) found.push({ position, reason });
      }
    }
    return found.sort((a, b) => a.position.id - b.position.id);
  }

  protected forcedCandidates(): Account[] {
    return [...this.accounts.values()]
      .filter((account) => account.positions.size > 0 || this.unpaid.has(account.userId))
      .sort((a, b) => a.userId - b.userId);
  }

  protected begin(): void {}
  protected accepted(): void {}
  protected opened(): void {}
  protected closed(): void {}
  protected cancelled(): void {}
  protected targetsMoving(): void {}
  protected targetsMoved(): void {}
  protected touched(): void {}
  protected settled(): void {}
}
