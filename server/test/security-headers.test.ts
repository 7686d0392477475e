import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, SECURITY_HEADER_OPTIONS } from '../src/plugins/security-headers';
import { useTestApp } from './helper';

const t = useTestApp();

// A built web app whose index.html has one inline script (the build's preload script) and two that load files.
const INLINE = "(function(){var p=location.pathname;console.log('</scr'+'ipt>',p)})();";
const web = mkdtempSync(join(tmpdir(), 'punchclock-web-'));
mkdirSync(join(web, 'assets'));
writeFileSync(
  join(web, 'index.html'),
  `<!doctype html><html><head><title>P</title>\n    <script>${INLINE}</script>` +
    `<script type="module" crossorigin src="/assets/index.js"></script><script async src="/x.js"></script></head>` +
    `<body><div id="root"></div></body></html>`,
);
const withWeb = useTestApp({ WEB_DIST: web });

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

  it("allows the built index.html's inline script by its hash, and no other inline script", async () => {
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(inlineScriptHashes(web)).toEqual([hash]);
    expect(inlineScriptHashes(join(web, 'assets'))).toEqual([]);
    for (const url of ['/HomeSecond', '/api/health']) {
      const csp = String(
        (await withWeb.app.inject({ method: 'GET', url })).headers['content-security-policy'],
      );
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1];
      expect(scriptSrc, url).toBe(`'self' ${hash}`);
    }
    // Without a built web app, scripts come from this origin only.
    const plain = String(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(/script-src ([^;]*)/.exec(plain)?.[1]).toBe("'self'");
  });
});
