import { z } from 'zod';

/**
 * The tamper-evident ledger (GET /api/audit/verify, GET /api/audit/export): every write of a punch and every
 * activity entry is an entry of the account's hash chain. The verify answer says whether the chain is whole and
 * whether every punch and log row is as its last entry sealed it; when not, the first entry that no longer matches.
 */
export const AUDIT_TABLES = ['punches', 'activity_logs'] as const;
export type AuditTable = (typeof AUDIT_TABLES)[number];

/**
 * Why an entry no longer matches: `chain` (the entry itself was changed, removed or added: its hash or number does
 * not follow), `changed` (its row differs from what it sealed), `deleted` (its row is gone), `inserted` (a row no
 * entry seals; `entry` is then null).
 */
export const AUDIT_BREAKS = ['chain', 'changed', 'deleted', 'inserted'] as const;
export type AuditBreak = (typeof AUDIT_BREAKS)[number];

export const auditBroken = z.object({
  /** The entry's number in the chain (1, 2, …); null for a row no entry seals. */
  entry: z.number().int().nullable(),
  /** The entry's table and row id; null for entries missing at the chain's end (only the head says they were). */
  table: z.enum(AUDIT_TABLES).nullable(),
  id: z.number().int().nullable(),
  /** The entry's time (ISO UTC), or the row's own for a row no entry seals. */
  at: z.string().nullable(),
  reason: z.enum(AUDIT_BREAKS),
});
export type AuditBroken = z.infer<typeof auditBroken>;

export const auditVerifyAnswer = z.object({
  ok: z.boolean(),
  /** How many entries the chain holds. */
  entries: z.number().int(),
  /** The last entry's hash (hex SHA-256), null before the first write. */
  head: z.string().nullable(),
  /** The first entry that no longer matches, in chain order; null when ok. */
  first_broken: auditBroken.nullable(),
});
export type AuditVerifyAnswer = z.infer<typeof auditVerifyAnswer>;

/** One line of GET /api/audit/export (JSON lines, in chain order); scripts/verify-audit.mjs checks them. */
export const auditExportLine = z.object({
  seq: z.number().int(),
  table: z.enum(AUDIT_TABLES),
  row_id: z.number().int(),
  op: z.enum(['insert', 'update', 'delete']),
  at: z.string(),
  digest: z.string(),
  hash: z.string(),
});

/** What the Activity Logs page and the server say about the ledger. */
export const AUDIT_TEXT = {
  wholeAccount: 'Only the account owner and full administrators can check the audit ledger.',
  title: 'Audit ledger',
  checking: 'Checking the audit ledger…',
  ok: 'Audit ledger intact',
  broken: 'Audit ledger broken',
  failed: 'The audit ledger could not be checked.',
  downloaded: 'Audit ledger downloaded.',
  downloadFailed: 'The audit ledger could not be downloaded.',
  entries: 'entries',
  reasons: {
    chain: 'the ledger entry itself was altered',
    changed: 'the row was changed outside the app',
    deleted: 'the row was deleted outside the app',
    inserted: 'the row was added outside the app',
  } satisfies Record<AuditBreak, string>,
  tables: { punches: 'Punch', activity_logs: 'Activity entry' } satisfies Record<AuditTable, string>,
} as const;
