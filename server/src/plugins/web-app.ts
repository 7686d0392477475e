import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { isPageRoute, messages } from '@punchclock/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The built web app: its files, and index.html for every page route of spec §2 (any letter case). */
export async function webApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = !!webDist && existsSync(`${webDist}/index.html`);
  if (hasWeb)
    await app.register(fastifyStatic, { root: webDist, index: false, wildcard: false, maxAge: '1h' });

  const sendPage = (reply: FastifyReply, status: number) => {
    if (!hasWeb)
      return reply.code(status).type('text/plain').send('The web app is not built. Run `npm run build`.');
    // cacheControl: false, or @fastify/static replaces no-cache with its own 'public, max-age=0'.
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
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
