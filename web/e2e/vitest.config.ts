import { defineConfig } from 'vitest/config';

// Browser journeys against the real server (built web app), once on SQLite and once on PostgreSQL.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    // Generous: CI runs both databases' journeys side by side on two cores, where a 22 s journey has taken 61 s.
    testTimeout: 150_000,
    hookTimeout: 120_000,
    // expect.poll waits for the page as a locator would (vitest's default is 1 s): under the load of every
    // journey run side by side, a report's next page took longer than that to replace the first.
    expect: { poll: { timeout: 30_000 } },
    fileParallelism: false,
    globalSetup: ['./global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'e2e-sqlite', env: { E2E_DIALECT: 'sqlite' } } },
      { extends: true, test: { name: 'e2e-postgres', env: { E2E_DIALECT: 'postgres' } } },
    ],
  },
});
