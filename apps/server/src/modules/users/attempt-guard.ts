import { AppError } from '../../errors.ts';
import {
  ATTEMPT_RULES,
  LOGIN_SPACING,
  type AttemptOutcome,
  type AttemptStore,
} from '../../lib/attempt-limiter.ts';

export type AttemptKind = keyof typeof ATTEMPT_RULES;

/** The longest a check waits for running checks of its key to give their places back. */
const RUNNING_WAIT_MS = 3_000;

/**
 * One reserved check. It is settled exactly once: the first `settle` counts, later ones do nothing,
 * so a caller can settle the outcome it knows and still settle a default in `finally`.
 */
export interface AttemptTicket {
  settle(outcome: AttemptOutcome): Promise<void>;
}

/**
 * Applies the attempt rules and answers RATE_LIMITED, with the wait in seconds, once a limit is hit.
 * Every check reserves its place before it runs (decision 036), so at most the rule's `max` checks
 * of a key can run in a window, however many requests arrive at once.
 */
export class AttemptGuard {
  constructor(private readonly store: AttemptStore) {}

  /**
   * Reserves one check of `key`, or refuses with RATE_LIMITED without running it. When the places
   * are taken by checks still running, it waits for them to end (up to RUNNING_WAIT_MS), since each
   * may give its place back: several right answers sent at once (a user's concurrent withdrawals)
   * then all run, one group after the other, while wrong ones still stop at `max`.
   */
  async reserve(kind: AttemptKind, key: string): Promise<AttemptTicket> {
    const { max, windowMs } = ATTEMPT_RULES[kind];
    const storeKey = `${kind}:${key}`;
    const deadline = performance.now() + RUNNING_WAIT_MS;
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      const reservation = await this.store.reserve(storeKey, max, windowMs);
      if (reservation.granted) return this.ticket([storeKey]);
      if (reservation.running === 0) throw limited(reservation.resetInMs);
      if (performance.now() >= deadline) throw limited(1_000);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /**
   * Runs `check` under a reservation: an answer that `passed` refuses (or an error) keeps the place
   * as a failure, one it accepts gives it back. The failures are not forgotten on success: for codes
   * and passwords asked of a signed-in user, a right answer says nothing about earlier wrong ones.
   */
  async check<T>(
    kind: AttemptKind,
    key: string,
    check: () => Promise<T>,
    passed: (answer: T) => boolean,
  ): Promise<T> {
    const ticket = await this.reserve(kind, key);
    let ok = false;
    try {
      const answer = await check();
      ok = passed(answer);
      return answer;
    } finally {
      await ticket.settle(ok ? 'released' : 'failed');
    }
  }

  /**
   * Reserves a login check of an account (`login` rules) from one client address. The address has
   * its own limit (`loginFromAddress`); when it is used up, that address is locked for the rest of
   * its window. When the account's limit is used up by other addresses, this address may still try,
   * one check at a time for the account, spaced by a doubling delay (LOGIN_SPACING): the owner keeps
   * a way in, a guesser gains one check per delay.
   */
  async reserveLogin(account: string, address: string): Promise<AttemptTicket> {
    const addressKey = `loginFromAddress:${account}:${address}`;
    const accountKey = `login:${account}`;
    const fromAddress = await this.store.reserve(
      addressKey,
      ATTEMPT_RULES.loginFromAddress.max,
      ATTEMPT_RULES.loginFromAddress.windowMs,
    );
    // Refused while checks from the address still run: a new try may pass in a moment.
    if (!fromAddress.granted) throw limited(fromAddress.running > 0 ? 1_000 : fromAddress.resetInMs);
    // A success forgets the account's failures, without freeing the places of checks still running,
    // and starts the spaced slot over.
    const forgiveAccount = async (outcome: AttemptOutcome) => {
      if (outcome === 'passed') await this.store.forgive(accountKey);
    };
    const { max, windowMs } = ATTEMPT_RULES.login;
    const forAccount = await this.store.reserve(accountKey, max, windowMs);
    if (forAccount.granted) return this.ticket([addressKey, accountKey], forgiveAccount);
    if (forAccount.running > 0) {
      // Checks of the account are running: they may still fail and use its places up, so nothing
      // is decided yet. Login does not wait for them (a right one among them would forget the
      // failures and let the waiting guesses through); it asks for a new try in a second.
      await this.store.settle(addressKey, 'released');
      throw limited(1_000);
    }

    const spaced = await this.store.reserveSpaced(accountKey, LOGIN_SPACING);
    if (!spaced.granted) {
      // Refused before any check: the address's place is given back, so waiting costs it nothing.
      await this.store.settle(addressKey, 'released');
      throw limited(spaced.waitMs);
    }
    return this.ticket([addressKey], forgiveAccount);
  }

  /** Counts an action that is limited whether or not it succeeds (sending an email). */
  async consume(kind: AttemptKind, key: string): Promise<void> {
    const { count, resetInMs } = await this.store.hit(`${kind}:${key}`, ATTEMPT_RULES[kind].windowMs);
    if (count > ATTEMPT_RULES[kind].max) throw limited(resetInMs);
  }

  private ticket(
    keys: readonly string[],
    afterSettle?: (outcome: AttemptOutcome) => Promise<void>,
  ): AttemptTicket {
    let settled = false;
    return {
      settle: async (outcome) => {
        if (settled) return;
        settled = true;
        for (const key of keys) await this.store.settle(key, outcome);
        await afterSettle?.(outcome);
      },
    };
  }
}

function limited(waitMs: number): AppError {
  return new AppError('RATE_LIMITED', { params: { seconds: Math.max(1, Math.ceil(waitMs / 1000)) } });
}
