import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { messages } from '@punchclock/contract';
import { memoryRateLimiter, redisRateLimiter } from '../src/lib/rate-limiter';
import { signUp, useTestApp } from './helper';

const redisUrl = process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379';

describe.each([
  ['memory', () => memoryRateLimiter()],
  ['redis', () => redisRateLimiter(new Redis(redisUrl), `punchclock:test:${process.pid}:${Date.now()}:`)],
])('%s rate limiter', (_name, make) => {
  it('allows up to the limit in a window, then refuses, and starts again after a reset', async () => {
    const limiter = make();
    const key = `k${Math.random()}`;
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push((await limiter.hit(key, 3, 60_000)).allowed);
    expect(seen).toEqual([true, true, true, false]);
    expect((await limiter.hit(`${key}-other`, 3, 60_000)).allowed).toBe(true);
    await limiter.reset(key);
    expect((await limiter.hit(key, 3, 60_000)).allowed).toBe(true);
    await limiter.close();
  });

  it('opens a new window once the old one has passed', async () => {
    const limiter = make();
    const key = `w${Math.random()}`;
    expect((await limiter.hit(key, 1, 150)).allowed).toBe(true);
    expect((await limiter.hit(key, 1, 150)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 250));
    expect((await limiter.hit(key, 1, 150)).allowed).toBe(true);
    await limiter.close();
  });
});

describe('login limits shared through Redis', () => {
  const a = useTestApp({ REDIS_URL: redisUrl, LOGIN_RATE_LIMIT: '3' });
  const b = useTestApp({ REDIS_URL: redisUrl, LOGIN_RATE_LIMIT: '3' });

  it('counts attempts made on two app instances together', async () => {
    const s = await signUp(a.app);
    const attempt = (app: typeof a.app) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { email: s.email, password: 'wrong one' } });
    expect((await attempt(a.app)).statusCode).toBe(401);
    expect((await attempt(b.app)).statusCode).toBe(401);
    expect((await attempt(a.app)).statusCode).toBe(401);
    const limited = await attempt(b.app);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(messages.login.tooManyAttempts);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
