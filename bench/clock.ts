// Live clock-in/out throughput over real HTTP, beside the database's ceiling measured in the same run.
//
//   npx tsx bench/clock.ts                                       (SQLite file in a temp dir)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<empty db> npx tsx bench/clock.ts
//
// The real app (bench/bench-app.ts) runs in a child process listening on 127.0.0.1 (so autocannon does not share
// its event loop); it pairs a station and creates employees with PINs. Autocannon then drives clock-in/out at
// 50 connections with correct PINs over 300 employees, none with two punches in flight, so no PIN lock and no
// conflict is hit. Then the ceiling: raw one-row durable INSERT transactions into a scratch
// table (SQLite WAL with the app's synchronous setting, in one process; PostgreSQL with 50 clients).
// Then the floor: GET /api/health (HTTP and one `select 1`) on the same server, what any request costs here.
// Then the write floor: a bare node:http server (no app, no Fastify) writing each request as one row, the requests
// of a turn of its event loop in one multi-row durable INSERT: what HTTP with group commit alone reaches here.
// BENCH_SECONDS (default 10) sets the load duration, BENCH_CONNECTIONS (default 50) the connections.
// BENCH_HISTORY (default 0): closed past shifts each employee already has (one a day, back from yesterday), as in
// a company that has used the clock for a while: a punch whose reads grew with the history shows here.
// BENCH_TRACE=1: the statements the server sent during the load, counted by their text (what a punch costs).
// BENCH_PGSS=1 (PostgreSQL with pg_stat_statements in shared_preload_libraries, track_planning on): the database's
// own planning and execution time a punch during the load, a figure the machine's noise moves far less than req/s.
// On PostgreSQL the run also prints the punches table's updates during the load and how many were HOT (heap-only:
// no index entry written), from pg_stat_user_tables: a clock-out is HOT only if it changes no indexed column.
// BENCH_DROP_INDEXES=name,name (an experiment, never a setting): drops these indexes of the migrated schema before
// the load, to measure what a punch would cost without them (whatever they guarantee is then not guaranteed).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
// BENCH_FLOOR_SECONDS (default 5): the floor's duration; 1 keeps a CPU profile (BENCH_PROFILE) mostly to the clock.
const FLOOR_SECONDS = Number(process.env.BENCH_FLOOR_SECONDS || 5);
// BENCH_EMPLOYEES (default 6 a connection): the account's employees, all punching in turn.
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES || CONNECTIONS * 6);
const HISTORY = Number(process.env.BENCH_HISTORY || 0);
const PIN = '4321';

interface Setup {
  port: number;
  station: string;
  url: string;
  dialect: string;
  synchronous: string;
}

if (process.argv.includes('--serve')) await serve();
else if (process.argv.includes('--serve-write-floor')) await serveWriteFloor();
else await main();

