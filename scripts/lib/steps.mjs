// The steps `npm test` and `npm run test:e2e` are made of: commands whose output goes through whole lines, vitest
// runs counted from their JSON reports, Chromium for the journeys, and the closing summary.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const reports = mkdtempSync(join(tmpdir(), 'punchclock-reports-'));

/**
 * Runs a command (in the repository unless `cwd` says otherwise); its output goes through whole lines, so two
 * runs side by side do not cut into each other's lines. Answers whether it exited with 0.
 */
export function run(label, cmd, args, cwd = root, { tag = '' } = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const lead = tag ? `[${tag}] ` : '';
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.setEncoding('utf8');
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        if (lines.length) to.write(lines.map((l) => lead + l).join('\n') + '\n');
      });
      from.on('end', () => rest && to.write(lead + rest + '\n'));
    }
    const done = (ok) => {
      timings.push({ label, seconds: Math.round((Date.now() - started) / 1000) });
      resolve(ok);
    };
    child.on('error', () => done(false));
    child.on('close', (code) => done(code === 0));
  });
}

/** How long each step took (wall clock), for the summary: where `npm test`'s minutes go. */
const timings = [];

/** Each vitest run's counts, for the summary. */
export const results = [];

/** Each failed test's name and first line of why, for the summary: CI shows only the output's end. */
const failures = [];

export function failedTests(label, report) {
  return report.testResults.flatMap((file) => {
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    const name = relative(root, file.name);
    // A file that failed without a failed test (an import error, a hook) has its reason in `message`.
    if (tests.length === 0 && file.status === 'failed')
      return [`${label}: ${name}: ${firstLine(file.message)}`];
    return tests.map((t) => `${label}: ${name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  });
}

/** Colour codes in vitest's messages. */
const COLOUR = new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g');

function firstLine(text = '') {
  return (
    text
      .replace(COLOUR, '')
      .split('\n')
      .find((l) => l.trim()) ?? ''
  )
    .trim()
    .slice(0, 300);
}

export async function vitest(label, cwd, args = [], options = {}) {
  const out = join(reports, `${label}.json`);
  const ok = await run(
    label,
    npx,
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
    join(root, cwd),
    options,
  );
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed = r.numPassedTests;
    failed = r.numFailedTests + (ok || r.numFailedTests > 0 ? 0 : 1);
    failures.push(...failedTests(label, r));
  }
  results.push({ label, passed, failed, ok });
  return ok;
}

/**
 * Debian's programs the tests run: Chromium (the browser journeys) and poppler-utils' pdftotext and pdftoppm (the
 * PDF exports read back, in the API tests and the journeys). Missing ones are installed with apt-get when running
 * as root (a new machine has none of them); otherwise the message says how.
 */
const DEBIAN_TOOLS = [
  { path: () => process.env.CHROMIUM_PATH || '/usr/bin/chromium', pkg: 'chromium' },
  { path: () => '/usr/bin/pdftotext', pkg: 'poppler-utils' },
  { path: () => '/usr/bin/pdftoppm', pkg: 'poppler-utils' },
];

let toolsReady;
export function ensureDebianTools() {
  toolsReady ??= installDebianTools();
  return toolsReady;
}

async function installDebianTools() {
  const missing = DEBIAN_TOOLS.filter((t) => !existsSync(t.path()));
  if (missing.length === 0) return true;
  const pkgs = [...new Set(missing.map((t) => t.pkg))].join(' ');
  if (process.getuid?.() === 0) {
    console.log(`Installing Debian's ${pkgs} with apt-get (the tests need them)…`);
    return (
      (await run(`install ${pkgs}`, 'bash', [
        '-c',
        `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkgs}`,
      ])) && DEBIAN_TOOLS.every((t) => existsSync(t.path()))
    );
  }
  console.error(
    `The tests need ${missing.map((t) => t.path()).join(', ')}. Install them with: sudo apt-get install ${pkgs} (or set CHROMIUM_PATH).`,
  );
  return false;
}

/**
 * The browser journeys on both databases (the web app must be built), in shards: each database's journey files
 * are dealt out to `E2E_SHARDS` (default 1) vitest runs by their measured time (web/e2e/durations.json, longest
 * first), and all the runs go side by side. A run has its own server and demo data (its global setup), so its
 * files share nothing with another run's; within a run the files go one at a time. More shards pay on a machine
 * with more cores (docs/TESTING.md, "Journey time").
 */
export async function journeys() {
  if (!(await ensureDebianTools())) {
    results.push({ label: 'browser journeys', passed: 0, failed: 1, ok: false });
    return false;
  }
  // One run a database by default: on this 2-core machine the journeys are CPU-bound, and four runs side by side
  // finished no sooner than two (23 min, a fresh clone) while doubling each journey's time (docs/TESTING.md).
  const shards = journeyShards(Math.max(1, Number(process.env.E2E_SHARDS) || 1));
  const runs = await Promise.all(
    ['sqlite', 'postgres'].flatMap((dialect) =>
      shards.map((files, i) =>
        vitest(
          `browser journeys (${dialect} ${i + 1}/${shards.length})`,
          'web',
          // Whole paths: vitest takes a filter that is a path as that file, where a bare name would be a substring.
          [
            '--config',
            'e2e/vitest.config.ts',
            '--project',
            `e2e-${dialect}`,
            ...files.map((f) => join(root, 'web/e2e', f)),
          ],
          { tag: `${dialect}${shards.length > 1 ? i + 1 : ''}` },
        ),
      ),
    ),
  );
  return runs.every(Boolean);
}

/**
 * The journey files (web/e2e/*.e2e.ts) dealt out to `count` shards of about equal time: longest first, each to the
 * shard with the least time so far. A file with no measured time counts as the median one. Every file is in
 * exactly one shard.
 */
export function journeyShards(count) {
  const dir = join(root, 'web/e2e');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort();
  const measured = JSON.parse(readFileSync(join(dir, 'durations.json'), 'utf8'));
  const known = Object.values(measured).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 60;
  const timeOf = (f) => measured[f] ?? median;
  const shards = Array.from({ length: Math.min(count, files.length) }, () => ({ files: [], seconds: 0 }));
  for (const f of [...files].sort((a, b) => timeOf(b) - timeOf(a))) {
    const least = shards.reduce((m, s) => (s.seconds < m.seconds ? s : m));
    least.files.push(f);
    least.seconds += timeOf(f);
  }
  return shards.map((s) => s.files.sort());
}

/** Prints the summary (its last line `N passed, N failed`) and exits with whether everything passed. */
export function finish(ok) {
  console.log('\n=== summary');
  for (const t of timings) console.log(`${String(t.seconds).padStart(5)} s  ${t.label}`);
  for (const f of failures) console.log(`failed: ${f}`);
  for (const r of results)
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.label}: ${r.passed} passed, ${r.failed} failed`);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  // A step that failed without a failing test (type errors, a build error) still counts as one failure.
  const failed =
    results.reduce((n, r) => n + r.failed, 0) + (ok || results.some((r) => r.failed > 0) ? 0 : 1);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(ok ? 0 : 1);
}
