import { FUTURE_TOLERANCE_MS } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { notInFuture } from '../../../src/modules/punches/rules/not-in-future';
import { candidate, facts, minus } from './fixtures';

describe('rule: not in the future', () => {
  it('has one tolerance of 5 minutes for a clock running fast', () => {
    expect(FUTURE_TOLERANCE_MS).toBe(5 * 60_000);
    expect(notInFuture(candidate({ timeOut: minus(-5) }), facts())).toBeNull();
    expect(notInFuture(candidate({ timeOut: minus(-6) }), facts())?.code).toBe('punch.in_future');
  });

  it('tells a person their punch ends in the future, and a station to check its clock', () => {
    expect(notInFuture(candidate({ timeOut: minus(-60) }), facts())?.message).toBe(
      'A punch cannot end in the future.',
    );
    const synced = candidate({ kind: 'in', timeIn: minus(-60), timeOut: null, deviceTime: minus(-60) });
    expect(notInFuture(synced, facts())?.message).toMatch(/station's clock/);
  });
});
