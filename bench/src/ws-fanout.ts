import { execSync, fork, type ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { WebSocket } from 'ws';
import { KLINE_INTERVALS, type Candle, type Ticker } from '@vela/contract';
import { registerLive, type LiveHubStats } from '../../apps/server/src/modules/live/live-hub.ts';
import { MarketEvents, type MarketUpdate } from '../../apps/server/src/modules/market/market-events.ts';
import { isEntryPoint } from './entry-point.ts';

/**
 * WebSocket fan-out of the live hub: thousands of loopback clients subscribed to tickers, one update
 * with every coin's ticker (and its candles) each second. The server runs in its own process (so
 * the clients' work does not share its event loop) and measures its own CPU and memory; the clients
 * run in further processes and measure tick-to-client latency.
 *
 * Latency runs from the moment the update is handed to the hub to the moment the frame's bytes reach
 * a client process (the clients are lean raw-socket clients, see `openLeanClient`), on the system's
 * monotonic clock (`process.hrtime`, the same clock in every process
 * of the machine, to the microsecond). It is split, for one client in ten, at the moment the server
 * handed that client's frame to the kernel: what comes before is the server's fan-out, what comes
 * after is the kernel and the client process's own queueing. On a machine where the clients share
 * the cores with the server, the second part is the load generator's, not the server's, and the
 * output says how big it is (and how busy the client processes' event loops were) beside the total.
 *
 * The same server then sends the same updates the naive way, one JSON.stringify per client, and the
 * ratio of the two per-tick costs is reported beside the targets: p99 latency <= 50 ms, <= 1 core,
 * <= 600 MB RSS.
 *
 * This file is also the entry point of the child processes (role in VELA_WS_FANOUT_ROLE).
 */

const ROLE = process.env.VELA_WS_FANOUT_ROLE;
const SELF = fileURLToPath(import.meta.url);
const COINS = 16;
/** One client in this many (by port) has its latency split into the server's and the client's part. */
const SPLIT_EVERY = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** CLOCK_MONOTONIC in ms: one clock for every process on the machine. */
const clockMs = () => Number(process.hrtime.bigint()) / 1e6;

export interface WsFanoutOptions {
  clients?: number;
  /** Seconds of hub updates measured (default 20). */
  seconds?: number;
  /** Seconds of the naive reference (default 8). */
  naiveSeconds?: number;
  clientProcesses?: number;
}

// ---- messages between the processes ---------------------------------------------------------------

type Phase = 'hub' | 'naive';
interface TickRecord {
  /** The update's time stamp, carried in every ticker: how clients tell the ticks apart. */
  ts: number;
  /** When the update was handed to the hub (monotonic clock, ms). */
  publishedAt: number;
  /** Publish to the last frame handed to the kernel, and in how many event-loop turns. */
  wallMs: number;
  slices: number;
  /** CPU time of the fan-out, publish to last write: user space only, and user + kernel. */
  userMs: number;
  cpuMs: number;
  /** [client port, when its frame was handed to the kernel] for the sampled clients. */
  handed: [number, number][];
}
interface PhaseResult {
  type: 'phase-done';
  phase: Phase;
  ticks: TickRecord[];
  cpuFraction: number;
  /** How late the server's event loop ran a 1 ms timer: what other work waited behind the fan-out. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  rssMb: number;
  peakRssMb: number;
  stats: LiveHubStats;
}
type ServerOut =
  { type: 'ready'; port: number } | { type: 'stats'; stats: LiveHubStats; rssMb: number } | PhaseResult;
type ServerIn = { type: 'run'; phase: Phase; seconds: number } | { type: 'stats' } | { type: 'exit' };
interface ClientMark {
  type: 'mark';
  cpuMs: number;
  elu: EventLoopUtilization;
  /** Event-loop delay since the previous mark (ms). */
  lagP99Ms: number;
  lagMaxMs: number;
}
type ClientsOut =
  | { type: 'connected'; ok: number; failed: number; firstError: string | null }
  | ClientMark
  | {
      type: 'report';
      /** [ts, arrival times] of every message. */
      arrivals: [number, number[]][];
      /** [ts, [port, arrival time][]] of the sampled clients. */
      split: [number, [number, number][]][];
      /** When heartbeat pings arrived. */
      pings: number[];
      received: number;
      closed: number;
    };
type ClientsIn =
  { type: 'connect'; url: string; count: number } | { type: 'mark' } | { type: 'report' } | { type: 'exit' };

function nextMessage<T extends { type: string }>(
  child: ChildProcess,
  type: T['type'],
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`no "${type}" from a child process in ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: unknown) => {
      if ((message as T).type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
  });
}

const send = (child: ChildProcess, message: ServerIn | ClientsIn) => child.send(message);

// ---- the server process ---------------------------------------------------------------------------

function tickersAt(ts: number, step: number): Ticker[] {
  return Array.from({ length: COINS }, (_, i) => {
    const price = (1000 + i * 137.5 + Math.sin(step + i) * 3).toFixed(2);
    return {
      a: i + 1,
      c: `C${i + 1}`,
      g: price,
      j: '123456.7890',
      k: '12.34',
      l: step % 2 === 0 ? 1 : 2,
      changePer: 1.25,
      changePerStr: '+1.25%',
      turnover: '987654321.123456',
      open: '990.00',
      high: '1100.00',
      low: '900.00',
      name: `Coin ${i + 1}`,
      type: 1,
      precision: 2,
      ts,
    } satisfies Ticker;
  });
}

/** The current candle of every coin and interval, as the feed engine announces them each second. */
function candlesAt(tickers: Ticker[], timeMs: number): MarketUpdate['candles'] {
  return tickers.flatMap((ticker) =>
    KLINE_INTERVALS.map((interval) => {
      const candle: Candle = {
        t: timeMs,
        o: '990.00',
        h: '1100.00',
        l: '900.00',
        c: ticker.g,
        v: '12.5',
        q: '12345.67',
      };
      return { vcId: ticker.a, interval, candle };
    }),
  );
}

interface FanOutEnd {
  /** When the last frame was written (monotonic clock, ms), the process's CPU then, and turns taken. */
  at: number;
  cpu: NodeJS.CpuUsage;
  slices: number;
}

/** A sampled connection: when its first text frame after `armed` was set went to the kernel. */
interface WriteSlot {
  port: number;
  armed: boolean;
  /** A text frame header was written while corked; the uncork hands it over. */
  held: boolean;
  at: number;
}

/**
 * Watches the writes of one connection in ten: the first text frame (first byte 0x81) written after
 * the slot is armed, at the moment it reaches the kernel: at once, or at the uncork that flushes it
 * when the library corks the socket for a header and a payload. Pings and closes (0x89, 0x88) do not
 * count.
 */
function watchWrites(stream: Socket, slots: WriteSlot[]): void {
  const port = stream.remotePort;
  if (port === undefined || port % SPLIT_EVERY !== 0) return;
  const slot: WriteSlot = { port, armed: false, held: false, at: 0 };
  slots.push(slot);
  const target = stream as unknown as { write: (...args: unknown[]) => boolean; uncork: () => void };
  const write = target.write;
  const uncork = target.uncork;
  const handed = () => {
    if (slot.armed && slot.held && !stream.writableCorked) {
      slot.at = clockMs();
      slot.armed = false;
      slot.held = false;
    }
  };
  target.write = function (this: unknown, ...args: unknown[]) {
    const result = write.apply(this, args);
    const chunk = args[0];
    if (slot.armed && Buffer.isBuffer(chunk) && chunk[0] === 0x81) slot.held = true;
    handed();
    return result;
  };
  target.uncork = function (this: unknown) {
    uncork.call(this);
    handed();
  };
}

async function serverRole(): Promise<void> {
  const app = Fastify({ logger: false });
  const events = new MarketEvents();
  // The hub tells when a fan-out has written its last frame (it may take several event-loop turns).
  const fanOut: { end: FanOutEnd | null; wake: (() => void) | null } = { end: null, wake: null };
  const hub = await registerLive(app, events, {
    maxClients: 100_000,
    onFanOut: (_durationMs, slices) => {
      fanOut.end = { at: clockMs(), cpu: process.cpuUsage(), slices };
      fanOut.wake?.();
    },
  });
  const slots: WriteSlot[] = [];
  app.websocketServer.on('connection', (_socket: WebSocket, request: IncomingMessage) =>
    watchWrites(request.socket, slots),
  );
  await app.listen({ host: '127.0.0.1', port: 0, backlog: 4096 });
  const reply = (message: ServerOut) => process.send?.(message);
  reply({ type: 'ready', port: (app.server.address() as AddressInfo).port });

  const naivePublish = (update: MarketUpdate) => {
    // The reference: what a hub without shared encoding does, one stringify (and one UTF-8
    // conversion and framing inside ws) per client.
    for (const socket of app.websocketServer.clients) {
      if (socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ topic: 'tickers', data: update.tickers }));
      }
    }
  };

  const run = async (phase: Phase, seconds: number): Promise<PhaseResult> => {
    const ticks: TickRecord[] = [];
    let peakRss = process.memoryUsage.rss();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const cpuStart = process.cpuUsage();
    const wallStart = performance.now();
    for (let step = 0; step <= seconds; step += 1) {
      const due = wallStart + step * 1000;
      await sleep(Math.max(0, due - performance.now()));
      // The previous tick's second is over: every sampled client's frame has been written.
      const last = ticks.at(-1);
      if (last) {
        for (const slot of slots) {
          if (!slot.armed && slot.at >= last.publishedAt) last.handed.push([slot.port, slot.at]);
          slot.armed = false;
          slot.held = false;
        }
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
      }
      if (step === seconds) break;
      const ts = Date.now();
      const tickers = tickersAt(ts, step);
      const timeMs = ts - (ts % 1000);
      const update: MarketUpdate = { timeMs, tickers, candles: candlesAt(tickers, timeMs) };
      for (const slot of slots) slot.armed = true;
      fanOut.end = null;
      const cpuBefore = process.cpuUsage();
      const publishedAt = clockMs();
      if (phase === 'hub') {
        // Until the last frame is written, or at most until the next tick is due.
        let timer: NodeJS.Timeout | undefined;
        const ended = new Promise<void>((resolve) => {
          fanOut.wake = resolve;
          timer = setTimeout(resolve, Math.max(0, due + 1000 - performance.now()));
        });
        events.publish(update);
        await ended;
        clearTimeout(timer);
        fanOut.wake = null;
      } else {
        naivePublish(update);
        fanOut.end = { at: clockMs(), cpu: process.cpuUsage(), slices: 1 };
      }
      // A fan-out still going when the next tick is due is at least that long.
      const end = fanOut.end ?? { at: clockMs(), cpu: process.cpuUsage(), slices: Number.NaN };
      ticks.push({
        ts,
        publishedAt,
        wallMs: end.at - publishedAt,
        slices: end.slices,
        userMs: (end.cpu.user - cpuBefore.user) / 1000,
        cpuMs: (end.cpu.user - cpuBefore.user + end.cpu.system - cpuBefore.system) / 1000,
        handed: [],
      });
    }
    loopDelay.disable();
    const cpu = process.cpuUsage(cpuStart);
    const wallMs = performance.now() - wallStart;
    const rss = process.memoryUsage.rss();
    return {
      type: 'phase-done',
      phase,
      ticks,
      cpuFraction: (cpu.user + cpu.system) / 1000 / wallMs,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      loopDelayMaxMs: loopDelay.max / 1e6,
      rssMb: rss / 1_048_576,
      peakRssMb: Math.max(peakRss, rss) / 1_048_576,
      stats: hub.stats(),
    };
  };

  process.on('message', (message: ServerIn) => {
    if (message.type === 'stats') {
      reply({ type: 'stats', stats: hub.stats(), rssMb: process.memoryUsage.rss() / 1_048_576 });
    } else if (message.type === 'run') {
      void run(message.phase, message.seconds).then(reply);
    } else if (message.type === 'exit') {
      void app.close().finally(() => process.exit(0));
    }
  });
}

// ---- the client processes -------------------------------------------------------------------------

const TS_KEY = Buffer.from('"ts":');
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The publish time a tickers message carries (its first ticker's `ts`), read without parsing it all. */
function publishTime(data: Buffer): number {
  let at = data.indexOf(TS_KEY);
  if (at < 0) return -1;
  at += TS_KEY.length;
  let value = 0;
  for (let byte = data[at]; byte !== undefined && byte >= 48 && byte <= 57; byte = data[++at]) {
    value = value * 10 + (byte - 48);
  }
  return value;
}

/**
 * The load generator's WebSocket client, kept as lean as the protocol allows: a plain TCP socket that
 * reads into one buffer shared by all connections (no allocation per read), parses frame headers
 * itself and finds the publish time in the payload without decoding it, answers pings, and masks its
 * own frames as the protocol requires. A full client library spends about 35 us of CPU per message
 * on its streams and events; here the clients share the machine's two cores with the server, and
 * every microsecond the load generator spends is one the server's deliveries wait for (decision 021).
 * Arrival is stamped when the bytes reach the process, before anything else is done with them.
 */
const SHARED_READ_BUFFER = Buffer.alloc(256 * 1024);

interface LeanHandlers {
  onText(ts: number, at: number, sampledPort: number): void;
  onPing(at: number): void;
  onClose(): void;
}

function maskedFrame(opcode: number, payload: Buffer): Buffer {
  if (payload.length > 125) throw new Error('client frames here are short');
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i += 1) frame[6 + i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return frame;
}

function openLeanClient(url: string, handlers: LeanHandlers): Promise<Socket> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let pending: Buffer | null = null;
    let upgraded = false;
    let sampledPort = 0;
    const frames = (data: Buffer, at: number) => {
      let offset = 0;
      while (data.length - offset >= 2) {
        const first = data[offset] ?? 0;
        let length = (data[offset + 1] ?? 0) & 0x7f;
        let header = 2;
        if (length === 126) {
          if (data.length - offset < 4) break;
          length = data.readUInt16BE(offset + 2);
          header = 4;
        } else if (length === 127) {
          if (data.length - offset < 10) break;
          length = Number(data.readBigUInt64BE(offset + 2));
          header = 10;
        }
        if (data.length - offset < header + length) break;
        const payload = data.subarray(offset + header, offset + header + length);
        const opcode = first & 0x0f;
        if (opcode === 0x1) {
          const ts = publishTime(payload);
          if (ts > 0) handlers.onText(ts, at, sampledPort);
        } else if (opcode === 0x9) {
          handlers.onPing(at);
          socket.write(maskedFrame(0xa, Buffer.from(payload)));
        }
        offset += header + length;
      }
      // What is left is part of a frame still coming; the shared buffer is reused, so it is copied.
      pending = offset < data.length ? Buffer.from(data.subarray(offset)) : null;
    };
    const socket = net.connect({
      host: target.hostname,
      port: Number(target.port),
      noDelay: true,
      onread: {
        buffer: SHARED_READ_BUFFER,
        callback: (bytes: number, buffer: Uint8Array) => {
          const at = clockMs();
          const chunk = Buffer.from(buffer.buffer, buffer.byteOffset, bytes);
          const data: Buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
          pending = null;
          if (upgraded) {
            frames(data, at);
            return true;
          }
          const end = data.indexOf('\r\n\r\n');
          if (end < 0) {
            pending = Buffer.from(data);
            return true;
          }
          if (!data.subarray(0, 12).toString('latin1').includes(' 101')) {
            reject(new Error(`upgrade refused: ${data.subarray(0, end).toString('latin1')}`));
            socket.destroy();
            return false;
          }
          upgraded = true;
          const port = socket.localPort ?? 0;
          if (port % SPLIT_EVERY === 0) sampledPort = port;
          socket.write(maskedFrame(0x1, Buffer.from('{"op":"sub","topic":"tickers"}')));
          resolve(socket);
          frames(data.subarray(end + 4), at);
          return true;
        },
      },
    });
    socket.once('connect', () => {
      socket.write(
        `GET ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    socket.once('error', reject);
    socket.on('close', () => {
      if (upgraded) handlers.onClose();
    });
  });
}

