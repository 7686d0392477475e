import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress, queryThroughClient, routePreload, stationFiles } from './vite-plugins';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

// The bare (non-/api) paths of the API contract. Some collide, ignoring case, with page routes
// (/departments vs /Departments, /settings vs /Settings, /faqs vs /FAQS), so they are proxied as
// whole path segments and only for API calls — see `pageOrApi`.
const BARE_API_PATHS = [
  'employees',
  'departments',
  'department',
  'settings',
  'getdata',
  'fields',
  'faqs',
  'allemployees',
  'alldepartments',
  'password-update',
  'uploads',
];

/** A browser navigation (HTML wanted, no token) gets the app's index.html; anything else goes to the API. */
function pageOrApi(req: IncomingMessage): string | undefined {
  if (req.headers.authorization) return undefined;
  const navigation =
    req.headers['sec-fetch-mode'] === 'navigate' || String(req.headers.accept ?? '').includes('text/html');
  return req.method === 'GET' && navigation ? '/index.html' : undefined;
}

const api: ProxyOptions = { target: API_ORIGIN };
const bareApi: ProxyOptions = { target: API_ORIGIN, bypass: pageOrApi };
const proxy = {
  '^/api/': api,
  [`^/(${BARE_API_PATHS.join('|')})(/|\\?|$)`]: bareApi,
};

const station = stationFiles(/[\\/]src[\\/]station[\\/]StationPage\.tsx$/);

export default defineConfig({
  plugins: [
    react(),
    queryThroughClient(fileURLToPath(new URL('./src', import.meta.url))),
    station.plugin,
    // The time station must load and take punches with no connection: the service worker precaches
    // the app shell and the station's code (not every page: the others load when visited, online);
    // API calls are never cached (punches wait in IndexedDB instead).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: null,
      manifest: {
        name: 'Punchclock Time Station',
        short_name: 'Punchclock',
        description: 'Clock in and out with a badge or Employee ID, even offline.',
        start_url: '/Station',
        display: 'standalone',
        background_color: '#f8f9fa',
        theme_color: '#4c6ef5',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        manifestTransforms: [
          async (entries) => ({ manifest: entries.filter((e) => station.keep(e.url)), warnings: [] }),
        ],
      },
    }),
    // The chunks of the home and login pages load beside the entry when those pages are opened,
    // not once the router has rendered. (Listing /HomeSecond's layout and page too would add their
    // ~50 chunk names to this script on every first load: about 1 kB gzip.)
    routePreload({
      '/': [/[\\/]src[\\/]pages[\\/]public[\\/]Home\.tsx$/],
      '/login': [/[\\/]src[\\/]pages[\\/]auth[\\/]Login\.tsx$/],
    }),
    // Last: .br and .gz twins of every file, the service worker's included.
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser that runs the app's ES2020+ code has <link rel="modulepreload">: no polyfill
    // in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contract's modules only declare constants and zod schemas. Saying so lets pages that
      // need just a message string leave zod out of the first load.
      treeshake: { moduleSideEffects: [{ test: /[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // React and the router change rarely: their own chunks stay cached across our releases
        // and load in parallel with the app's entry.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // Mantine's text input (and the id and styles hooks it needs) in one file, not seven small
            // ones (each costs its own request and gzip framing): what the login form loads besides
            // the app's frame.
            {
              name: 'input',
              test: /@mantine[\\/](core[\\/]esm[\\/](components[\\/](Input|InputBase|TextInput|CloseButton)[\\/]|core[\\/]styles-api[\\/]use-resolved-styles-api[\\/])|hooks[\\/]esm[\\/](use-id[\\/]|utils[\\/]random-id[\\/]))/,
              // Only these modules: Mantine's core that they import stays where it is (the entry's).
              includeDependenciesRecursively: false,
            },
            // Likewise the small pieces the sign-in pages share (a few hundred bytes each), and Paper
            // (their card, also on the home page).
            {
              name: 'auth-shell',
              test: /(src[\\/](pages[\\/]auth[\\/]AuthShell|components[\\/]SubmitButton|forms[\\/]validation)|contract[\\/]src[\\/]login-messages)\.tsx?$|@mantine[\\/]core[\\/]esm[\\/]components[\\/]Paper[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      onwarn(warning, warn) {
        // Mantine ships "use client" directives that a client-only bundle ignores.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
