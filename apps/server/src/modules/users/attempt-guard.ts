import { AppError } from '../../http/app-error.ts';
import { ATTEMPT_RULES, type AttemptStore } from '../../lib/attempt-limiter.ts';

export type AttemptKind = keyof typeof ATTEMPT_RULES;

/** Applies the attempt rules and answers RATE_LIMITED, with the wait in seconds, once a limit is hit. */
export class AttemptGuard {
  constructor(private readonly store: AttemptStore) {}

  /** Refuses before any check when the key has used up its failures for this window. */
  async assertAllowed(kind: AttemptKind, key: string): Promise<void> {
    const { count, resetInMs } = await this.store.peek(`${kind}:${key}`);
    if (count >= ATTEMPT_RULES[kind].max) throw limited(resetInMs);
  }

  async recordFailure(kind: AttemptKind, key: string): Promise<void> {
    await this.store.hit(`${kind}:${key}`, ATTEMPT_RULES[kind].windowMs);
  }

  /** Counts an action that is limited whether or not it succeeds (sending an email). */
  async consume(kind: AttemptKind, key: string): Promise<void> {
    const { count, resetInMs } = await this.store.hit(`${kind}:${key}`, ATTEMPT_RULES[kind].windowMs);
    if (count > ATTEMPT_RULES[kind].max) throw limited(resetInMs);
  }

  async reset(kind: AttemptKind, key: string): Promise<void> {
    await this.store.clear(`${kind}:${key}`);
  }
}

function limited(resetInMs: number): AppError {
  return new AppError('RATE_LIMITED', { params: { seconds: Math.max(1, Math.ceil(resetInMs / 1000)) } });
}
