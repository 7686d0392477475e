import { sql } from 'kysely';
import { loadConfig } from '../config';
import { createDatabase } from './database';

/*
 * `npm run sqlite -- check` (PRAGMA integrity_check) or `npm run sqlite -- vacuum` on the app's SQLite file, through
 * the app's own connection: the employees' name index calls fold(), which that connection defines and the sqlite3
 * shell does not (there both answer "no such function: fold"). Stop the app before a VACUUM: it rewrites the file.
 */
const command = process.argv[2];
const config = loadConfig();
if (config.databaseUrl.startsWith('postgres')) {
  console.error('This is for the SQLite database; PostgreSQL has its own tools (VACUUM, amcheck).');
  process.exit(2);
}
if (command !== 'check' && command !== 'vacuum') {
  console.error('Usage: npm run sqlite -- check | vacuum');
  process.exit(2);
}
const db = createDatabase(config.databaseUrl);
try {
  if (command === 'check') {
    const rows = (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows;
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    console.log(problems.length ? problems.join('\n') : `${config.databaseUrl}: ok`);
    process.exitCode = problems.length ? 1 : 0;
  } else {
    await sql`vacuum`.execute(db);
    console.log(`${config.databaseUrl}: vacuumed`);
  }
} finally {
  await db.destroy();
}
