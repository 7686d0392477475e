import { describe, expect, it } from 'vitest';
import { deviceTimeLimits } from '../../../src/modules/punches/rules/device-time';
import { candidate, facts, minus } from './fixtures';

describe('rule: device-time limits', () => {
  it('believes offline punches up to 31 days old', () => {
    expect(deviceTimeLimits(candidate({ deviceTime: minus(60 * 24 * 30) }), facts())).toBeNull();
    expect(deviceTimeLimits(candidate({ deviceTime: null }), facts())).toBeNull();
  });

  it('refuses an offline punch older than 31 days', () => {
    expect(deviceTimeLimits(candidate({ deviceTime: minus(60 * 24 * 32) }), facts())).toMatchObject({
      code: 'punch.device_time',
      status: 422,
    });
  });
});
