import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount, createEmployee, insertPunch } from './factories';
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
    const account = await createAccount(t);
    const emp = await createEmployee(t, account, { employee_id: 'E1', name: 'E' });
    const punch = (clientId: string, timeOut: string | null) =>
      insertPunch(t, account.accountId, emp.id, { client_id: clientId, time_in: at, time_out: timeOut });
    await punch('a', at);
    await punch('b', null);
    await expect(punch('c', null)).rejects.toThrow();
    await expect(punch('a', at)).rejects.toThrow();
  });
});
