import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const repoRoot = new URL('../..', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function pgBaseUrl(): URL {
  return new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/punchclock_test');
}

export async function pgAdmin(sql: string): Promise<void> {
  const url = pgBaseUrl();
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  databaseUrl: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the real server (server/src/main.ts: migrate, then listen) the way `npm start` does. */
export const E2E_SECRET = 'e2e-app-secret';

/** Migrates the database and loads the demo company into it (its owner and employee logins, punches). */
async function seedDemoInto(databaseUrl: string) {
  const { createDatabase } = await import('../../server/src/db/database');
  const { migrateToLatest } = await import('../../server/src/db/migrate');
  const { seedDemo } = await import('../../server/src/demo/demo-data');
  const db = createDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    await seedDemo(db, E2E_SECRET);
  } finally {
    await db.destroy();
  }
}

export async function startServer(opts: {
  dialect: 'sqlite' | 'postgres';
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  demo?: boolean;
}): Promise<RunningServer> {
  // The server serves WEB_DIST when it is set (a build of one's own); otherwise web/dist, built if missing.
  if (!process.env.WEB_DIST && !existsSync(join(repoRoot, 'web/dist/index.html'))) {
    spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'punchclock-e2e-'));
  let databaseUrl = opts.databaseUrl ?? join(dataDir, 'punchclock.sqlite');
  if (opts.dialect === 'postgres' && !opts.databaseUrl) {
    const name = `pc_e2e_${process.pid}_${Date.now().toString(36)}`;
    await pgAdmin(`CREATE DATABASE "${name}"`);
    const url = pgBaseUrl();
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  if (opts.demo) await seedDemoInto(databaseUrl);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '50',
      APP_SECRET: E2E_SECRET,
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not answer /api/health within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    databaseUrl,
    process: child,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
  };
}
