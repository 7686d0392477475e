import { AUDIT_TABLES, type AuditBroken, type AuditVerifyAnswer } from '@punchclock/contract';
import { entryHash, GENESIS, type LedgerEntry, type LedgerOp } from '../../lib/ledger-hash';
import type { AuditRepository } from './audit.repository';

/** Entries and rows read a page at a time. */
const PAGE = 5_000;

type Source = Pick<AuditRepository, 'entries' | 'head' | 'rows'>;
type Sealed = { seq: number; digest: string; op: LedgerOp; at: string };

/**
 * The account's ledger checked (docs/RULES.md#tamper-evident-ledger): the chain from its first entry (each number
 * the next, each hash that of the previous hash and the entry), its end against the head row, then every punch and
 * activity row against the last entry that sealed it. The first break in chain order is answered; rows no entry
 * seals come after every entry, earliest first.
 */
export async function checkLedger(source: Source, accountId: number): Promise<AuditVerifyAnswer> {
  const breaks: AuditBroken[] = [];
  const latest = new Map<string, Sealed>();
  let prev = GENESIS;
  let last: LedgerEntry | undefined;
  let count = 0;
  let chainBroken = false;
  for (let after = 0; ;) {
    const page = await source.entries(accountId, after, PAGE);
    for (const e of page) {
      count += 1;
      const expected = (last?.seq ?? 0) + 1;
      if (!chainBroken && (e.seq !== expected || entryHash(prev, e) !== e.hash)) {
        chainBroken = true;
        breaks.push({ entry: e.seq, table: e.table, id: e.row_id, at: e.at, reason: 'chain' });
      }
      prev = e.hash;
      last = e;
      latest.set(`${e.table}:${e.row_id}`, { seq: e.seq, digest: e.digest, op: e.op, at: e.at });
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1].seq;
  }
  const head = await source.head(accountId);
  const headSeq = head ? Number(head.seq) : 0;
  if (!chainBroken && (headSeq !== (last?.seq ?? 0) || (head && head.hash !== (last?.hash ?? GENESIS)))) {
    // Entries removed from the end (the head still names them), or the head itself altered.
    breaks.push({ entry: (last?.seq ?? 0) + 1, table: null, id: null, at: null, reason: 'chain' });
  }
  const unsealed: AuditBroken[] = [];
  for (const table of AUDIT_TABLES) {
    for (let after = 0; ;) {
      const rows = await source.rows(table, accountId, after, PAGE);
      for (const r of rows) {
        const key = `${table}:${r.id}`;
        const sealed = latest.get(key);
        if (!sealed) unsealed.push({ entry: null, table, id: r.id, at: r.at, reason: 'inserted' });
        else {
          if (sealed.digest !== r.digest)
            breaks.push({ entry: sealed.seq, table, id: r.id, at: sealed.at, reason: 'changed' });
          latest.delete(key);
        }
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1].id;
    }
  }
  // Sealed rows no longer there.
  for (const [key, sealed] of latest) {
    const [table, id] = key.split(':');
    breaks.push({
      entry: sealed.seq,
      table: table as AuditBroken['table'],
      id: Number(id),
      at: sealed.at,
      reason: 'deleted',
    });
  }
  breaks.sort((a, b) => (a.entry ?? 0) - (b.entry ?? 0));
  unsealed.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '') || (a.id ?? 0) - (b.id ?? 0));
  const first = breaks[0] ?? unsealed[0] ?? null;
  return { ok: first === null, entries: count, head: last?.hash ?? null, first_broken: first };
}

/** The account's chain as JSON lines, in order, a page at a time (GET /api/audit/export). */
export async function* ledgerLines(
  source: Pick<Source, 'entries'>,
  accountId: number,
): AsyncGenerator<string> {
  for (let after = 0; ;) {
    const page = await source.entries(accountId, after, PAGE);
    for (const e of page)
      yield `${JSON.stringify({ seq: e.seq, table: e.table, row_id: e.row_id, op: e.op, at: e.at, digest: e.digest, hash: e.hash })}\n`;
    if (page.length < PAGE) return;
    after = page[page.length - 1].seq;
  }
}
