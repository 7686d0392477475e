import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The worker: its own connection to the database file, one PASSIVE checkpoint each time it is asked. PASSIVE
 * never waits for a lock: it copies the frames of the log that no reader still needs into the database file
 * and syncs it, while the main connection goes on writing. A checkpoint that fails is tried at the next ask.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file);
db.pragma('synchronous = FULL');
parentPort.on('message', () => {
  let result = null;
  try {
    result = db.pragma('wal_checkpoint(PASSIVE)')[0];
  } catch (e) {
    result = { error: String(e && e.message) };
  }
  parentPort.postMessage(result);
});
`;

/** The log's size from which the worker is asked to checkpoint (SQLite's own default is 1,000 pages). */
export const CHECKPOINT_FROM_BYTES = 4 * 1024 * 1024;

/**
 * SQLite pages the main connection still checkpoints itself past this many pages of log: the worker's
 * checkpoints cannot empty a log that keeps growing under steady load (SQLite starts the log again only once it
 * was copied whole), so now and then the main connection, the only writer, copies the rest and lets it restart.
 */
export const MAIN_CHECKPOINT_PAGES = 16_000;

/**
 * Checkpoints of an SQLite log off the main thread (issue 11). better-sqlite3 runs everything on the calling
 * thread; SQLite's automatic checkpoint ran inside a COMMIT every 1,000 pages of log, copying pages and
 * syncing the database file while every request waited. The worker thread starts on the first need and
 * does not keep the process alive.
 */
export function checkpointer(file: string, everyMs = 500) {
  let worker: Worker | undefined;
  let failed = false;
  let running = false;
  const start = () => {
    const w = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { file, sqlite: createRequire(import.meta.url).resolve('better-sqlite3') },
    });
    w.unref();
    w.on('message', () => {
      running = false;
    });
    // A worker that could not start or died: the main connection's own checkpoints remain.
    w.on('error', () => {
      failed = true;
    });
    return w;
  };
  const check = async () => {
    if (failed || running) return;
    const bytes = await stat(`${file}-wal`).then(
      (s) => s.size,
      () => 0,
    );
    if (bytes < CHECKPOINT_FROM_BYTES || failed || running || !timer) return;
    running = true;
    worker ??= start();
    worker.postMessage('checkpoint');
  };
  // The log's size is looked at twice a second (an fstat on the thread pool), whatever wrote to it.
  let timer: NodeJS.Timeout | undefined = setInterval(() => void check(), everyMs);
  timer.unref();
  return {
    close() {
      clearInterval(timer);
      timer = undefined;
      void worker?.terminate();
    },
  };
}
