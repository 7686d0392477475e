import { configDefaults, defineConfig } from 'vitest/config';

// Every API test runs twice: on the embedded SQLite database and on PostgreSQL (spec: both, for real).
// Unit tests of pure logic (test/unit) need no database and run once: `npm run test:unit`.
const api = (name: string) => ({
  extends: true as const,
  test: {
    name,
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/unit/**'],
    env: { TEST_DIALECT: name },
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on the 2-core machines `npm test`
    // runs on. An API test file mostly waits on its database (a commit's fsync, a round trip), so three files go
    // side by side; each has its own database (docs/TESTING.md, "API tests").
    maxWorkers: 3,
    // A worker runs its files in one module graph instead of a new one a file: importing the whole app took 412 of
    // the suite's 485 s alone (docs/TESTING.md, "API tests"). Each file still has its own app and database, and a
    // file that changes module state (payParts in pay-sql.test.ts) puts it back after.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      api('sqlite'),
      api('postgres'),
    ],
  },
});
