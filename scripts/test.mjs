#!/usr/bin/env node
// `npm test`: everything — type-check and lint beside the web build, API tests on SQLite and PostgreSQL beside the
// web unit tests, then the browser journeys in Debian's Chromium on both databases (the two side by side).
import { ensureDebianTools, finish, journeys, npm, run, vitest } from './lib/steps.mjs';

// Chromium and poppler-utils first: the API tests read PDF exports back with pdftotext.
let ok = await ensureDebianTools();

// Steps that need nothing of each other run side by side: the type-check is one thread while the build waits on
// files, and the API tests wait on the databases while the web units (jsdom) compute.
const both = async (...steps) => (await Promise.all(steps)).every(Boolean);
ok =
  (await both(
    run('type-check and lint', npm, ['run', 'check'], undefined, { tag: 'check' }),
    run('build web', npm, ['run', 'build', '-w', 'web'], undefined, { tag: 'build' }),
  )) && ok;
ok =
  (await both(
    vitest('api (sqlite + postgres)', 'server', [], { tag: 'api' }),
    vitest('web units', 'web', [], { tag: 'web' }),
  )) && ok;
ok = (await journeys()) && ok;
finish(ok);
