import { CompiledQuery, type Kysely, PostgresAdapter } from 'kysely';
import { entryHash, GENESIS, type LedgerOp, type LedgerTable, rowDigest } from '../lib/ledger-hash';
import { nowIso } from '../lib/time';
import { KEEP_PLAN } from './database';
import type { DB } from './schema';
import { unnestRows } from './unnest';

export type { LedgerOp, LedgerTable } from '../lib/ledger-hash';

// The tamper-evident ledger (issue 34, docs/RULES.md#tamper-evident-ledger): every write of a punch and every
// activity entry appends an entry to its account's hash chain, in the transaction of the write. Repositories note
// the rows they wrote (noteRows, from the rows their statements return); the unit of work appends the
// transaction's notes once, just before its COMMIT (inLedger), under the account's head row, locked.

type Note = { accountId: number; table: LedgerTable; rowId: number; op: LedgerOp; digest: string };

/** The notes of the transaction (or group-commit connection) a handle runs in, appended before its COMMIT. */
const scopes = new WeakMap<Kysely<DB>, Note[]>();

/**
 * Runs `work` on `trx` with the ledger's notes collected, then appends them (one head lock, one INSERT, one head
 * UPDATE an account) before returning, so the caller's COMMIT takes them with the writes. Inside a scope already
 * open on the same handle (a unit of a group commit) it only runs `work`: the group appends once for all.
 */
export async function inLedger<T>(trx: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  if (scopes.has(trx)) return work();
  const notes: Note[] = [];
  scopes.set(trx, notes);
  try {
    const out = await work();
    await appendNotes(trx, notes);
    return out;
  } finally {
    scopes.delete(trx);
  }
}

/**
 * Notes the rows a statement wrote (as the database answered them: RETURNING *). Inside a unit of work they are
 * appended before its COMMIT; a write outside one (no transaction) gets its entries in a transaction of their
 * own at once, and one in a transaction the unit of work did not open, in that transaction.
 */
export async function noteRows(
  db: Kysely<DB>,
  table: LedgerTable,
  op: LedgerOp,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (!rows.length) return;
  const notes = rows.map((r) => ({
    accountId: Number(r.account_id),
    table,
    rowId: Number(r.id),
    op,
    digest: rowDigest(table, r),
  }));
  const scope = scopes.get(db);
  if (scope) scope.push(...notes);
  else if (db.isTransaction) await appendNotes(db, notes);
  else await db.transaction().execute((trx) => appendNotes(trx, notes));
}

const HEAD_LOCK =
  'insert into "audit_heads" ("account_id", "seq", "hash") values ($1, 0, $2) ' +
  'on conflict ("account_id") do update set "seq" = "audit_heads"."seq" returning "seq", "hash"';
const HEAD_MOVE = 'update "audit_heads" set "seq" = $1, "hash" = $2 where "account_id" = $3';
const COLUMNS = [
  ['account_id', 'integer'],
  ['seq', 'integer'],
  ['tbl', 'text'],
  ['row_id', 'integer'],
  ['op', 'text'],
  ['at', 'text'],
  ['digest', 'text'],
  ['hash', 'text'],
] as const;
const NAMES = COLUMNS.map(([c]) => `"${c}"`).join(', ');
/** SQLite: rows a multi-row INSERT (8 parameters a row). */
const CHUNK = 500;

/** SQLite numbers its parameters `?`; the texts above are written for PostgreSQL. */
const forDialect = (pg: boolean, text: string) => (pg ? text : text.replace(/\$\d+/g, '?'));

/**
 * Appends notes to their accounts' chains: per account (in id order, so two transactions cannot deadlock on the
 * heads), the head row is made or locked (an upsert locks it on PostgreSQL until COMMIT; SQLite has one writer),
 * the entries are chained from it and inserted, and the head moves to the last.
 */
async function appendNotes(trx: Kysely<DB>, notes: Note[]): Promise<void> {
  if (!notes.length) return;
  const pg = trx.getExecutor().adapter instanceof PostgresAdapter;
  const byAccount = new Map<number, Note[]>();
  for (const n of notes) {
    const list = byAccount.get(n.accountId);
    if (list) list.push(n);
    else byAccount.set(n.accountId, [n]);
  }
  const at = nowIso();
  for (const accountId of [...byAccount.keys()].sort((a, b) => a - b)) {
    const head = (
      await trx.executeQuery<{ seq: number; hash: string }>(
        CompiledQuery.raw(forDialect(pg, HEAD_LOCK), [accountId, GENESIS]),
      )
    ).rows[0];
    let seq = Number(head.seq);
    let hash = head.hash;
    const rows = byAccount.get(accountId)!.map((n) => {
      seq += 1;
      const e = { seq, table: n.table, row_id: n.rowId, op: n.op, at, digest: n.digest };
      hash = entryHash(hash, e);
      return {
        account_id: accountId,
        seq,
        tbl: n.table,
        row_id: n.rowId,
        op: n.op,
        at,
        digest: n.digest,
        hash,
      };
    });
    if (pg) await insertEntriesMovingHead(trx, rows, { seq, hash, accountId });
    else {
      await insertEntries(trx, rows);
      await trx.executeQuery(CompiledQuery.raw(forDialect(pg, HEAD_MOVE), [seq, hash, accountId]));
    }
  }
}

/** PostgreSQL: the entries inserted and the head moved to the last in one statement (one round trip fewer). */
async function insertEntriesMovingHead(
  trx: Kysely<DB>,
  rows: Record<string, unknown>[],
  head: { seq: number; hash: string; accountId: number },
) {
  const params: unknown[] = [head.seq, head.hash, head.accountId];
  const from = unnestRows(rows, COLUMNS, params);
  await trx.executeQuery(
    CompiledQuery.raw(
      `with entries as (insert into "audit_ledger" (${NAMES}) select ${NAMES} from ${from}) ` +
        `${HEAD_MOVE} ${KEEP_PLAN}`,
      params,
    ),
  );
}

/** SQLite: the entries in multi-row INSERTs. */
async function insertEntries(trx: Kysely<DB>, rows: Record<string, unknown>[]) {
  const tuple = `(${COLUMNS.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const params = chunk.flatMap((r) => COLUMNS.map(([c]) => r[c]));
    await trx.executeQuery(
      CompiledQuery.raw(
        `insert into "audit_ledger" (${NAMES}) values ${chunk.map(() => tuple).join(', ')}`,
        params,
      ),
    );
  }
}

/**
 * Seals rows that exist without entries (written before the ledger, migration 021, or by the demo's seeding, which
 * inserts rows directly): each gets an `insert` entry, punches first, in id order.
 */
export async function sealExisting(trx: Kysely<DB>, accountId: number): Promise<number> {
  const punches = await trx
    .selectFrom('punches')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  const logs = await trx
    .selectFrom('activity_logs')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  const sealed = await trx
    .selectFrom('audit_ledger')
    .select(['tbl', 'row_id'])
    .where('account_id', '=', accountId)
    .execute();
  const seen = new Set(sealed.map((s) => `${s.tbl}:${s.row_id}`));
  const notes: Note[] = [];
  for (const [table, rows] of [
    ['punches', punches],
    ['activity_logs', logs],
  ] as const)
    for (const r of rows as Record<string, unknown>[])
      if (!seen.has(`${table}:${r.id}`))
        notes.push({ accountId, table, rowId: Number(r.id), op: 'insert', digest: rowDigest(table, r) });
  await appendNotes(trx, notes);
  return notes.length;
}
