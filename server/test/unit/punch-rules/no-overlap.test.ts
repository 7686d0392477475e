import { describe, expect, it } from 'vitest';
import { noOverlap } from '../../../src/modules/punches/rules/no-overlap';
import { candidate, facts } from './fixtures';

describe('rule: no overlap', () => {
  it('refuses a punch the repository found overlapping another, with 409', () => {
    expect(noOverlap(candidate(), facts({ overlaps: true }))).toMatchObject({
      code: 'punch.overlap',
      message: 'This punch overlaps another punch of this employee.',
      status: 409,
    });
  });

  it('passes one that overlaps nothing', () => {
    expect(noOverlap(candidate(), facts())).toBeNull();
  });
});
