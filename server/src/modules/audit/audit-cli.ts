import { AUDIT_TEXT } from '@punchclock/contract';
import { loadConfig } from '../../config';
import { createDatabase } from '../../db/database';
import { checkLedger } from './audit-check';
import { auditRepository } from './audit.repository';

/*
 * `npm run audit -- verify [--account <id>]`: the tamper-evident ledger of every account (or one) checked against the
 * database at DATABASE_URL (the SQLite file under DATA_DIR by default), with the app stopped or running
 * (docs/RULES.md#tamper-evident-ledger). Prints one line an account; exits 1 when any is broken, 2 on bad usage.
 */
const [command, ...rest] = process.argv.slice(2);
const flag = rest.indexOf('--account');
const only = flag >= 0 ? Number(rest[flag + 1]) : null;
if (command !== 'verify' || (only !== null && !(Number.isInteger(only) && only > 0))) {
  console.error('Usage: npm run audit -- verify [--account <id>]');
  process.exit(2);
}
const config = loadConfig();
const db = createDatabase(config.databaseUrl);
try {
  const repo = auditRepository(db);
  const ids = only !== null ? [only] : await repo.accountIds();
  let broken = 0;
  for (const id of ids) {
    const r = await checkLedger(repo, id);
    if (r.ok) console.log(`account ${id}: ok, ${r.entries} ${AUDIT_TEXT.entries}, head ${r.head ?? '-'}`);
    else {
      broken += 1;
      const b = r.first_broken!;
      console.log(
        `account ${id}: BROKEN at entry ${b.entry ?? '-'} (${b.table ?? '-'} ${b.id ?? '-'}, ${b.at ?? '-'}): ${AUDIT_TEXT.reasons[b.reason]}`,
      );
    }
  }
  process.exitCode = broken ? 1 : 0;
} finally {
  await db.destroy();
}
