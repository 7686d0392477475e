import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { pgAdmin, pgUrlFor } from './pg';

export const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  dataDir: string;
  /** Mails written to DATA_DIR/outbox, oldest first, as raw .eml text. */
  outbox(): string[];
}

/**
 * Boots the whole app on a fresh database of the project's dialect, once per test file. PostgreSQL's table
 * maintenance (db/table-maintenance) is off unless asked for: the tests' plans stay those of unanalyzed tables.
 */
export function useTestApp(
  env: Record<string, string> = {},
  opts: { tableMaintenance?: boolean; onRoute?: BuildOptions['onRoute'] } = {},
): TestApp {
  const ctx = {} as TestApp;
  let pgName: string | null = null;
  beforeAll(async () => {
    ctx.dataDir = mkdtempSync(join(tmpdir(), 'punchclock-test-'));
    let url = join(ctx.dataDir, 'test.sqlite');
    if (dialect === 'postgres') {
      pgName = `pc_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      await pgAdmin(`CREATE DATABASE "${pgName}" TEMPLATE "${inject('pgTemplate')}"`);
      url = pgUrlFor(pgName);
    }
    ctx.db = createDatabase(url);
    await migrateToLatest(ctx.db);
    const config = loadConfig({
      DATA_DIR: ctx.dataDir,
      DATABASE_URL: url,
      APP_SECRET: 'test-secret',
      PUBLIC_URL: 'http://punchclock.test',
      LOG_LEVEL: 'silent',
      WEB_DIST: join(ctx.dataDir, 'no-web'),
      ...env,
    });
    ctx.app = await buildApp(config, {
      db: ctx.db,
      logger: false,
      tableMaintenance: opts.tableMaintenance ?? false,
      onRoute: opts.onRoute,
    });
    await ctx.app.ready();
    ctx.outbox = () => {
      const dir = join(ctx.dataDir, 'outbox');
      try {
        return readdirSync(dir)
          .sort()
          .map((f) => readFileSync(join(dir, f), 'utf8'));
      } catch {
        return [];
      }
    };
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.destroy();
    if (pgName) await pgAdmin(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
    rmSync(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}

let counter = 0;
export function uniqueSuffix(): string {
  counter += 1;
  return `${process.pid}${Date.now().toString(36)}${counter}`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  const s = uniqueSuffix();
  return {
    name: 'Avery Manager',
    email: `manager${s}@example.com`,
    password: 'correct horse 1',
    password_confirmation: 'correct horse 1',
    phone_number: '+1 555 0100',
    username: `manager${s}`,
    date_of_birth: '1985-04-12',
    terms: true,
    ...overrides,
  };
}

export interface Session {
  token: string;
  userId: number;
  email: string;
  password: string;
  auth: { authorization: string };
}

/** Signs a new account up and returns its owner's session. */
export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<Session> {
  const body = registration(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return {
    token: json.access_token,
    userId: json.user_id,
    email: body.email,
    password: body.password,
    auth: { authorization: `Bearer ${json.access_token}` },
  };
}

export function json(res: LightMyRequestResponse): Record<string, unknown> {
  return res.json() as Record<string, unknown>;
}

/** The link of the newest mail to `to` in the outbox (quoted-printable soft breaks undone). */
export function lastLinkTo(ctx: TestApp, to: string): string {
  const mails = ctx.outbox().filter((m) => m.includes(`To: ${to}`));
  const text = (mails.at(-1) ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = text.match(/https?:\/\/\S+\/ResetPassword\?\S+/)?.[0];
  if (!link) throw new Error(`no password link mailed to ${to}`);
  return link;
}
