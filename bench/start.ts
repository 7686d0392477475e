// Time from process start to a healthy /api/health, on a fresh SQLite data directory (migrations included).
//   npx tsx bench/start.ts
// Measures `npm start` (scripts/start.mjs: freshness check, then the compiled server), the same without npm's own
// start-up (`node scripts/start.mjs`), plain `node server/dist/main.js`, and the old way through tsx for
// comparison. The first `npm start` builds what is missing; the timed runs start with everything built.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_RUNS || 3);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function timeToHealthy(command: string[]): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(command[0], command.slice(1), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'punchclock-start-')),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 60_000) throw new Error('not healthy within 60 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-(child.pid as number), 'SIGTERM'); // npm's child too
    await exited;
  }
}

// Build what is missing first (not timed).
spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: root, stdio: 'inherit' });

const ways: [string, string[]][] = [
  ['npm start', ['npm', 'start', '--silent']],
  ['node scripts/start.mjs', [process.execPath, 'scripts/start.mjs']],
  ['node server/dist/main.js', [process.execPath, 'server/dist/main.js']],
  ['tsx server/src/main.ts (before)', [process.execPath, '--import', 'tsx', 'server/src/main.ts']],
];
for (const [name, command] of ways) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeToHealthy(command));
  times.sort((a, b) => a - b);
  console.log(
    `${name}: start to healthy ${(times[Math.floor(times.length / 2)] / 1000).toFixed(2)} s median of ${RUNS} ` +
      `(${times.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
  );
}
