import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPageRoute, messages } from '@punchclock/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Vite names every file of dist/assets after a hash of its content: a new build gives new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name stays the same across builds and that must be checked on every load. */
const ALWAYS_CHECK = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

/** Cache-Control of one file of the build (`file` may be its .br or .gz twin). */
export function cacheControlOf(webDist: string, file: string): string {
  const name = relative(webDist, file)
    .replace(/\.(br|gz)$/, '')
    .split(sep)
    .join('/');
  if (name.startsWith('assets/')) return IMMUTABLE;
  if (ALWAYS_CHECK.has(name)) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * The built web app: its files, and index.html for every page route (contract/src/routes.ts, any letter
 * case). The build writes a .br and a .gz twin of every text file (web/vite.config.ts); a browser that
 * accepts them gets one (preCompressed), with the Cache-Control of the original file.
 */
export async function webApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = !!webDist && existsSync(`${webDist}/index.html`);
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, file) {
        res.setHeader('cache-control', cacheControlOf(webDist, file));
        res.setHeader('vary', 'accept-encoding');
      },
    });

  const sendPage = (reply: FastifyReply, status: number) => {
    if (!hasWeb)
      return reply.code(status).type('text/plain').send('The web app is not built. Run `npm run build`.');
    // Compressed like any other file (preCompressed); setHeaders gives index.html no-cache, and
    // the header set here keeps it so whatever the file options say.
    return reply.code(status).header('cache-control', 'no-cache').sendFile('index.html');
  };

  // Some bare API paths (/departments, /settings, /faqs) are also page routes in another letter case:
  // a browser navigation (HTML wanted, no token) gets the page, any API call gets the API.
  app.addHook('onRequest', async (req, reply) => {
    if (
      req.method !== 'GET' ||
      req.headers.authorization ||
      !String(req.headers.accept ?? '').includes('text/html')
    )
      return;
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/') && isPageRoute(path)) return sendPage(reply, 200);
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !/\.[a-z0-9]{2,5}$/i.test(path)
    ) {
      return sendPage(reply, isPageRoute(path) ? 200 : 404);
    }
    return reply.code(404).send({ message: messages.general.notFound, code: 'not_found' });
  });
}
