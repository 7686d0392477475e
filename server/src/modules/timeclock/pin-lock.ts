import {
  messages,
  PIN_LOCK_LIMIT as PIN_LIMIT,
  PIN_LOCK_WINDOW_MS as PIN_WINDOW_MS,
} from '@punchclock/contract';
import { safeEqual } from '../../auth/tokens';
import { hashPin } from '../../lib/badges';
import { tooManyRequests, unprocessable } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';

/**
 * Wrong PINs are limited per employee and station (or manager): after five in 15 minutes the employee is
 * locked there, and while locked every PIN — the right one too — answers 429 without being compared, so the
 * lock really slows a guesser down. Live punches and offline sync share the same counter. See
 * docs/RULES.md#pin-lock.
 */
export function pinLock({ appSecret, limiter }: { appSecret: string; limiter: RateLimiter }) {
  return {
    async check(where: string, employee: { id: number; pin: string | null }, pin: string | undefined) {
      const key = `pin:${employee.id}:${where}`;
      if ((await limiter.count(key)) >= PIN_LIMIT)
        throw tooManyRequests(messages.clock.pinLocked, 'clock.pin_locked');
      if (!pin)
        throw unprocessable(
          messages.clock.pinRequired,
          { pin: [messages.clock.pinRequired] },
          'clock.pin_required',
        );
      if (safeEqual(hashPin(appSecret, employee.id, pin), employee.pin as string)) return;
      const { allowed } = await limiter.hit(key, PIN_LIMIT, PIN_WINDOW_MS);
      if (!allowed) throw tooManyRequests(messages.clock.pinLocked, 'clock.pin_locked');
      throw unprocessable(messages.clock.pinWrong, { pin: [messages.clock.pinWrong] }, 'clock.pin_wrong');
    },
  };
}
export type PinLock = ReturnType<typeof pinLock>;
