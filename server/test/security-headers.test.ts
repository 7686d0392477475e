import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADER_OPTIONS } from '../src/plugins/security-headers';
import { useTestApp } from './helper';

const t = useTestApp();

/** The headers of an answer that helmet decides (everything but the few Fastify and Node set themselves). */
const securityOf = (headers: Record<string, unknown>) => {
  const { date, connection, 'content-type': _type, 'content-length': _length, ...rest } = headers;
  void date;
  void connection;
  return Object.fromEntries(
    Object.entries(rest).filter(([name]) => !['cache-control', 'keep-alive', 'vary'].includes(name)),
  );
};

describe('security headers', () => {
  it('answers the same headers @fastify/helmet sets for the same options, on answers, errors and 404s', async () => {
    const reference = Fastify();
    await reference.register(fastifyHelmet, SECURITY_HEADER_OPTIONS);
    reference.get('/x', async () => ({ ok: true }));
    const expected = securityOf((await reference.inject({ method: 'GET', url: '/x' })).headers);
    await reference.close();
    expect(expected['content-security-policy']).toContain("default-src 'self'");

    for (const url of ['/api/health', '/api/get-user', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(securityOf(res.headers), url).toEqual(expected);
    }
  });
});
