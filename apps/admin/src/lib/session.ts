import { useSyncExternalStore } from 'react';
import type { OperatorInfo } from '@vela/contract';

/**
 * The signed-in operator, kept in sessionStorage: it survives a reload but not the closing of the
 * tab, and another tab signs in on its own (decision 017). The token is an operator token; the
 * server never accepts it on a user endpoint, nor a user's token here.
 */
export interface ConsoleSession {
  token: string;
  operator: OperatorInfo;
}

interface SessionState {
  session: ConsoleSession | null;
  /** Why the last session ended, shown on the sign-in screen (the server's message). */
  endedBecause: string | null;
}

const STORAGE_KEY = 'vela-admin-session';
const listeners = new Set<() => void>();
let state: SessionState = { session: readStored(), endedBecause: null };

function readStored(): ConsoleSession | null {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as Partial<ConsoleSession>;
    return typeof parsed.token === 'string' && parsed.operator ? (parsed as ConsoleSession) : null;
  } catch {
    return null;
  }
}

function update(next: SessionState): void {
  state = next;
  if (next.session) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next.session));
  else sessionStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function currentSession(): ConsoleSession | null {
  return state.session;
}

export function startSession(session: ConsoleSession): void {
  update({ session, endedBecause: null });
}

/** Ends the session on this side; `reason` is shown on the sign-in screen (null after a logout). */
export function endSession(reason: string | null): void {
  if (!state.session && reason === state.endedBecause) return;
  update({ session: null, endedBecause: reason });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}
