#!/usr/bin/env node
// `npm test`: everything — type-check and lint, web build, API tests on SQLite and PostgreSQL,
// web unit tests, then the browser journeys in Debian's Chromium on both databases (the two side by side).
import { ensureDebianTools, finish, journeys, npm, run, vitest } from './lib/steps.mjs';

// Chromium and poppler-utils first: the API tests read PDF exports back with pdftotext.
let ok = await ensureDebianTools();

ok = (await run('type-check and lint', npm, ['run', 'check'])) && ok;
ok = (await run('build web', npm, ['run', 'build', '-w', 'web'])) && ok;
ok = (await vitest('api (sqlite + postgres)', 'server')) && ok;
ok = (await vitest('web units', 'web')) && ok;
ok = (await journeys()) && ok;
finish(ok);