/** The child: the real app listening on a free 127.0.0.1 port, with a station and EMPLOYEES employees. */
async function serve() {
  const { benchApp } = await import('./bench-app');
  const { hashPin } = await import('../server/src/lib/badges');
  // Counts the statements sent to the database while the load runs (transaction control aside).
  const { statementObserver } = await import('../server/src/db/database');
  let queries = 0;
  let counting = false;
  // BENCH_TRACE=1: also tally the statements by their text, printed after the load (which statements a punch costs).
  const tally = new Map<string, number>();
  statementObserver.onStatement = (text) => {
    if (!counting) return;
    if (process.env.BENCH_TRACE) {
      const key = text.replace(/\s+/g, ' ').slice(0, 110);
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    if (!/^\s*(begin|commit|rollback|savepoint|release|pragma)\b/i.test(text)) queries++;
  };
  const { app, db, auth, accountId } = await benchApp();
  for (const name of (process.env.BENCH_DROP_INDEXES ?? '').split(',').filter(Boolean))
    await db.schema.dropIndex(name).execute();
  const isPg = app.deps.config.databaseUrl.startsWith('postgres');
  // BENCH_FILLFACTOR=N (PostgreSQL, an experiment too): room left in each page of punches for a HOT update's
  // new row version, which must fit in the page of the old one.
  if (isPg && process.env.BENCH_FILLFACTOR)
    await sql`alter table punches set (fillfactor = ${sql.lit(Number(process.env.BENCH_FILLFACTOR))})`.execute(
      db,
    );
  const station = (
    await app.inject({
      method: 'POST',
      url: '/api/stations',
      headers: auth,
      payload: { name: 'Bench', pair: 'this-browser' },
    })
  ).json().token as string;
  const at = new Date().toISOString();
  const dep = await db
    .insertInto('departments')
    .values({ account_id: accountId, dp_name: 'Bench', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows: { id: number }[] = [];
  // In chunks: PostgreSQL takes at most 65,535 parameters a statement.
  for (let from = 0; from < EMPLOYEES; from += 1000)
    rows.push(
      ...(await db
        .insertInto('employees')
        .values(
          Array.from({ length: Math.min(1000, EMPLOYEES - from) }, (_, k) => ({
            account_id: accountId,
            department_id: dep.id,
            employee_id: `C${from + k}`,
            name: `Clock ${from + k}`,
            permission_app: 1,
            use_card_or_pin: 1,
            created_at: at,
            updated_at: at,
          })),
        )
        .returning('id')
        .execute()),
    );
  for (const { id } of rows)
    await db
      .updateTable('employees')
      .set({ pin: hashPin(app.deps.config.appSecret, id, PIN) })
      .where('id', '=', id)
      .execute();
  await seedHistory(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const url = app.deps.config.databaseUrl;
  let synchronous = '';
  if (!url.startsWith('postgres')) {
    const r = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    synchronous = ['OFF', 'NORMAL', 'FULL', 'EXTRA'][r.rows[0].synchronous] ?? String(r.rows[0].synchronous);
  }
  const setup: Setup = {
    port: address.port,
    station,
    url,
    dialect: url.startsWith('postgres') ? 'postgresql' : 'sqlite',
    synchronous,
  };
  console.log(`SETUP ${JSON.stringify(setup)}`);
  let cpu = process.cpuUsage();
  let updatesBefore: Updates | undefined;
  process.on('message', async (m) => {
    if (m === 'start') {
      queries = 0;
      counting = true;
      cpu = process.cpuUsage();
      updatesBefore = isPg ? await punchUpdates(db) : undefined;
      process.send?.('started');
    }
    if (m === 'stats') {
      const used = process.cpuUsage(cpu);
      const counted = queries;
      counting = false;
      for (const [text, n] of [...tally].sort((a, b) => b[1] - a[1]))
        console.log(`${String(n).padStart(7)}  ${text}`);
      const punches = await db
        .selectFrom('punches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      // A backend reports its counts to the statistics when idle, at most once a second (PostgreSQL 15):
      // read until they stop moving.
      let updates: Updates | undefined;
      if (updatesBefore) {
        await sql`select pg_stat_clear_snapshot()`.execute(db);
        updates = await punchUpdates(db);
        for (let i = 0; i < 12; i++) {
          await new Promise((r) => setTimeout(r, 1000));
          await sql`select pg_stat_clear_snapshot()`.execute(db);
          const again = await punchUpdates(db);
          if (again.upd === updates.upd && i > 0) break;
          updates = again;
        }
        updates = { upd: updates.upd - updatesBefore.upd, hot: updates.hot - updatesBefore.hot };
      }
      process.send?.({
        punches: Number(punches.n),
        queries: counted,
        cpuSeconds: (used.user + used.system) / 1e6,
        updates,
      });
    }
    if (m === 'close') {
      await app.close();
      await db.destroy();
      process.exit(0);
    }
  });
}

type Updates = { upd: number; hot: number };

/** PostgreSQL: the punches table's updated rows so far, and how many of them were HOT. */
async function punchUpdates(db: Awaited<ReturnType<typeof import('./bench-app').benchApp>>['db']) {
  const r = await sql<{ upd: string; hot: string }>`
    select n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables where relname = 'punches'`.execute(
    db,
  );
  return { upd: Number(r.rows[0].upd), hot: Number(r.rows[0].hot) };
}

/** HISTORY closed 8-hour shifts a day apart for each employee, ending yesterday, in multi-row INSERTs. */
async function seedHistory(
  db: Awaited<ReturnType<typeof import('./bench-app').benchApp>>['db'],
  accountId: number,
  employeeRefs: number[],
) {
  const DAY = 86_400_000;
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const all = employeeRefs.flatMap((ref) =>
    Array.from({ length: HISTORY }, (_, d) => {
      const timeIn = new Date(today - (HISTORY - d) * DAY + 8 * 3_600_000).toISOString();
      return {
        account_id: accountId,
        employee_ref: ref,
        client_id: `h${ref}-${d}`,
        work_date: timeIn.slice(0, 10),
        time_in: timeIn,
        time_out: new Date(Date.parse(timeIn) + 8 * 3_600_000).toISOString(),
        received_in_at: timeIn,
        source: 'manual',
        created_at: timeIn,
        updated_at: timeIn,
      };
    }),
  );
  for (let i = 0; i < all.length; i += 1_000)
    await db
      .insertInto('punches')
      .values(all.slice(i, i + 1_000))
      .execute();
}

async function main() {
  // BENCH_PROFILE=dir writes the server's CPU profile there (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const script = new URL(import.meta.url).pathname;
  const child = spawn(process.execPath, [...process.execArgv, ...profile, script, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: process.env,
  });
  const setup = await new Promise<Setup>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('SETUP ')) resolve(JSON.parse(line.slice(6)));
      else console.log(line);
    });
  });
  const ask = <T>(m: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (x) => resolve(x as T));
      child.send(m);
    });

  // Every employee is in a ready queue with the punch they make next; a request takes the first one and the answer
  // (which names the employee) puts them back with the other kind, so no employee ever has two punches in flight.
  const ready = Array.from({ length: EMPLOYEES }, (_, i) => ({
    employee: `C${i}`,
    kind: 'in' as 'in' | 'out',
  }));
  const requests = [
    {
      method: 'POST' as const,
      setupRequest: (req: object) => {
        const next = ready.shift();
        if (!next) throw new Error('no employee ready: raise EMPLOYEES');
        pending.set(next.employee, next.kind);
        return {
          ...req,
          path: next.kind === 'in' ? '/api/clock-in' : '/api/clock-out',
          body: JSON.stringify({ employee_id: next.employee, pin: PIN, client_id: randomUUID() }),
        };
      },
      onResponse: (status: number, body: string) => {
        if (status >= 300) {
          if (process.env.BENCH_DEBUG) console.log(status, body);
          return;
        }
        const employee = (JSON.parse(body) as { punch: { employee_id: string } }).punch.employee_id;
        const kind = pending.get(employee);
        pending.delete(employee);
        ready.push({ employee, kind: kind === 'in' ? 'out' : 'in' });
      },
    },
  ];
  const pending = new Map<string, 'in' | 'out'>();
  const base = {
    url: `http://127.0.0.1:${setup.port}`,
    connections: CONNECTIONS,
    headers: { 'content-type': 'application/json', authorization: `Station ${setup.station}` },
    requests,
  };
  // A short warm-up (JIT, caches), then the measured run.
  await autocannon({ ...base, duration: 2 });
  const statementTimes =
    setup.dialect === 'postgresql' && process.env.BENCH_PGSS ? await pgss(setup.url) : undefined;
  await ask('start');
  const result = await autocannon({ ...base, duration: SECONDS });
  const databaseTime = await statementTimes?.();
  const { punches, queries, cpuSeconds, updates } = await ask<{
    punches: number;
    queries: number;
    cpuSeconds: number;
    updates?: Updates;
  }>('stats');
  // The floor of any request on this machine now: the same server, connections and headers on GET /api/health
  // (routing, hooks, security headers, serialisation and one `select 1`), no punch.
  const floor = await autocannon({
    url: `${base.url}/api/health`,
    connections: CONNECTIONS,
    headers: base.headers,
    duration: FLOOR_SECONDS,
  });
  child.send('close');
  const writeFloor = await measureWriteFloor(setup);

  const ceiling = setup.dialect === 'sqlite' ? sqliteCeiling(setup.synchronous) : await pgCeiling(setup.url);
  const rps = result.requests.average;
  if (HISTORY)
    console.log(
      `history: ${HISTORY} closed shifts an employee before the load (${HISTORY * EMPLOYEES} punch rows)`,
    );
  console.log(
    `database: ${setup.dialect}${setup.synchronous ? ` (WAL, synchronous=${setup.synchronous})` : ''}`,
  );
  console.log(
    `clock-in/out over HTTP, ${CONNECTIONS} connections, ${SECONDS} s: ${Math.round(rps)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
      `${result['2xx']} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; ${punches} punch rows`,
  );
  const answered = result['2xx'] + result.non2xx;
  console.log(
    `server: ${(queries / answered).toFixed(1)} queries per request (BEGIN/COMMIT/SAVEPOINT aside), ` +
      `${((cpuSeconds * 1000) / answered).toFixed(2)} ms CPU per request (${cpuSeconds.toFixed(1)} s CPU in ${SECONDS} s)`,
  );
  if (result.non2xx) console.log(`status codes: ${JSON.stringify(result.statusCodeStats)}`);
  if (updates)
    console.log(
      `punches updated during the load: ${updates.upd}, HOT ${updates.hot} (${((updates.hot / Math.max(1, updates.upd)) * 100).toFixed(0)} %)` +
        (process.env.BENCH_DROP_INDEXES
          ? `; indexes dropped for this run: ${process.env.BENCH_DROP_INDEXES}`
          : ''),
    );
  if (databaseTime) {
    const per = (ms: number) => (ms / answered).toFixed(3);
    console.log(
      `PostgreSQL (pg_stat_statements): ${databaseTime.calls} statements, ${databaseTime.plans} planned; a punch ` +
        `${per(databaseTime.planMs)} ms planning + ${per(databaseTime.execMs)} ms execution`,
    );
  }
  console.log(
    `floor (GET /api/health: HTTP and one select 1, ${CONNECTIONS} connections, ${FLOOR_SECONDS} s): ` +
      `${Math.round(floor.requests.average)} req/s, p50 ${floor.latency.p50} ms, p99 ${floor.latency.p99} ms`,
  );
  console.log(
    `write floor (bare node:http, a turn's requests one multi-row durable INSERT, ${CONNECTIONS} connections, ` +
      `${FLOOR_SECONDS} s): ${Math.round(writeFloor.requests.average)} req/s, p50 ${writeFloor.latency.p50} ms, ` +
      `p99 ${writeFloor.latency.p99} ms (${((writeFloor.requests.average / ceiling) * 100).toFixed(1)} % of the ceiling)`,
  );
  console.log(`ceiling (raw one-row durable INSERT transactions): ${Math.round(ceiling)} /s`);
  console.log(`ratio: ${((rps / ceiling) * 100).toFixed(1)} %`);
}