async function clientsRole(): Promise<void> {
  const sockets: Socket[] = [];
  const arrivals = new Map<number, number[]>();
  const split = new Map<number, [number, number][]>();
  const pings: number[] = [];
  let received = 0;
  let closed = 0;
  let stopping = false;
  const reply = (message: ClientsOut) => process.send?.(message);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();

  const record = (ts: number, at: number, sampledPort: number) => {
    received += 1;
    let list = arrivals.get(ts);
    if (!list) arrivals.set(ts, (list = []));
    list.push(at);
    if (sampledPort) {
      let sampled = split.get(ts);
      if (!sampled) split.set(ts, (sampled = []));
      sampled.push([sampledPort, at]);
    }
  };
  const open = (url: string) =>
    openLeanClient(url, {
      onText: record,
      onPing: (at) => pings.push(at),
      onClose: () => {
        if (!stopping) closed += 1;
      },
    }).then((socket) => {
      sockets.push(socket);
    });

  process.on('message', (message: ClientsIn) => {
    if (message.type === 'connect') {
      void (async () => {
        let ok = 0;
        let failed = 0;
        let firstError: string | null = null;
        let next = 0;
        const worker = async () => {
          while (next < message.count) {
            next += 1;
            try {
              await open(message.url);
              ok += 1;
            } catch (error) {
              failed += 1;
              firstError ??= String(error);
            }
          }
        };
        await Promise.all(Array.from({ length: 64 }, worker));
        reply({ type: 'connected', ok, failed, firstError });
      })();
    } else if (message.type === 'mark') {
      reply({
        type: 'mark',
        cpuMs: cpuMs(),
        elu: performance.eventLoopUtilization(),
        lagP99Ms: lag.percentile(99) / 1e6,
        lagMaxMs: lag.max / 1e6,
      });
      lag.reset();
    } else if (message.type === 'report') {
      reply({ type: 'report', arrivals: [...arrivals], split: [...split], pings, received, closed });
    } else if (message.type === 'exit') {
      stopping = true;
      for (const socket of sockets) socket.destroy();
      process.exit(0);
    }
  });
}

