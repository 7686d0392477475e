import { describe, expect, it } from 'vitest';
import { statementObserver } from '../src/db/database';
import { sha256 } from '../src/auth/tokens';
import { stationsRepository } from '../src/modules/stations/stations.repository';
import { clockRepository } from '../src/modules/timeclock/clock.repository';
import { settingsRepository } from '../src/modules/settings/settings.repository';
import { createAccount, createDepartment, createEmployee, createStation } from './factories';
import { dialect, useTestApp } from './helper';

/**
 * A live punch's reads before its transaction (db/turn-batch): on PostgreSQL the reads of punches that arrive
 * together share one query a kind; each still gets exactly its own answer, from its own account.
 */
const t = useTestApp();

async function counted<T>(work: () => Promise<T>) {
  const statements: string[] = [];
  statementObserver.onStatement = (s) => statements.push(s);
  try {
    return { result: await work(), statements };
  } finally {
    statementObserver.onStatement = undefined;
  }
}

async function accountWithStaff(codes: string[]) {
  const owner = await createAccount(t);
  const dep = await createDepartment(t, owner, { dp_name: 'Floor' });
  for (const code of codes)
    await createEmployee(t, owner, { name: `Person ${code}`, department_id: dep.id, employee_id: code });
  return owner.accountId;
}

describe('reads asked together (issue 11)', () => {
  it('answer each employee and settings row of its own account, in one query a kind on PostgreSQL', async () => {
    const a = await accountWithStaff(['A1', 'A2', 'SAME']);
    const b = await accountWithStaff(['B1', 'SAME']);
    await t.db.updateTable('accounts').set({ company_name: 'Beta Co' }).where('id', '=', b).execute();
    const clock = clockRepository(t.db);
    const settings = settingsRepository(t.db);
    const asks: [number, string][] = [
      [a, 'A1'],
      [a, 'A2'],
      [a, 'SAME'],
      [a, 'B1'], // another account's code: nobody here
      [b, 'SAME'],
      [b, 'B1'],
      [b, 'A1'],
      [a, 'A1'], // asked twice in the turn
      [a, 'a1'], // codes are exact
    ];
    const { result, statements } = await counted(() =>
      Promise.all([
        Promise.all(asks.map(([accountId, code]) => clock.employeeByCode(accountId, code))),
        Promise.all([settings.read(a), settings.read(b), settings.read(a)]),
      ]),
    );
    const [employees, rows] = result;
    expect(employees.map((e) => e && e.name)).toEqual([
      'Person A1',
      'Person A2',
      'Person SAME',
      undefined,
      'Person SAME',
      'Person B1',
      undefined,
      'Person A1',
      undefined,
    ]);
    // Each an account's own row: SAME of account b is not SAME of account a.
    expect(employees[2]!.id).not.toBe(employees[4]!.id);
    expect(rows.map((r) => r.account_id)).toEqual([a, b, a]);
    expect(rows[1].account_company_name).toBe('Beta Co');
    // Every caller its own copy.
    expect(employees[0]).not.toBe(employees[7]);
    expect(employees[0]).toEqual(employees[7]);
    const employeeReads = statements.filter((s) => /from "employees"/.test(s));
    const settingsReads = statements.filter((s) => /from "settings"/.test(s));
    if (dialect === 'postgres') {
      // One query for each account's codes, one for every settings row.
      expect(employeeReads).toHaveLength(2);
      expect(settingsReads).toHaveLength(1);
      // Five codes of account a and three of b: one statement text for both (an array, not an IN list).
      expect(new Set(employeeReads).size).toBe(1);
    } else {
      // SQLite: one read a distinct key (A1 of account a was asked twice).
      expect(employeeReads).toHaveLength(asks.length - 1);
      expect(settingsReads).toHaveLength(2);
    }
  });

  it('finds each station by its own token, and nobody by a revoked or unknown one', async () => {
    const ownerA = await createAccount(t);
    const ownerB = await createAccount(t);
    const door = await createStation(t, ownerA, 'Door');
    const dock = await createStation(t, ownerB, 'Dock');
    const gone = await createStation(t, ownerA, 'Gone');
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/stations/${gone.id}`,
      headers: ownerA.auth,
    });
    expect(revoked.statusCode).toBe(200);
    const stations = stationsRepository(t.db);
    const tokens = [door.token, dock.token, gone.token, 'not a token', door.token];
    const { result, statements } = await counted(() =>
      Promise.all(tokens.map((token) => stations.findByToken(sha256(token)))),
    );
    expect(result.map((s) => s && [s.id, s.account_id])).toEqual([
      [door.id, ownerA.accountId],
      [dock.id, ownerB.accountId],
      undefined, // revoking forgets the token
      undefined,
      [door.id, ownerA.accountId],
    ]);
    expect(result[0]!.revoked_at).toBeNull();
    // SQLite: one read a distinct token (the door's was asked twice).
    expect(statements).toHaveLength(dialect === 'postgres' ? 1 : tokens.length - 1);
  });

  it('reads inside a transaction at once, seeing what the transaction wrote', async () => {
    const a = await accountWithStaff(['T1']);
    const { result } = await counted(() =>
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('employees').set({ name: 'Renamed' }).where('account_id', '=', a).execute();
        return clockRepository(trx).employeeByCode(a, 'T1');
      }),
    );
    expect(result?.name).toBe('Renamed');
  });
});
