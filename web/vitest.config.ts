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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Whole forms are typed key by key; leave room on a busy machine.
    testTimeout: 15_000,
  },
});
