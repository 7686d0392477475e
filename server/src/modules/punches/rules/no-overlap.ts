import { messages } from '@punchclock/contract';
import type { PunchRule } from './types';

/**
 * A punch may not overlap another current punch of the same employee: two intervals would pay the same minute
 * twice. The runner asks the repository (punches.repository.ts `overlapping`) inside the write's transaction.
 */
export const noOverlap: PunchRule = (_c, f) =>
  f.overlaps ? { code: 'punch.overlap', message: messages.punches.overlaps, status: 409 } : null;
