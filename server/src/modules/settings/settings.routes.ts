import { errorBody, settingsBody, settingsView } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertOwnUserId, authOf, requireManager } from '../../auth/guards';
import { settingsService } from './settings.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = settingsService(app.deps);
  const tags = ['Reports and settings'];
  for (const url of ['/settings', '/api/settings']) {
    app.get(
      url,
      {
        onRequest: requireManager,
        schema: {
          tags,
          summary: "The account's settings (an array with one row, plus the account time zone)",
          response: { 200: z.array(settingsView), ...errors },
        },
      },
      async (req) => service.list(authOf(req)),
    );
    app.post(
      url,
      {
        onRequest: requireManager,
        schema: {
          tags,
          summary:
            "Save settings; fields left out keep their value. time_zone (IANA) sets the account's day boundaries.",
          body: settingsBody,
          response: { 200: z.object({ message: z.string(), data: settingsView }), ...errors },
        },
      },
      async (req) => {
        assertOwnUserId(authOf(req), req.body.user_id);
        return service.save(authOf(req), req.body);
      },
    );
  }
};