/**
 * The write floor's server (a child, so autocannon does not share its event loop): POST bodies `{"client_id"}`;
 * every request of a turn becomes one row of one multi-row INSERT (SQLite: one transaction with the app's
 * synchronous setting; PostgreSQL: one autocommit statement), each answered after it.
 */
async function serveWriteFloor() {
  const { createServer } = await import('node:http');
  const url = process.argv[process.argv.indexOf('--serve-write-floor') + 1];
  const synchronous = process.argv[process.argv.indexOf('--serve-write-floor') + 2];
  type Waiting = { clientId: string; res: import('node:http').ServerResponse };
  let write: (rows: Waiting[]) => Promise<void>;
  const table =
    'create table if not exists bench_floor (id %s primary key, client_id text not null, at text not null)';
  if (url.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    await pool.query(table.replace('%s', 'serial'));
    write = async (rows) => {
      const at = new Date().toISOString();
      const tuples = rows.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ');
      await pool.query(
        `insert into bench_floor (client_id, at) values ${tuples}`,
        rows.flatMap((r) => [r.clientId, at]),
      );
    };
  } else {
    const file = new SQLite(url);
    file.pragma('journal_mode = WAL');
    file.pragma(`synchronous = ${synchronous || 'FULL'}`);
    file.exec(table.replace('%s', 'integer'));
    const insert = file.prepare('insert into bench_floor (client_id, at) values (?, ?)');
    const inOne = file.transaction((rows: Waiting[], at: string) => {
      for (const r of rows) insert.run(r.clientId, at);
    });
    write = async (rows) => inOne(rows, new Date().toISOString());
  }
  let turn: Waiting[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      turn.push({ clientId: String((JSON.parse(body) as { client_id: string }).client_id), res });
      if (turn.length > 1) return;
      setImmediate(async () => {
        const rows = turn;
        turn = [];
        await write(rows);
        for (const r of rows) r.res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as { port: number }).port}`));
}

/** Runs the write floor's server on the bench's database (a scratch table, dropped after) and loads it. */
async function measureWriteFloor(setup: Setup) {
  const url =
    setup.dialect === 'sqlite'
      ? join(mkdtempSync(join(tmpdir(), 'punchclock-floor-')), 'floor.sqlite')
      : setup.url;
  const script = new URL(import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    [...process.execArgv, script, '--serve-write-floor', url, setup.synchronous],
    { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`write floor server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('PORT ')) resolve(Number(line.slice(5)));
    });
  });
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: FLOOR_SECONDS,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req: object) => ({ ...req, body: JSON.stringify({ client_id: randomUUID() }) }),
      },
    ],
  });
  child.removeAllListeners('exit');
  child.kill();
  if (setup.dialect === 'postgresql') {
    const admin = new pg.Client({ connectionString: setup.url });
    await admin.connect();
    await admin.query('drop table if exists bench_floor');
    await admin.end();
  }
  return result;
}

