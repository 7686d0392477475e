import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialect, useTestApp } from './helper';

const t = useTestApp();

describe('database', () => {
  it.runIf(dialect === 'sqlite')(
    'runs SQLite in WAL mode with synchronous=FULL and foreign keys on',
    async () => {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`PRAGMA ${name}`).execute(t.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
    },
  );

  it('creates every table the spec implies, each account table keyed by account_id', async () => {
    const tables = [
      'accounts',
      'users',
      'employees',
      'departments',
      'settings',
      'custom_fields',
      'custom_field_values',
      'api_keys',
      'faqs',
      'punches',
      'activity_logs',
      'auth_tokens',
      'stations',
      'import_batches',
    ];
    const found = (await t.db.introspection.getTables()).filter((x) => !x.name.startsWith('kysely_'));
    for (const name of tables) {
      const table = found.find((x) => x.name === name);
      expect(table, name).toBeDefined();
      if (name !== 'accounts')
        expect(
          table!.columns.map((c) => c.name),
          name,
        ).toContain('account_id');
    }
  });

  it('refuses a second open shift for one employee in the database itself', async () => {
    const at = new Date().toISOString();
    const account = await t.db
      .insertInto('accounts')
      .values({ company_name: 'A', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dep = await t.db
      .insertInto('departments')
      .values({ account_id: account.id, dp_name: 'D', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const emp = await t.db
      .insertInto('employees')
      .values({
        account_id: account.id,
        department_id: dep.id,
        employee_id: 'E1',
        name: 'E',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const punch = (clientId: string, timeOut: string | null) => ({
      account_id: account.id,
      employee_ref: emp.id,
      client_id: clientId,
      work_date: at.slice(0, 10),
      time_in: at,
      time_out: timeOut,
      received_in_at: at,
      source: 'manual' as const,
      created_at: at,
      updated_at: at,
    });
    await t.db.insertInto('punches').values(punch('a', at)).execute();
    await t.db.insertInto('punches').values(punch('b', null)).execute();
    await expect(t.db.insertInto('punches').values(punch('c', null)).execute()).rejects.toThrow();
    await expect(t.db.insertInto('punches').values(punch('a', at)).execute()).rejects.toThrow();
  });
});
