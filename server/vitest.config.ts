import { defineConfig } from 'vitest/config';

// Every API test runs twice: on the embedded SQLite database and on PostgreSQL (spec: both, for real).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'sqlite', env: { TEST_DIALECT: 'sqlite' } } },
      { extends: true, test: { name: 'postgres', env: { TEST_DIALECT: 'postgres' } } },
    ],
  },
});
