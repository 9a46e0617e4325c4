import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's write-ahead log is copied back into the database file by checkpoints. By default the
 * connection that commits runs one whenever the log passes a thousand pages, inside its COMMIT: on
 * this single-threaded server that stalls every request for the length of the copy and its sync,
 * right after the largest commits (a settlement batch, a second of the feed). Here a worker thread
 * with its own connection checkpoints in the background every `intervalMs`, in PASSIVE mode, which
 * never waits for or blocks the writer, so the copying happens on the other core.
 *
 * A passive checkpoint cannot finish while commits keep arriving, and only a finished one lets the
 * log start over from its beginning. The main connection therefore keeps its own automatic
 * checkpoint, at four times the default size: by then the worker has copied nearly everything, the
 * commit's checkpoint copies only the last moment's pages and finishes, and the log restarts small.
 *
 * The worker's code is plain CommonJS evaluated in the thread, so it runs the same from the
 * TypeScript sources and from the bundled build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
let closed = false;
const checkpoint = () => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ type: 'checkpoint', result });
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: String(error && error.message ? error.message : error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'stop' && !closed) {
    closed = true;
    clearInterval(timer);
    checkpoint();
    db.close();
    parentPort.postMessage({ type: 'stopped' });
  }
});
`;

/** The automatic checkpoint of the main connection, in pages (16 MiB), which lets the log restart. */
export const COMMIT_CHECKPOINT_PAGES = 4_096;

export interface WalCheckpointer {
  /** Runs a last checkpoint and ends the worker. */
  stop(): Promise<void>;
}

export function startWalCheckpointer(
  sqlitePath: string,
  options: { intervalMs?: number; onError?: (message: string) => void } = {},
): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path: sqlitePath, driver, intervalMs: options.intervalMs ?? 250 },
  });
  // The thread must not keep a process alive that has nothing else to do.
  worker.unref();
  worker.on('message', (message: { type: string; message?: string }) => {
    if (message.type === 'error') options.onError?.(message.message ?? 'checkpoint failed');
  });
  worker.on('error', (error) => options.onError?.(error.message));
  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 5_000);
        worker.on('message', (message: { type: string }) => {
          if (message.type !== 'stopped') return;
          clearTimeout(timer);
          void worker.terminate().then(() => resolve());
        });
        worker.on('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage('stop');
      });
      return stopping;
    },
  };
}
