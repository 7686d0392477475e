#!/usr/bin/env node
// `npm run bench`: every bench under bench/, one after another, each printing its figure, the ceiling measured in
// the same run and the ratio (docs/PERFORMANCE.md holds the figures). The web is built first for the web benches.
//   npm run bench                       every bench on SQLite
//   npm run bench -- --postgres         the database benches again on PostgreSQL (a fresh database each, dropped
//                                       after; BENCH_PG_ADMIN=postgres://postgres@127.0.0.1:5432/postgres by default)
//   npm run bench -- reports clock      only the benches named
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const postgres = args.includes('--postgres');
const named = args.filter((a) => !a.startsWith('--'));
/** Benches that seed a database of their own (and so can run on PostgreSQL too). */
const DATABASE_BENCHES = new Set(['clock', 'clock-sync', 'import-employees', 'paging', 'reports']);
const all = readdirSync(new URL('../bench/', import.meta.url))
  .filter((f) => f.endsWith('.ts') && f !== 'bench-app.ts' && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((name) => named.length === 0 || named.includes(name));

const run = (cmd, argv, env = {}) =>
  spawnSync(cmd, argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

if (all.some((b) => b === 'lighthouse' || b === 'web-size')) run('npm', ['run', 'build', '-w', 'web']);

const admin = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
async function onPostgres(name) {
  const { default: pg } = await import('pg');
  const db = `pc_bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${db}"`);
  try {
    const url = new URL(admin);
    url.pathname = `/${db}`;
    return run('npx', ['tsx', `bench/${name}.ts`], { BENCH_DATABASE_URL: url.toString() });
  } finally {
    await client.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    await client.end();
  }
}

const failed = [];
for (const name of all) {
  console.log(`\n=== bench/${name}.ts (SQLite)`);
  if (!run('npx', ['tsx', `bench/${name}.ts`])) failed.push(name);
  if (postgres && DATABASE_BENCHES.has(name)) {
    console.log(`\n=== bench/${name}.ts (PostgreSQL)`);
    if (!(await onPostgres(name))) failed.push(`${name} (PostgreSQL)`);
  }
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
