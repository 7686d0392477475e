import { describe, expect, it } from 'vitest';
import { outAfterIn } from '../../../src/modules/punches/rules/out-after-in';
import { candidate, facts, minus } from './fixtures';

describe('rule: out after in', () => {
  it('passes a punch whose time out is after its time in, and an open one', () => {
    expect(outAfterIn(candidate(), facts())).toBeNull();
    expect(outAfterIn(candidate({ kind: 'in', timeOut: null }), facts())).toBeNull();
  });

  it('refuses time out equal to or before time in', () => {
    expect(outAfterIn(candidate({ timeOut: minus(120) }), facts())?.code).toBe('punch.out_before_in');
    expect(outAfterIn(candidate({ timeOut: minus(121) }), facts())).toMatchObject({
      code: 'punch.out_before_in',
      message: 'Time Out must be after Time In.',
      status: 422,
    });
  });
});
