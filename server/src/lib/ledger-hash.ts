import { createHash } from 'node:crypto';

// The tamper-evident ledger's hashes (issue 34, docs/RULES.md#tamper-evident-ledger), shared by the writers
// (db/ledger.ts) and the check (modules/audit); scripts/verify-audit.mjs computes entryHash the same way.

/** The tables the ledger covers. */
export type LedgerTable = 'punches' | 'activity_logs';
export type LedgerOp = 'insert' | 'update' | 'delete';

/**
 * The columns of a row that its entry seals, in this order. A punch: who, its client ids, its times, its kind,
 * notes, where it came from and whether it is deleted (work_date follows from time_in and the zone, so a zone
 * change rewrites it without an entry; positions, screening, the conflict flag and late_sync are annotations).
 * An activity entry: all of it but updated_at.
 */
export const LEDGER_FIELDS: Record<LedgerTable, readonly string[]> = {
  punches: [
    'id',
    'employee_ref',
    'client_id',
    'clock_out_client_id',
    'time_in',
    'time_out',
    'type',
    'deduction',
    'notes',
    'source',
    'station_id',
    'station_out_id',
    'deleted_at',
  ],
  activity_logs: ['id', 'user_id', 'employee_id', 'action', 'details', 'created_at'],
};

/** The hash before an account's first entry. */
export const GENESIS = '0'.repeat(64);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The digest of a row's sealed columns (LEDGER_FIELDS); numbers and text as the database answers them. */
export function rowDigest(table: LedgerTable, row: Record<string, unknown>): string {
  return sha256(JSON.stringify(LEDGER_FIELDS[table].map((f) => canonical(row[f]))));
}
/** PostgreSQL may answer a bigint or numeric as text: ids and refs are integers. */
const canonical = (v: unknown) =>
  v === undefined || v === null ? null : typeof v === 'bigint' ? Number(v) : v;

/** One link of the chain, as stored and exported. */
export interface LedgerEntry {
  seq: number;
  table: LedgerTable;
  row_id: number;
  op: LedgerOp;
  at: string;
  digest: string;
  hash: string;
}

/** An entry's hash: the previous hash and the entry's fields, one line (scripts/verify-audit.mjs does the same). */
export const entryHash = (prev: string, e: Omit<LedgerEntry, 'hash'>) =>
  sha256(`${prev}|${e.seq}|${e.table}|${e.row_id}|${e.op}|${e.at}|${e.digest}`);
