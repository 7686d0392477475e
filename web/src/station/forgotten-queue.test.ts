import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { forgottenOffline } from './forgotten-queue';

// docs/RULES.md#forgotten-clock-outs: offline, the station asks about a shift open longer than the account's limit.
describe('forgottenOffline', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z'); // a Wednesday
  const clockIn = '2026-11-24T08:00:00.000Z'; // Tuesday, 28 hours before

  it('asks about a shift open longer than the limit, by its weekday in the zone', () => {
    expect(forgottenOffline(clockIn, 'UTC', now)).toEqual({
      text: messages.forgotten.question('Tuesday'),
      time_in: clockIn,
    });
    // In Auckland (UTC+13) that clock-in was on Tuesday at 21:00 too.
    expect(forgottenOffline(clockIn, 'Pacific/Auckland', now)?.text).toBe(
      messages.forgotten.question('Tuesday'),
    );
  });

  it("follows the account's own limit: 28 hours is not forgotten under a limit of 30", () => {
    expect(forgottenOffline(clockIn, 'UTC', now, 30 * 60)).toBeNull();
    expect(forgottenOffline(clockIn, 'UTC', now, 27 * 60)).not.toBeNull();
    expect(forgottenOffline(null, 'UTC', now)).toBeNull();
  });
});
