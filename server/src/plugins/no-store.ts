import type { FastifyInstance } from 'fastify';

/**
 * API answers hold account data: no browser or proxy cache may keep them. Answers that chose their own
 * Cache-Control (the web app's files and its index.html page) keep it.
 */
export function noStore(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
