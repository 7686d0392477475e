import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Maintained, tableMaintenance } from '../src/db/table-maintenance';
import { createAccount, createDepartment } from './factories';
import { dialect, signUp, useTestApp } from './helper';

/**
 * PostgreSQL without autovacuum (this machine's): the server vacuums and analyzes its tables by autovacuum's rules,
 * so the planner does not take a 10,000-employee table for an empty one and index-only scans find pages marked
 * all-visible (db/table-maintenance).
 */
const t = useTestApp();

const tableState = async (table: string) =>
  (
    await sql<{ rows: number; visible: number; vacuumed: boolean }>`
      select c.reltuples::integer as rows, c.relallvisible as visible, s.last_vacuum is not null as vacuumed
      from pg_class c join pg_stat_user_tables s on s.relid = c.oid
      where c.relname = ${table} and s.schemaname = current_schema()`.execute(t.db)
  ).rows[0];

/** A backend reports its changes to the statistics at most once a second: checks until `seen` holds. */
async function checkUntil(check: () => Promise<Maintained>, seen: (m: Maintained) => boolean) {
  let done: Maintained = { vacuumed: [], analyzed: [] };
  for (let tries = 0; tries < 40 && !seen(done); tries++) {
    done = await check();
    if (!seen(done)) await new Promise((r) => setTimeout(r, 100));
  }
  return done;
}

describe.runIf(dialect === 'postgres')('table maintenance without autovacuum', () => {
  it('analyzes a grown table, vacuums one past the insert rule once a naptime, then leaves them', async () => {
    const maintenance = tableMaintenance(t.db);
    await maintenance.check(); // what the sign-ups and migrations left
    const owner = await createAccount(t);
    const dep = await createDepartment(t, owner, { dp_name: 'Floor' });
    const at = new Date().toISOString();
    const employees = (from: number, n: number) =>
      t.db
        .insertInto('employees')
        .values(
          Array.from({ length: n }, (_, i) => ({
            account_id: owner.accountId,
            department_id: dep.id,
            employee_id: `S${from + i}`,
            name: `Stat ${from + i}`,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();

    // 400 new rows: past the analyze rule (50 + 10 %), not the vacuum one (1,000 inserts + 20 %).
    await employees(0, 400);
    let done = await checkUntil(maintenance.check, (m) => m.analyzed.includes('employees'));
    expect(done.analyzed).toContain('employees');
    expect(done.vacuumed).not.toContain('employees');
    expect((await tableState('employees')).rows).toBeGreaterThanOrEqual(400);
    expect((await maintenance.check()).analyzed).not.toContain('employees');

    // 1,200 more: past the insert rule. VACUUM (ANALYZE) marks the pages all-visible.
    await employees(400, 1200);
    done = await checkUntil(maintenance.check, (m) => m.vacuumed.includes('employees'));
    expect(done.vacuumed).toContain('employees');
    const state = await tableState('employees');
    expect(state).toMatchObject({ vacuumed: true });
    expect(state.rows).toBeGreaterThanOrEqual(1600);
    expect(state.visible).toBeGreaterThan(0);

    // Past both rules again within the minute: analyzed, not vacuumed again until the naptime has passed.
    await employees(1600, 2000);
    done = await checkUntil(maintenance.check, (m) => m.analyzed.includes('employees'));
    expect(done.analyzed).toContain('employees');
    expect(done.vacuumed).not.toContain('employees');
  });

  it('checks periodically only where autovacuum is off', async () => {
    const autovacuum = (await sql<{ v: string }>`select current_setting('autovacuum') as v`.execute(t.db))
      .rows[0].v;
    const maintenance = tableMaintenance(t.db, 60_000);
    expect(await maintenance.start()).toBe(autovacuum === 'off');
    maintenance.stop();
    // Stopped before it looked: it never starts.
    const early = tableMaintenance(t.db, 60_000);
    early.stop();
    expect(await early.start()).toBe(false);
  });
});

describe.runIf(dialect === 'postgres')('an import of employees', () => {
  const m = useTestApp({}, { tableMaintenance: true });
  const analyzed = async () =>
    (
      await sql<{ count: number; rows: number }>`
        select s.analyze_count::integer as count, c.reltuples::integer as rows
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.relname = 'employees' and s.schemaname = current_schema()`.execute(m.db)
    ).rows[0];

  it('answers once PostgreSQL has analyzed the new employees, not at the next periodic look', async () => {
    // Only the import's own analyze can count here.
    m.app.deps.maintenance!.stop();
    const owner = await signUp(m.app);
    const before = await analyzed();
    const csv = [
      'Name,Employee ID,Department,Title,Email,Hourly Rate,PIN',
      ...Array.from({ length: 600 }, (_, i) => `Bulk ${i},B${i},Floor,,,,`),
    ].join('\n');
    const boundary = 'bulk-import';
    const res = await m.app.inject({
      method: 'POST',
      url: '/employees/import',
      headers: { ...owner.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="staff.csv"\r\n\r\n` +
        `${csv}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().imported).toBe(600);
    const after = await analyzed();
    expect(after.count).toBe(before.count + 1);
    expect(after.rows).toBeGreaterThanOrEqual(600);
  });
});
