import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { queryThroughClient } from './vite-plugins';

// One copy of react-router. Left to Node, 'react-router' and 'react-router/dom' load as two
// module instances, and the DOM RouterProvider's context is not the one Outlet and the hooks
// read; pointing both at the ES module files the browser build uses makes them share one.
const routerDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/development',
);

/** The unit files that replace modules with vi.mock. */
const MOCKING = [
  'src/components/Clamped.test.tsx',
  'src/station/ClockPanel*.test.tsx',
  'src/pages/employee/SelfClock.test.tsx',
  'src/pages/people/EmployeesPage.test.tsx',
];

// Component tests only; the browser journeys under e2e/ have their own config.
export default defineConfig({
  // As in the build: TanStack Query's users get the app's client through src/api/react-query.ts.
  plugins: [react(), queryThroughClient(join(import.meta.dirname, 'src'))],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
    ],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Whole forms are typed key by key; leave room on a busy machine.
    testTimeout: 15_000,
    projects: [
      // One jsdom and one module graph a worker for its files instead of a new one a file (docs/TESTING.md, "Web
      // unit tests"): the setup file's afterEach puts back what a test changes (page, storage, session, stubs).
      {
        extends: true,
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING, isolate: false },
      },
      // Files that replace a module (vi.mock): a mock reaches every file that imports the module after it in
      // the same graph, so these get a graph of their own (src/test/isolation.test.ts checks the list).
      { extends: true, test: { name: 'web-mocks', include: MOCKING } },
    ],
  },
});
