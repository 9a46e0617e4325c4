import { clientMessageSchema, KLINE_INTERVALS, type ClientMessage, type ServerMessage } from '@vela/contract';

/** Parsing and encoding of the `/api/ws` protocol (see `@vela/contract` live.ts). */
const OPS = new Set(['sub', 'unsub', 'ping']);
const TOPICS = new Set(['tickers', 'kline', 'user']);

export type ParsedClientMessage = { ok: true; message: ClientMessage } | { ok: false; error: string };

/** Parses one text frame; never throws. The error text says what was wrong, in plain English. */
export function parseClientMessage(text: string): ParsedClientMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Malformed message: expected a JSON object such as {"op":"ping"}.' };
  }
  const parsed = clientMessageSchema.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data };
  return { ok: false, error: describeInvalid(json) };
}

function describeInvalid(json: unknown): string {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return 'Malformed message: expected a JSON object such as {"op":"ping"}.';
  }
  const { op, topic } = json as { op?: unknown; topic?: unknown };
  if (typeof op !== 'string' || !OPS.has(op)) {
    return `Unknown op ${JSON.stringify(op ?? null)}: expected "sub", "unsub" or "ping".`;
  }
  if (typeof topic !== 'string' || !TOPICS.has(topic)) {
    return `Unknown topic ${JSON.stringify(topic ?? null)}: expected "tickers", "kline" or "user".`;
  }
  if (topic === 'user') {
    return 'Invalid user sub: token must be the session token (a non-empty string of at most 256 characters).';
  }
  return `Invalid kline ${op}: vcId must be a positive integer and interval one of ${KLINE_INTERVALS.join(', ')}.`;
}

/** Encodes a server message once, as the UTF-8 bytes of its JSON, ready to send to many sockets. */
export function encodeServerMessage(message: ServerMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}
