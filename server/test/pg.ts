import pg from 'pg';

/** The PostgreSQL server tests use: TEST_DATABASE_URL (CI sets it), else the local trust-auth default. */
export function pgServerUrl(): URL {
  return new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/punchclock_test');
}

export function pgUrlFor(database: string): string {
  const url = pgServerUrl();
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one statement on the maintenance database (CREATE/DROP DATABASE cannot run inside a pool transaction). */
export async function pgAdmin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrlFor('postgres') });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}
