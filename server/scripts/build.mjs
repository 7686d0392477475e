// Compiles the server for production: one ESM bundle, server/dist/main.js, run with plain `node` (no tsx at
// start). The contract workspace (TypeScript source) is bundled in; every other package stays an import of
// node_modules (native modules, and packages that read their own files, e.g. swagger-ui's assets).
// Run: npm run build -w server
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = join(dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: [join(server, 'src/main.ts')],
  outfile: join(server, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@punchclock/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
