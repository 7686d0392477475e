import type { Redis } from 'ioredis';

/**
 * Fixed-window counters. In memory for one instance; in Redis when REDIS_URL is set so that every
 * instance behind a load balancer shares the same counts (the app server keeps no state of its own).
 */
export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is still within `limit` for the window. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** Hits counted on `key` in its current window, without counting one (0 when none). */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
        if (windows.size > 100_000) for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfterMs: w.resetAt - now };
    },
    async count(key) {
      const w = windows.get(key);
      return w && w.resetAt > Date.now() ? w.count : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {},
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'punchclock:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await redis.pexpire(k, windowMs);
      return { allowed: count <= limit, retryAfterMs: ttl < 0 ? windowMs : ttl };
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
