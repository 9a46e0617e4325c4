import { z } from 'zod';
import { candleSchema, intervalField, tickerSchema } from './market.ts';

/**
 * The WebSocket at `/api/ws` (JSON text frames). The client subscribes to topics; the server pushes
 * each update once per second at most, encoding a message once and sending the same bytes to every
 * subscriber. The server pings every 15 s and drops a client that does not answer in 30 s, and it
 * drops a client whose unsent data passes a buffered-bytes cap instead of letting memory grow; the
 * client then reconnects, resubscribes, and polls meanwhile.
 */
export const LIVE_PATH = '/api/ws';
export const LIVE_HEARTBEAT_MS = 15_000;

// A plain union: `sub` and `unsub` each have two shapes (by topic), which a union discriminated on
// `op` cannot express.
export const clientMessageSchema = z.union([
  z.object({ op: z.literal('sub'), topic: z.literal('tickers') }),
  z.object({ op: z.literal('unsub'), topic: z.literal('tickers') }),
  z.object({
    op: z.literal('sub'),
    topic: z.literal('kline'),
    vcId: z.number().int().positive(),
    interval: intervalField,
  }),
  z.object({
    op: z.literal('unsub'),
    topic: z.literal('kline'),
    vcId: z.number().int().positive(),
    interval: intervalField,
  }),
  z.object({ op: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const serverMessageSchema = z.discriminatedUnion('topic', [
  /** Tickers that changed in the last second. */
  z.object({ topic: z.literal('tickers'), data: z.array(tickerSchema) }),
  /** The current (possibly still open) candle of one coin and interval. */
  z.object({
    topic: z.literal('kline'),
    vcId: z.number().int(),
    interval: intervalField,
    data: candleSchema,
  }),
  z.object({ topic: z.literal('pong'), time: z.number().int() }),
  z.object({ topic: z.literal('error'), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** The topic key of a kline subscription, shared by client and server. */
export const klineTopicKey = (vcId: number, interval: string) => `kline:${vcId}:${interval}`;
