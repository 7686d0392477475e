// `npm start`: builds only what is missing or older than its sources (the web app, the compiled server), then
// runs the compiled server (server/dist/main.js: migrations, then listen) with plain node, in this process.
// `--build-only` stops after the builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time under these paths (files or folders; node_modules and dist skipped). */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const s = statSync(path);
    if (!s.isDirectory()) {
      latest = Math.max(latest, s.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) {
      if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    }
  };
  for (const p of paths) visit(join(root, p));
  return latest;
}

function buildIfStale(what, output, sources, command) {
  const out = join(root, output);
  if (existsSync(out) && statSync(out).mtimeMs >= newest(sources)) return;
  console.log(`Building ${what} (${existsSync(out) ? 'sources changed' : 'not built yet'})…`);
  const done = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit' });
  if (done.status !== 0) process.exit(done.status ?? 1);
}

const contract = ['contract/src', 'contract/package.json'];
buildIfStale(
  'the web app',
  'web/dist/index.html',
  [
    'web/src',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'web/vite-plugins.ts',
    'web/package.json',
    ...contract,
  ],
  ['npm', 'run', 'build', '-w', 'web'],
);
buildIfStale(
  'the server',
  'server/dist/main.js',
  ['server/src', 'server/scripts/build.mjs', 'server/package.json', ...contract],
  [process.execPath, 'server/scripts/build.mjs'],
);
if (!process.argv.includes('--build-only'))
  await import(pathToFileURL(join(root, 'server/dist/main.js')).href);
