import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { plannerStats } from '../src/db/planner-stats';
import { createAccount, createDepartment } from './factories';
import { dialect, useTestApp } from './helper';

/**
 * PostgreSQL without autovacuum (this machine's): the app analyzes the tables that grew since their last ANALYZE,
 * by autovacuum's rule, so the planner does not take a 10,000-employee table for an empty one (db/planner-stats).
 */
const t = useTestApp();

const rowsOf = async (table: string) =>
  (
    await sql<{
      rows: number;
    }>`select reltuples::integer as rows from pg_class where relname = ${table}`.execute(t.db)
  ).rows[0].rows;

describe.runIf(dialect === 'postgres')('planner statistics without autovacuum', () => {
  it('analyzes a table once it has grown past the rule, then leaves it until it grows again', async () => {
    const stats = plannerStats(t.db);
    await stats.check(); // what the sign-ups and migrations left
    const owner = await createAccount(t);
    const dep = await createDepartment(t, owner, { dp_name: 'Floor' });
    const at = new Date().toISOString();
    await t.db
      .insertInto('employees')
      .values(
        Array.from({ length: 400 }, (_, i) => ({
          account_id: owner.accountId,
          department_id: dep.id,
          employee_id: `S${i}`,
          name: `Stat ${i}`,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    // A backend reports its changes to the statistics at most once a second: look until they are seen.
    let analyzed: string[] = [];
    for (let tries = 0; tries < 40 && !analyzed.includes('employees'); tries++) {
      analyzed = await stats.check();
      if (!analyzed.includes('employees')) await new Promise((r) => setTimeout(r, 100));
    }
    expect(analyzed).toContain('employees');
    expect(await rowsOf('employees')).toBeGreaterThanOrEqual(400);
    // Nothing changed since: nothing to analyze.
    expect(await stats.check()).not.toContain('employees');
  });

  it('checks periodically only where autovacuum is off', async () => {
    const autovacuum = (await sql<{ v: string }>`select current_setting('autovacuum') as v`.execute(t.db))
      .rows[0].v;
    const stats = plannerStats(t.db, 60_000);
    expect(await stats.start()).toBe(autovacuum === 'off');
    stats.stop();
    // Stopped before it looked: it never starts.
    const early = plannerStats(t.db, 60_000);
    early.stop();
    expect(await early.start()).toBe(false);
  });
});
