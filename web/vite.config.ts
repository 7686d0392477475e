import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineCssInUse, precompress, queryThroughClient, routePreload, stationFiles } from './vite-plugins';

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

const srcDir = fileURLToPath(new URL('./src', import.meta.url));

/** Joins regular expressions into one that matches what any of them matches. */
const anyOf = (...list: RegExp[]) => new RegExp(list.map((r) => r.source).join('|'));
const MANTINE = String.raw`@mantine[\\/]core[\\/]esm[\\/]`;
// Mantine's small shared utilities (contexts, refs, event helpers, the check and chevron icons) that the
// pages past the first load use: one small file rather than a dozen tiny ones.
const MANTINE_UTILS = anyOf(
  new RegExp(
    `${MANTINE}core[\\\\/](DirectionProvider|Box[\\\\/]get-style-object|utils[\\\\/](is-element|get-single-element-child|create-safe-context|find-element-ancestor|create-scoped-keydown-handler|get-default-z-index|close-on-escape|create-event-handler|get-context-item-index|create-use-external-events|get-ref-prop|noop))[\\\\/]`,
  ),
  new RegExp(
    `${MANTINE}components[\\\\/](Accordion[\\\\/]AccordionChevron|Checkbox[\\\\/]CheckIcon|Radio[\\\\/]RadioIcon)\\.mjs$`,
  ),
  /@mantine[\\/]hooks[\\/]esm[\\/](utils[\\/]use-callback-ref|use-merged-ref|use-uncontrolled|use-click-outside|use-long-press|use-force-update|use-drag|use-debounced-callback|use-window-event)[\\/]/,
);
// The overlay machinery of the signed-in areas: Modal, ScrollArea, focus trap, floating-ui, scroll lock. Not
// Alert: the time station shows alerts but no overlay on its first load, and would load all of this with it.
const SHARED_UI = anyOf(
  new RegExp(
    `${MANTINE}components[\\\\/](FocusTrap|Modal|ModalBase|Overlay|Portal|ScrollArea|VisuallyHidden)[\\\\/]`,
  ),
  /@mantine[\\/]hooks[\\/]esm[\\/](use-focus-return|use-focus-trap)[\\/]/,
  /node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)[\\/]/,
);
// What the signed-in areas (and the public pages that call the API) need to talk to the server: TanStack
// Query (not QueryClientProvider: the entry's query context), zod and the contract's schemas, the API client,
// the account's settings. Not the date formats (pages/punches/display-format.ts): the time station shows a date
// with them, and would otherwise load all of this (~40 kB gzip) on its first load.
const APP_DATA = anyOf(
  /node_modules[\\/]@tanstack[\\/](query-core[\\/]|react-query[\\/]build[\\/]modern[\\/](?!QueryClientProvider))/,
  /node_modules[\\/]zod[\\/]/,
  /src[\\/]api[\\/](auth|client|early-take|queryClient|react-query|settings|dashboard)\.ts$/,
  /contract[\\/]src[\\/](auth|fields|account|dashboard|errors)\.ts$/,
);
// The rest of the signed-in frame: the confirm dialogs and their host, the notifications (not their CSS: the
// entry's), the account menu, and the page frame every signed-in page uses.
const APP_FRAME = anyOf(
  /node_modules[\\/](@mantine[\\/](modals|notifications[\\/]esm|store)|react-transition-group|@babel[\\/]runtime)[\\/]/,
  new RegExp(`${MANTINE}(components[\\\\/](Menu|Popover|Avatar|Notification)|utils[\\\\/]Floating)[\\\\/]`),
  /@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(Logout|ChevronDown)\.mjs$/,
  /src[\\/](layouts[\\/](AccountMenu|ModalsHost)|session[\\/]logout|components[\\/](notify|AppPage))\.tsx?$/,
);
const station = stationFiles(/[\\/]src[\\/]station[\\/]StationPage\.tsx$/);

export default defineConfig({
  plugins: [
    react(),
    queryThroughClient(srcDir),
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
    // not once the router has rendered; so do the manager's layout and dashboard, with a session
    // (and the dashboard's API calls start then, before the entry has downloaded).
    // (Their ~20 chunk names, since the signed-in frame is grouped, cost ~0.3 kB gzip on every
    // first load.)
    routePreload(
      {
        '/': [/[\\/]src[\\/]pages[\\/]public[\\/]Home\.tsx$/],
        '/login': [/[\\/]src[\\/]pages[\\/]auth[\\/]Login\.tsx$/],
        // The time station: a tablet at the door loads it cold, over whatever network the site has.
        '/station': [/[\\/]src[\\/]station[\\/]StationPage\.tsx$/],
      },
      {
        // The calls: web/src/routes.tsx's `data` of /HomeSecond, and the account menu's picture.
        '/homesecond': {
          role: 'user',
          modules: [
            /[\\/]src[\\/]layouts[\\/]ManagerLayout\.tsx$/,
            /[\\/]src[\\/]pages[\\/]manager[\\/]HomeSecond\.tsx$/,
          ],
          data: ['/api/dashboard', '/api/get-user'],
          picture: true,
        },
      },
    ),
    // src/mantine-styles.css leaves out the styles of Mantine components no page uses: none in use may lack them.
    mantineCssInUse(fileURLToPath(import.meta.resolve('@mantine/core/styles.css'))),
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
            // The signed-in areas' frame (account menu, confirm dialogs, notifications, TanStack Query, zod,
            // the API client) in four files instead of ~40 small ones: a manager's or employee's first load
            // fetched them six at a time over HTTP/1.1, a round trip each. Nothing here is part of the first
            // load of `/` or `/Login` (bench/web-size.ts would show it). Keep a module with what it needs
            // at start-up: contract/src/errors.ts alone made its chunk and app-data import each other, and
            // its zod schema ran before zod was defined ("e is not a constructor" on every signed-in page).
            { name: 'mantine-utils', test: MANTINE_UTILS, includeDependenciesRecursively: false },
            { name: 'shared-ui', test: SHARED_UI, includeDependenciesRecursively: false },
            { name: 'app-data', test: APP_DATA, includeDependenciesRecursively: false },
            { name: 'app-frame', test: APP_FRAME, includeDependenciesRecursively: false },
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
