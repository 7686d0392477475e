import { AUDIT_TEXT } from '@punchclock/contract';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { signBadge } from '../src/lib/badges';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
  createStation,
  insertPunch,
} from './factories';
import { dialect, lastLinkTo, useTestApp } from './helper';
import { pgUrlFor } from './pg';

// The tamper-evident ledger (docs/RULES.md#tamper-evident-ledger) on both databases: every write path seals its
// rows, a change made outside the app is found at its first entry, the command line and the standalone script agree.

const t = useTestApp({ LOGIN_RATE_LIMIT: '100' });
const SECRET = 'test-secret';
const ROOT = join(__dirname, '..', '..');

type Who = { auth: { authorization: string } };
const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
const verify = async (who: Who) => {
  const res = await call(who, 'GET', '/api/audit/verify');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const cid = () => `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

interface Site {
  owner: Account;
  station: { id: number; token: string };
  people: { id: number; code: string }[];
}

/** An account with a station and `n` employees (each made through the API: activity entries). */
async function site(n = 3): Promise<Site> {
  const owner = await createAccount(t);
  const station = await createStation(t, owner);
  const department_id = (await createDepartment(t, owner)).id;
  const people = [];
  for (let i = 0; i < n; i++)
    people.push(await createEmployee(t, owner, { department_id, use_card_or_pin: 0, permission_app: 1 }));
  return { owner, station, people };
}
const atStation = (s: Site, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Station ${s.station.token}` }, payload });

/** Writes through every path: live clock-ins and -outs, a sync batch (with a refusal), manual add, edit, delete. */
async function writeEverywhere(s: Site) {
  const [a, b, c] = s.people;
  expect((await atStation(s, '/api/clock-in', { employee_id: a.code, client_id: cid() })).statusCode).toBe(
    200,
  );
  expect((await atStation(s, '/api/clock-out', { employee_id: a.code, client_id: cid() })).statusCode).toBe(
    200,
  );
  const badge = signBadge(SECRET, { accountId: s.owner.accountId, employeeRef: b.id, version: 1 });
  const synced = await atStation(s, '/api/punches/sync', {
    punches: [
      { client_id: cid(), kind: 'in', badge, device_time: ago(90) },
      { client_id: cid(), kind: 'out', badge, device_time: ago(60) },
      { client_id: cid(), kind: 'in', employee_id: c.code, device_time: ago(50) },
      { client_id: cid(), kind: 'in', employee_id: 'NOBODY', device_time: ago(40) },
    ],
  });
  expect(synced.statusCode, synced.body).toBe(200);
  const manual = await call(s.owner, 'POST', '/api/manual-punches', {
    employee_id: a.id,
    date: yesterday,
    time_in: '09:00',
    time_out: '17:30',
    type: 'None',
    deduction: 'Auto',
    notes: 'Forgot to clock in',
  });
  expect(manual.statusCode, manual.body).toBe(201);
  const id = manual.json().data.id;
  const edited = await call(s.owner, 'PUT', `/api/manual-punches/${id}`, {
    employee_id: a.id,
    date: yesterday,
    time_in: '09:00',
    time_out: '12:15',
    type: 'Lunch',
    deduction: 'Auto',
  });
  expect(edited.statusCode, edited.body).toBe(200);
  expect((await call(s.owner, 'DELETE', `/api/manual-punches/${id}`)).statusCode).toBe(200);
  return { manualId: id };
}

const ledgerOf = (accountId: number) =>
  t.db.selectFrom('audit_ledger').selectAll().where('account_id', '=', accountId).orderBy('seq').execute();

/** The database's URL for a process of its own (the command line). */
async function databaseUrl() {
  if (dialect === 'sqlite') return join(t.dataDir, 'test.sqlite');
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  return pgUrlFor(rows[0].name);
}

