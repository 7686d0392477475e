#!/usr/bin/env node
// `npm run test:e2e`: the browser journeys alone on both databases, side by side as in `npm test` (builds the web
// app first).
import { finish, journeys, npm, run } from './lib/steps.mjs';

const built = await run('build web', npm, ['run', 'build', '-w', 'web']);
finish(built && (await journeys()));
