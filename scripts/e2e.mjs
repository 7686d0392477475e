#!/usr/bin/env node
// `npm run test:e2e`: the browser journeys alone (builds the web app first).
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const step = (cmd, args, cwd = root) => spawnSync(cmd, args, { cwd, stdio: 'inherit' }).status === 0;
process.exit(
  step('npm', ['run', 'build', '-w', 'web']) &&
    step('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], `${root}web`)
    ? 0
    : 1,
);
