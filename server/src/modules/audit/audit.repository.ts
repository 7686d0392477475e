import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type LedgerEntry, type LedgerTable, rowDigest } from '../../lib/ledger-hash';

/**
 * What the ledger's check reads (audit-check.ts), a page at a time, account first: the chain in order, its head,
 * and the rows it seals with their digests (lib/ledger-hash.ts).
 */
export function auditRepository(db: Kysely<DB>) {
  return {
    /** The account's entries after `afterSeq`, in chain order. */
    async entries(accountId: number, afterSeq: number, limit: number): Promise<LedgerEntry[]> {
      const rows = await db
        .selectFrom('audit_ledger')
        .select(['seq', 'tbl', 'row_id', 'op', 'at', 'digest', 'hash'])
        .where('account_id', '=', accountId)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(({ tbl, ...e }) => ({
        ...e,
        seq: Number(e.seq),
        row_id: Number(e.row_id),
        table: tbl,
      }));
    },

    head: (accountId: number) =>
      db
        .selectFrom('audit_heads')
        .select(['seq', 'hash'])
        .where('account_id', '=', accountId)
        .executeTakeFirst(),

    /** The account's rows of `table` after `afterId` (deleted ones too), each with its digest and creation time. */
    async rows(
      table: LedgerTable,
      accountId: number,
      afterId: number,
      limit: number,
    ): Promise<{ id: number; at: string; digest: string }[]> {
      const rows = (await db
        .selectFrom(table)
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute()) as Record<string, unknown>[];
      return rows.map((r) => ({
        id: Number(r.id),
        at: String(r.created_at),
        digest: rowDigest(table, r),
      }));
    },

    /** Every account's id (the command line checks them all). */
    accountIds: async () =>
      (await db.selectFrom('accounts').select('id').orderBy('id').execute()).map((a) => a.id),
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
