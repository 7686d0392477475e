import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Helmet as @fastify/helmet depends on it (the same package and version the plugin used). */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
  options: FastifyHelmetOptions,
) => Middleware;

/** A CSP that allows only this origin, plus blob:/data: for the camera and QR images; helmet's other defaults. */
export const SECURITY_HEADER_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
} satisfies FastifyHelmetOptions;

/**
 * SECURITY_HEADER_OPTIONS with the inline scripts of the built index.html allowed by their hash (CSP
 * 'sha256-…'): the build inlines its first page's preload script there (web/vite-plugins.ts, routePreload),
 * so it starts before any file has loaded. Any other inline script stays refused.
 */
export function securityHeaderOptions(webDist?: string): FastifyHelmetOptions {
  const hashes = webDist ? inlineScriptHashes(webDist) : [];
  if (!hashes.length) return SECURITY_HEADER_OPTIONS;
  const { directives } = SECURITY_HEADER_OPTIONS.contentSecurityPolicy;
  return {
    ...SECURITY_HEADER_OPTIONS,
    contentSecurityPolicy: { directives: { ...directives, scriptSrc: [...directives.scriptSrc, ...hashes] } },
  };
}

/** The CSP hash sources of `<script>` elements without `src` in `webDist`/index.html (none if it is absent). */
export function inlineScriptHashes(webDist: string): string[] {
  const file = `${webDist}/index.html`;
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}

/**
 * The headers helmet sets for `options`, computed once: none of them depends on the request (no nonces, no
 * functions in the directives). @fastify/helmet built helmet's middleware again on every request, parsing the
 * CSP each time: ~7 % of the CPU of a clock punch (issue 11).
 */
export function helmetHeaders(options: FastifyHelmetOptions = SECURITY_HEADER_OPTIONS) {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const res = {
    setHeader: (name: string, value: string | number) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    if (err) throw err;
  });
  return { set, removed };
}

/** Security headers on every answer, set on the raw response as helmet does (errors and 404s included). */
export async function securityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions = SECURITY_HEADER_OPTIONS,
) {
  const { set, removed } = helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