/**
 * BENCH_PGSS: resets pg_stat_statements now and answers a function that sums this database's statements since (the
 * statement times of the load). Without the extension loaded it says why and answers undefined.
 */
async function pgss(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('create extension if not exists pg_stat_statements');
    await admin.query('select pg_stat_statements_reset()');
  } catch (e) {
    console.log(
      `BENCH_PGSS: ${(e as Error).message} (needs shared_preload_libraries = 'pg_stat_statements')`,
    );
    await admin.end();
    return undefined;
  }
  return async () => {
    const { rows } = await admin.query<{ calls: string; plans: string; plan_ms: number; exec_ms: number }>(
      `select coalesce(sum(calls), 0) as calls, coalesce(sum(plans), 0) as plans,
              coalesce(sum(total_plan_time), 0) as plan_ms, coalesce(sum(total_exec_time), 0) as exec_ms
         from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`,
    );
    await admin.end();
    const r = rows[0];
    return { calls: Number(r.calls), plans: Number(r.plans), planMs: r.plan_ms, execMs: r.exec_ms };
  };
}

/** One-row INSERT transactions into a scratch table of a fresh WAL file with the app's synchronous setting. */
function sqliteCeiling(synchronous: string) {
  const file = new SQLite(join(mkdtempSync(join(tmpdir(), 'punchclock-ceiling-')), 'raw.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma(`synchronous = ${synchronous || 'FULL'}`);
  file.exec('create table scratch (id integer primary key, client_id text not null, at text not null)');
  const insert = file.prepare('insert into scratch (client_id, at) values (?, ?)');
  const n = 10_000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) insert.run(randomUUID(), new Date().toISOString());
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  file.close();
  return n / seconds;
}

/** One-row INSERT transactions (autocommit) from 50 clients for 5 s. */
async function pgCeiling(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    'create table if not exists bench_scratch (id serial primary key, client_id text not null, at text not null)',
  );
  const clients = await Promise.all(
    Array.from({ length: 50 }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const until = Date.now() + 5_000;
  let done = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < until) {
        await c.query('insert into bench_scratch (client_id, at) values ($1, $2)', [
          randomUUID(),
          new Date().toISOString(),
        ]);
        done++;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await Promise.all(clients.map((c) => c.end()));
  await admin.query('drop table bench_scratch');
  await admin.end();
  return done / seconds;
}
