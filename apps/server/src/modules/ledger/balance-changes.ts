import type { EntryDraft, EntryType } from '@vela/domain';

/** One user's balance in one currency changed, and the kind of journal entry that changed it. */
export interface BalanceChange {
  userId: number;
  vcId: number;
  entryType: EntryType;
}

export type BalanceChangeListener = (changes: readonly BalanceChange[]) => void;

/**
 * The users' balance changes of the entries, once each: the user accounts the postings touch,
 * by currency and entry type. Platform accounts (house, fees, clearing, escrow) belong to nobody
 * who could be told.
 */
export function balanceChangesOf(entries: readonly EntryDraft[]): BalanceChange[] {
  const seen = new Set<string>();
  const changes: BalanceChange[] = [];
  for (const entry of entries) {
    for (const { account } of entry.postings) {
      if (account.userId === null) continue;
      const key = `${account.userId}:${account.vcId}:${entry.type}`;
      if (seen.has(key)) continue;
      seen.add(key);
      changes.push({ userId: account.userId, vcId: account.vcId, entryType: entry.type });
    }
  }
  return changes;
}

/**
 * Where committed balance changes are announced (decision 024): the users' live channel listens
 * here and tells each user's sockets. Listeners run after the commit, synchronously, and must be
 * quick; one that throws is reported and does not stop the others.
 */
export class BalanceChanges {
  private readonly listeners = new Set<BalanceChangeListener>();

  subscribe(listener: BalanceChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(changes: readonly BalanceChange[]): void {
    if (changes.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(changes);
      } catch (error) {
        console.error('[money] a balance-change listener failed', error);
      }
    }
  }
}
