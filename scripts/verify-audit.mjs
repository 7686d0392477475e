#!/usr/bin/env node
// Checks an export of Punchclock's tamper-evident ledger on its own (GET /api/audit/export, JSON lines), with Node.js
// alone: each entry's number follows the previous one and its hash is SHA-256 of the previous hash and its fields
// (server/src/lib/ledger-hash.ts, entryHash). Give the head the app showed (GET /api/audit/verify) to check that the
// export is complete up to it.
//
//   node scripts/verify-audit.mjs audit-ledger.jsonl [--head <hash>]
//
// Prints "ok: N entries, head <hash>" and exits 0, or names the first entry that does not follow and exits 1.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

const [file, flag, expectedHead] = process.argv.slice(2);
if (!file || (flag !== undefined && (flag !== '--head' || !expectedHead))) {
  console.error('Usage: node scripts/verify-audit.mjs <export.jsonl> [--head <hash>]');
  process.exit(2);
}

const GENESIS = '0'.repeat(64);
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
let prev = GENESIS;
let seq = 0;
let line = 0;
for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
  line += 1;
  if (!text.trim()) continue;
  let e;
  try {
    e = JSON.parse(text);
  } catch {
    fail(`line ${line} is not JSON`);
  }
  const hash = sha256(`${prev}|${e.seq}|${e.table}|${e.row_id}|${e.op}|${e.at}|${e.digest}`);
  if (e.seq !== seq + 1)
    fail(`entry ${e.seq} (line ${line}) follows entry ${seq}: entries are missing or added`);
  if (e.hash !== hash) fail(`entry ${e.seq} (${e.table} ${e.row_id}, ${e.at}): its hash does not follow`);
  prev = e.hash;
  seq = e.seq;
}
const head = seq ? prev : null;
if (expectedHead && expectedHead !== head)
  fail(`the export ends at ${head ?? 'no entry'}, not at ${expectedHead}`);
console.log(`ok: ${seq} entries, head ${head ?? '-'}`);

function fail(why) {
  console.log(`broken: ${why}`);
  process.exit(1);
}