// ---- the driver -----------------------------------------------------------------------------------

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => percentile(sorted(values), 50);
const ms = (value: number) => value.toFixed(1);

function openFileLimit(): number {
  try {
    return Number(execSync('ulimit -n', { shell: '/bin/bash', encoding: 'utf8' }).trim()) || 1024;
  } catch {
    return 1024;
  }
}

function spawn(role: 'server' | 'clients'): ChildProcess {
  return fork(SELF, [], {
    env: { ...process.env, VELA_WS_FANOUT_ROLE: role },
    // The server runs with the flags of production (scripts/start.sh).
    execArgv: ['--max-semi-space-size=64', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

interface Latencies {
  /** Publish to the client's message callback, every message of the phase. */
  total: number[];
  /** For the sampled clients: publish to handed to the kernel, and from there to the callback. */
  server: number[];
  client: number[];
  /** The p99 of each tick, in tick order. */
  perTickP99: number[];
}

function latencies(
  ticks: TickRecord[],
  arrivals: Map<number, number[]>,
  split: Map<number, [number, number][]>,
): Latencies {
  const result: Latencies = { total: [], server: [], client: [], perTickP99: [] };
  for (const tick of ticks) {
    const values = (arrivals.get(tick.ts) ?? []).map((at) => at - tick.publishedAt);
    result.total.push(...values);
    result.perTickP99.push(percentile(sorted(values), 99));
    const handed = new Map(tick.handed);
    for (const [port, at] of split.get(tick.ts) ?? []) {
      const handedAt = handed.get(port);
      if (handedAt === undefined) continue;
      result.server.push(handedAt - tick.publishedAt);
      result.client.push(at - handedAt);
    }
  }
  result.total.sort((a, b) => a - b);
  result.server.sort((a, b) => a - b);
  result.client.sort((a, b) => a - b);
  return result;
}

/** The client processes over one phase: CPU, event-loop utilisation and delay. */
function clientWindow(before: ClientMark[], after: ClientMark[], wallMs: number) {
  const cpu = after.reduce((sum, mark, i) => sum + mark.cpuMs - before[i]!.cpuMs, 0);
  const utilisation = after.map(
    (mark, i) => performance.eventLoopUtilization(mark.elu, before[i]!.elu).utilization,
  );
  return {
    cpuMsPerSecond: (cpu / wallMs) * 1000,
    eluMean: utilisation.reduce((sum, u) => sum + u, 0) / utilisation.length,
    lagP99Ms: Math.max(...after.map((mark) => mark.lagP99Ms)),
    lagMaxMs: Math.max(...after.map((mark) => mark.lagMaxMs)),
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

export async function benchWsFanout(options: WsFanoutOptions = {}): Promise<void> {
  const seconds = options.seconds ?? 20;
  const naiveSeconds = options.naiveSeconds ?? 8;
  const limit = openFileLimit();
  const cores = os.availableParallelism();
  let clients = options.clients ?? 5_000;
  const processes =
    options.clientProcesses ??
    (Number(process.env.WS_FANOUT_CLIENT_PROCESSES) || Math.max(1, Math.min(4, cores - 1)));
  console.log(
    `\nWebSocket fan-out: ${clients} clients on loopback, ${COINS} tickers each second for ${seconds} s` +
      ` (server in its own process, clients in ${processes}; ${cores} CPU cores shared; load average ${loadAverage()})`,
  );
  const perProcess = Math.ceil(clients / processes);
  if (limit < perProcess + 200 || limit < clients / 1 + 200) {
    const fitted = Math.max(100, Math.min(clients, limit - 200));
    console.log(
      `  note: open-file limit is ${limit}; raise it with \`ulimit -n 20000\` for ${clients} clients (running ${fitted})`,
    );
    clients = fitted;
  }

  const children: ChildProcess[] = [];
  const deadline = setTimeout(() => {
    console.log('  stopped: the benchmark ran past its 110 s budget');
    for (const child of children) child.kill('SIGKILL');
  }, 110_000);
  try {
    const server = spawn('server');
    children.push(server);
    const { port } = await nextMessage<Extract<ServerOut, { type: 'ready' }>>(server, 'ready', 20_000);
    const url = `ws://127.0.0.1:${port}/api/ws`;

    const workers = Array.from({ length: processes }, () => spawn('clients'));
    children.push(...workers);
    const connectStart = performance.now();
    const shares = workers.map((_, i) => Math.max(0, Math.min(perProcess, clients - i * perProcess)));
    const connected = await Promise.all(
      workers.map((worker, i) => {
        const done = nextMessage<Extract<ClientsOut, { type: 'connected' }>>(worker, 'connected', 60_000);
        send(worker, { type: 'connect', url, count: shares[i]! });
        return done;
      }),
    );
    const ok = connected.reduce((sum, c) => sum + c.ok, 0);
    const failed = connected.reduce((sum, c) => sum + c.failed, 0);
    const connectSeconds = (performance.now() - connectStart) / 1000;
    console.log(
      `  connected ${ok}/${clients} in ${connectSeconds.toFixed(1)} s` +
        (failed ? ` (${failed} failed: ${connected.find((c) => c.firstError)?.firstError})` : ''),
    );

    // Every subscription is in before the clock starts.
    let idle: Extract<ServerOut, { type: 'stats' }> | null = null;
    for (let i = 0; i < 100; i += 1) {
      const stats = nextMessage<Extract<ServerOut, { type: 'stats' }>>(server, 'stats', 5_000);
      send(server, { type: 'stats' });
      idle = await stats;
      if (idle.stats.tickerSubscribers >= ok) break;
      await sleep(100);
    }

    const mark = () =>
      Promise.all(
        workers.map((worker) => {
          const marked = nextMessage<ClientMark>(worker, 'mark', 20_000);
          send(worker, { type: 'mark' });
          return marked;
        }),
      );
    const runPhase = async (phase: Phase, length: number) => {
      const before = await mark();
      const started = performance.now();
      const done = nextMessage<PhaseResult>(server, 'phase-done', length * 1000 + 20_000);
      send(server, { type: 'run', phase, seconds: length });
      const result = await done;
      const window = clientWindow(before, await mark(), performance.now() - started);
      return { result, window };
    };
    const hubRun = await runPhase('hub', seconds);
    const naiveRun = await runPhase('naive', naiveSeconds);
    const hub = hubRun.result;
    const naive = naiveRun.result;
    await sleep(300);

    const reports = await Promise.all(
      workers.map((worker) => {
        const report = nextMessage<Extract<ClientsOut, { type: 'report' }>>(worker, 'report', 20_000);
        send(worker, { type: 'report' });
        return report;
      }),
    );
    const arrivals = new Map<number, number[]>();
    const split = new Map<number, [number, number][]>();
    for (const report of reports) {
      for (const [ts, values] of report.arrivals) arrivals.set(ts, [...(arrivals.get(ts) ?? []), ...values]);
      for (const [ts, values] of report.split) split.set(ts, [...(split.get(ts) ?? []), ...values]);
    }
    const closed = reports.reduce((sum, r) => sum + r.closed, 0);
    const pings = reports.flatMap((r) => r.pings);
    /** Heartbeat pings the clients received in the second of each tick. */
    const pingsPerTick = (ticks: TickRecord[]) =>
      ticks.map(
        (tick) => pings.filter((at) => at >= tick.publishedAt && at < tick.publishedAt + 1000).length,
      );

    const hubLatency = latencies(hub.ticks, arrivals, split);
    const naiveLatency = latencies(naive.ticks, arrivals, split);
    const delivered = (count: number, ticks: number) => ((100 * count) / Math.max(1, ok * ticks)).toFixed(1);
    const cost = (result: PhaseResult, key: 'wallMs' | 'userMs' | 'cpuMs') =>
      median(result.ticks.map((tick) => tick[key]));
    const spread = (values: number[]) =>
      `p50 ${ms(percentile(values, 50))} ms   p99 ${ms(percentile(values, 99))} ms   max ${ms(values.at(-1) ?? Number.NaN)} ms`;
    const row = (name: string, text: string) => console.log(`  ${name.padEnd(24)}${text}`);
    const perTick = hubLatency.perTickP99;
    const worstTick = perTick.indexOf(Math.max(...perTick));
    const hubPings = pingsPerTick(hub.ticks);
    // Everything the machine spent each second, server and clients: even spread perfectly over
    // every core, that much of each second is taken.
    const serverCoreMs = hub.cpuFraction * 1000;
    const clientCoreMs = hubRun.window.cpuMsPerSecond;
    row(
      'tick-to-client latency',
      `${spread(hubLatency.total)}   (target p99 <= 50 ms; delivered ${delivered(hubLatency.total.length, hub.ticks.length)}%)`,
    );
    row(
      '  server part',
      `${spread(hubLatency.server)}   (publish to that client's frame handed to the kernel; 1 client in ${SPLIT_EVERY})`,
    );
    row(
      '  client part',
      `${spread(hubLatency.client)}   (kernel to the client's message callback: the load generator's queueing)`,
    );
    row(
      'per-tick p99',
      `best ${ms(Math.min(...perTick))} ms   median ${ms(median(perTick))} ms   worst ${ms(perTick[worstTick]!)} ms` +
        ` (tick ${worstTick + 1} of ${perTick.length}, with ${hubPings[worstTick]} heartbeat pings in its second;` +
        ` at most ${Math.max(...hubPings)} in any second)`,
    );
    row(
      'server fan-out time',
      `p50 ${ms(cost(hub, 'wallMs'))} ms   max ${ms(Math.max(...hub.ticks.map((t) => t.wallMs)))} ms` +
        `   in ${median(hub.ticks.map((t) => t.slices))} event-loop turns (publish to the last frame handed to the kernel)`,
    );
    row(
      'server event loop',
      `delay p99 ${ms(hub.loopDelayP99Ms)} ms   max ${ms(hub.loopDelayMaxMs)} ms` +
        `   (naive: max ${ms(naive.loopDelayMaxMs)} ms; what other work on the node waits behind a fan-out)`,
    );
    row('server CPU', `${hub.cpuFraction.toFixed(3)} of one core   (target <= 1)`);
    row(
      'server RSS',
      `${hub.rssMb.toFixed(0)} MB, peak ${hub.peakRssMb.toFixed(0)} MB   (target <= 600 MB; ${idle?.rssMb.toFixed(0)} MB once connected)`,
    );
    row(
      'fan-out CPU per tick',
      `hub ${ms(cost(hub, 'cpuMs'))} ms (user ${ms(cost(hub, 'userMs'))})   naive ${ms(cost(naive, 'cpuMs'))} ms (user ${ms(cost(naive, 'userMs'))})` +
        `   ratio naive/hub ${(cost(naive, 'cpuMs') / cost(hub, 'cpuMs')).toFixed(2)} (user space ${(cost(naive, 'userMs') / cost(hub, 'userMs')).toFixed(1)})`,
    );
    row(
      'naive reference',
      `latency p50 ${ms(percentile(naiveLatency.total, 50))} ms   p99 ${ms(percentile(naiveLatency.total, 99))} ms` +
        `   server part p99 ${ms(percentile(naiveLatency.server, 99))} ms   CPU ${naive.cpuFraction.toFixed(3)} of one core` +
        `   (one JSON.stringify per client; delivered ${delivered(naiveLatency.total.length, naive.ticks.length)}%)`,
    );
    row(
      'hub',
      `${hub.stats.encodes} encodes for ${hub.stats.messagesSent} frames; dropped slow ${hub.stats.droppedSlow}, heartbeat ${hub.stats.droppedHeartbeat}; client-side closes ${closed}`,
    );
    row(
      'client processes',
      `${processes}: event loops busy ${(100 * hubRun.window.eluMean).toFixed(0)}% of the time, delay p99 ${ms(hubRun.window.lagP99Ms)} ms` +
        ` max ${ms(hubRun.window.lagMaxMs)} ms; ${(clientCoreMs / 1000).toFixed(2)} cores` +
        (processes + 1 > cores ? ` (sharing ${cores} cores with the server)` : ''),
    );
    row(
      'machine CPU per tick',
      `server ${serverCoreMs.toFixed(0)} + clients ${clientCoreMs.toFixed(0)} = ${(serverCoreMs + clientCoreMs).toFixed(0)} core-ms` +
        ` each second: ${((serverCoreMs + clientCoreMs) / cores).toFixed(0)} ms of every second on all ${cores} cores even if spread perfectly`,
    );
    const clientShare = percentile(hubLatency.client, 99) / Math.max(1e-9, percentile(hubLatency.total, 99));
    if (clientShare > 0.25) {
      row(
        'note',
        `the client part is ${(100 * clientShare).toFixed(0)}% of the p99: the load generator, on the same cores, delays what it measures`,
      );
    }
    row('load average', `${loadAverage()} at the end (1, 5, 15 min)`);
  } catch (error) {
    console.log(
      `  ws fan-out benchmark did not complete: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    clearTimeout(deadline);
    for (const child of children) {
      if (child.connected) send(child, { type: 'exit' });
    }
    await sleep(500);
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }
}

if (ROLE === 'server') await serverRole();
else if (ROLE === 'clients') await clientsRole();
else if (isEntryPoint(import.meta.url)) await benchWsFanout();
