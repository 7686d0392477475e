import { messages } from '@punchclock/contract';
import type { PunchRule } from './types';

/**
 * A punch may not overlap another current punch of the same employee and kind: two work intervals would pay the
 * same minute twice, two breaks would deduct it twice. (A Lunch or Break lies inside work: that is where it is
 * taken, and the time engine deducts it there.) The runner asks the repository (punches.repository.ts
 * `overlapping`) inside the write's transaction. See docs/RULES.md#no-overlap.
 */
export const noOverlap: PunchRule = (_c, f) =>
  f.overlaps ? { code: 'punch.overlap', message: messages.punches.overlaps, status: 409 } : null;