describe('tamper-evident ledger', () => {
  let s: Site;
  beforeAll(async () => {
    s = await site();
  });

  it('seals every punch write and activity entry, in one unbroken chain per account', async () => {
    const { manualId } = await writeEverywhere(s);
    const answer = await verify(s.owner);
    expect(answer).toMatchObject({ ok: true, first_broken: null });
    const entries = await ledgerOf(s.owner.accountId);
    expect(answer.entries).toBe(entries.length);
    expect(answer.head).toBe(entries.at(-1)!.hash);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
    // Every punch and every log row has an entry; the manual punch was inserted, updated and deleted.
    const punches = await t.db
      .selectFrom('punches')
      .select('id')
      .where('account_id', '=', s.owner.accountId)
      .execute();
    const logs = await t.db
      .selectFrom('activity_logs')
      .select('id')
      .where('account_id', '=', s.owner.accountId)
      .execute();
    const sealed = new Set(entries.map((e) => `${e.tbl}:${e.row_id}`));
    for (const p of punches) expect(sealed.has(`punches:${p.id}`)).toBe(true);
    for (const l of logs) expect(sealed.has(`activity_logs:${l.id}`)).toBe(true);
    expect(punches.length).toBe(4);
    expect(entries.filter((e) => e.tbl === 'punches' && e.row_id === manualId).map((e) => e.op)).toEqual([
      'insert',
      'update',
      'delete',
    ]);
    // The sync batch's refusal is logged, so sealed.
    const refusal = await t.db
      .selectFrom('activity_logs')
      .select('id')
      .where('account_id', '=', s.owner.accountId)
      .where('action', 'in', ['punch.rejected', 'punch.conflict'])
      .execute();
    expect(refusal.length).toBeGreaterThan(0);
  });

  it("finds a punch's time changed outside the app at its entry, and is whole again once it is put back", async () => {
    const [a] = s.people;
    const row = await t.db
      .selectFrom('punches')
      .select(['id', 'time_in'])
      .where('employee_ref', '=', a.id)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('punches')
      .set({ time_in: ago(600) })
      .where('id', '=', row.id)
      .execute();
    const broken = await verify(s.owner);
    const last = (await ledgerOf(s.owner.accountId))
      .filter((e) => e.tbl === 'punches' && e.row_id === row.id)
      .at(-1)!;
    expect(broken).toMatchObject({
      ok: false,
      first_broken: { entry: last.seq, table: 'punches', id: row.id, at: last.at, reason: 'changed' },
    });
    await t.db.updateTable('punches').set({ time_in: row.time_in }).where('id', '=', row.id).execute();
    expect(await verify(s.owner)).toMatchObject({ ok: true });
  });

  it('finds a deleted row, an inserted row and an altered entry, the earliest in chain order first', async () => {
    const x = await site(3);
    await writeEverywhere(x);
    const entries = await ledgerOf(x.owner.accountId);
    // A row inserted outside the app: no entry seals it.
    const foreign = await insertPunch(t, x.owner.accountId, x.people[1].id, {
      time_in: ago(3000),
      time_out: ago(2900),
    });
    expect((await verify(x.owner)).first_broken).toMatchObject({
      entry: null,
      table: 'punches',
      id: foreign.id,
      reason: 'inserted',
    });
    // An activity entry deleted outside the app, later in the chain than the punch changed next.
    const logEntry = entries.filter((e) => e.tbl === 'activity_logs').at(-1)!;
    await t.db.deleteFrom('activity_logs').where('id', '=', logEntry.row_id).execute();
    expect((await verify(x.owner)).first_broken).toMatchObject({
      entry: logEntry.seq,
      table: 'activity_logs',
      id: logEntry.row_id,
      reason: 'deleted',
    });
    const punchEntry = entries.find((e) => e.tbl === 'punches')!;
    const later = entries.filter((e) => e.tbl === 'punches' && e.row_id === punchEntry.row_id).at(-1)!;
    expect(later.seq).toBeLessThan(logEntry.seq);
    await t.db
      .updateTable('punches')
      .set({ notes: 'edited by hand' })
      .where('id', '=', punchEntry.row_id)
      .execute();
    expect((await verify(x.owner)).first_broken).toMatchObject({
      entry: later.seq,
      table: 'punches',
      id: punchEntry.row_id,
      reason: 'changed',
    });
    // The ledger itself altered: its first entry's time.
    await t.db
      .updateTable('audit_ledger')
      .set({ at: ago(10_000) })
      .where('account_id', '=', x.owner.accountId)
      .where('seq', '=', 1)
      .execute();
    expect((await verify(x.owner)).first_broken).toMatchObject({ entry: 1, reason: 'chain' });
  });

  it('finds entries cut from the end of the chain by the head', async () => {
    const x = await site(3);
    await writeEverywhere(x);
    const entries = await ledgerOf(x.owner.accountId);
    const lastLog = entries.at(-1)!;
    await t.db
      .deleteFrom('audit_ledger')
      .where('account_id', '=', x.owner.accountId)
      .where('seq', '=', lastLog.seq)
      .execute();
    const answer = await verify(x.owner);
    expect(answer.ok).toBe(false);
    // Its row is now sealed by an earlier entry or none: either the row or the missing entry is named.
    expect(answer.first_broken.entry === lastLog.seq || answer.first_broken.reason === 'inserted').toBe(true);
  });

  it('keeps the chain whole under concurrent clock-ins, clock-outs and manual punches', async () => {
    const x = await site(12);
    const ins = await Promise.all(
      x.people.map((p) => atStation(x, '/api/clock-in', { employee_id: p.code, client_id: cid() })),
    );
    expect(ins.map((r) => r.statusCode)).toEqual(x.people.map(() => 200));
    const mixed = await Promise.all([
      ...x.people
        .slice(0, 6)
        .map((p) => atStation(x, '/api/clock-out', { employee_id: p.code, client_id: cid() })),
      ...x.people
        .slice(6)
        .map((p) => atStation(x, '/api/clock-in', { employee_id: p.code, client_id: cid() })),
      ...x.people.slice(0, 4).map((p, i) =>
        call(x.owner, 'POST', '/api/manual-punches', {
          employee_id: p.id,
          date: yesterday,
          time_in: `0${i + 1}:00`,
          time_out: `0${i + 1}:30`,
          type: 'None',
          deduction: 'Auto',
        }),
      ),
    ]);
    expect(mixed.filter((r) => r.statusCode >= 500)).toEqual([]);
    const answer = await verify(x.owner);
    expect(answer).toMatchObject({ ok: true, first_broken: null });
    const entries = await ledgerOf(x.owner.accountId);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
    // 12 clock-ins and 6 clock-outs and 4 manual punches sealed, each with its activity entry.
    expect(entries.filter((e) => e.tbl === 'punches').length).toBeGreaterThanOrEqual(12 + 6 + 4);
  });

  it.runIf(dialect === 'postgres')(
    'keeps the chain whole when two server instances write to the same account at once',
    async () => {
      const x = await site(3);
      for (let i = 0; i < 9; i++) x.people.push(await createEmployee(t, x.owner, { use_card_or_pin: 0 }));
      const url = await databaseUrl();
      const db2 = createDatabase(url);
      const app2 = await buildApp(
        loadConfig({
          DATA_DIR: t.dataDir,
          DATABASE_URL: url,
          APP_SECRET: SECRET,
          PUBLIC_URL: 'http://punchclock.test',
          LOG_LEVEL: 'silent',
          WEB_DIST: join(t.dataDir, 'no-web'),
        }),
        { db: db2, logger: false, tableMaintenance: false },
      );
      try {
        await app2.ready();
        const clock = (app: typeof app2, p: { code: string }, url: string) =>
          app.inject({
            method: 'POST',
            url,
            headers: { authorization: `Station ${x.station.token}` },
            payload: { employee_id: p.code, client_id: cid() },
          });
        const ins = await Promise.all(
          x.people.map((p, i) => clock(i % 2 ? app2 : t.app, p, '/api/clock-in')),
        );
        expect(ins.map((r) => r.statusCode)).toEqual(x.people.map(() => 200));
        const outs = await Promise.all(
          x.people.map((p, i) => clock(i % 2 ? t.app : app2, p, '/api/clock-out')),
        );
        expect(outs.map((r) => r.statusCode)).toEqual(x.people.map(() => 200));
        expect(await verify(x.owner)).toMatchObject({ ok: true, first_broken: null });
        const entries = await ledgerOf(x.owner.accountId);
        expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
      } finally {
        await app2.close();
        await db2.destroy();
      }
    },
  );

  it("keeps each account's chain its own", async () => {
    const one = await site(3);
    const two = await site(3);
    await writeEverywhere(one);
    await writeEverywhere(two);
    await t.db
      .updateTable('punches')
      .set({ time_out: ago(1) })
      .where('account_id', '=', one.owner.accountId)
      .execute();
    expect((await verify(one.owner)).ok).toBe(false);
    const other = await verify(two.owner);
    expect(other.ok).toBe(true);
    const theirs = await ledgerOf(two.owner.accountId);
    expect(theirs[0].seq).toBe(1);
    expect(other.entries).toBe(theirs.length);
    const lines = (await call(two.owner, 'GET', '/api/audit/export')).body.trim().split('\n');
    expect(lines).toHaveLength(theirs.length);
    const ownRows = new Set(theirs.map((e) => `${e.tbl}:${e.row_id}`));
    for (const l of lines) {
      const e = JSON.parse(l);
      expect(ownRows.has(`${e.table}:${e.row_id}`)).toBe(true);
    }
  });

  it('exports the chain as JSON lines that scripts/verify-audit.mjs checks on its own', async () => {
    const x = await site(3);
    await writeEverywhere(x);
    const { head, entries } = await verify(x.owner);
    const res = await call(x.owner, 'GET', '/api/audit/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body.trim().split('\n');
    expect(lines).toHaveLength(entries);
    const file = join(t.dataDir, `ledger-${x.owner.accountId}.jsonl`);
    writeFileSync(file, res.body);
    const script = join(ROOT, 'scripts', 'verify-audit.mjs');
    const out = execFileSync(process.execPath, [script, file, '--head', head], { encoding: 'utf8' });
    expect(out.trim()).toBe(`ok: ${entries} entries, head ${head}`);
    // One entry altered in the file: the script names it and fails.
    const e = JSON.parse(lines[2]);
    lines[2] = JSON.stringify({ ...e, op: e.op === 'insert' ? 'update' : 'insert' });
    writeFileSync(file, `${lines.join('\n')}\n`);
    let failed: { status: number; stdout: string } | null = null;
    try {
      execFileSync(process.execPath, [script, file], { encoding: 'utf8' });
    } catch (err) {
      failed = err as { status: number; stdout: string };
    }
    expect(failed?.status).toBe(1);
    expect(failed?.stdout).toContain(`entry ${e.seq}`);
  });

  it(
    'checks the database from the command line (npm run audit -- verify)',
    { timeout: 120_000 },
    async () => {
      const good = await site(3);
      await writeEverywhere(good);
      const bad = await site(3);
      await writeEverywhere(bad);
      await t.db.deleteFrom('activity_logs').where('account_id', '=', bad.owner.accountId).execute();
      const env = {
        ...process.env,
        DATABASE_URL: await databaseUrl(),
        DATA_DIR: t.dataDir,
        LOG_LEVEL: 'silent',
      };
      const run = (args: string[]) => {
        try {
          return {
            status: 0,
            stdout: execFileSync(
              process.execPath,
              ['--import', 'tsx', 'src/modules/audit/audit-cli.ts', ...args],
              {
                env,
                encoding: 'utf8',
              },
            ),
          };
        } catch (e) {
          return e as { status: number; stdout: string };
        }
      };
      const ok = run(['verify', '--account', String(good.owner.accountId)]);
      expect(ok.status).toBe(0);
      expect(ok.stdout).toContain(`account ${good.owner.accountId}: ok`);
      expect(ok.stdout).toContain((await verify(good.owner)).head);
      const broken = run(['verify']);
      expect(broken.status).toBe(1);
      expect(broken.stdout).toContain(`account ${bad.owner.accountId}: BROKEN`);
      expect(broken.stdout).toContain(AUDIT_TEXT.reasons.deleted);
      expect(run(['check']).status).toBe(2);
      expect(run(['verify', '--account', 'x; drop table punches']).status).toBe(2);
    },
  );

  it('is for the owner and full administrators only: an employee, a scoped administrator and a station get 403', async () => {
    const x = await site(3);
    const department_id = (await createDepartment(t, x.owner)).id;
    const worker = await createEmployeeLogin(t, x.owner, { department_id });
    const email = `scoped${Date.now()}@example.com`;
    expect((await call(x.owner, 'PUT', '/api/account/plan', { plan: 'pro' })).statusCode).toBe(200);
    const invited = await call(x.owner, 'POST', '/api/administrators', {
      name: 'Scoped Admin',
      email,
      access: 'departments',
      department_ids: [department_id],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const link = Object.fromEntries(new URL(lastLinkTo(t, email)).searchParams);
    const password = 'scoped admin pass 7';
    await call(null, 'POST', '/password-update', { ...link, password, password_confirmation: password });
    const login = await call(null, 'POST', '/api/login', { email, password });
    const scoped = { auth: { authorization: `Bearer ${login.json().access_token}` } };
    const full = await call(x.owner, 'POST', '/api/administrators', {
      name: 'Full Admin',
      email: `full${email}`,
      access: 'full',
    });
    expect(full.statusCode, full.body).toBe(201);
    const fullLink = Object.fromEntries(new URL(lastLinkTo(t, `full${email}`)).searchParams);
    await call(null, 'POST', '/password-update', { ...fullLink, password, password_confirmation: password });
    const fullLogin = await call(null, 'POST', '/api/login', { email: `full${email}`, password });
    const admin = { auth: { authorization: `Bearer ${fullLogin.json().access_token}` } };
    const station = { auth: { authorization: `Station ${x.station.token}` } };
    for (const url of ['/api/audit/verify', '/api/audit/export']) {
      for (const who of [worker, scoped]) {
        const res = await call(who, 'GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ code: 'forbidden' });
      }
      expect([401, 403]).toContain((await call(station, 'GET', url)).statusCode);
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
      expect((await call({ auth: { authorization: 'Bearer nonsense' } }, 'GET', url)).statusCode).toBe(401);
      expect((await call(admin, 'GET', url)).statusCode).toBe(200);
    }
    expect((await call(scoped, 'GET', '/api/audit/verify')).json().message).toBe(AUDIT_TEXT.wholeAccount);
    // Query strings are not read: hostile or oversized ones change nothing.
    const odd = await call(x.owner, 'GET', `/api/audit/verify?account_id=1&x=${'%27'.repeat(2000)}`);
    expect(odd.statusCode).toBe(200);
    expect(odd.json().ok).toBe(true);
    // Removing an administrator leaves their log entries without a user: sealed again, still whole.
    const fullId = full.json().data.id;
    expect((await call(x.owner, 'DELETE', `/api/administrators/${fullId}`)).statusCode).toBe(200);
    expect((await verify(x.owner)).ok).toBe(true);
  });
});
