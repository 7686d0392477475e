import { errorAnswers, settingsBody, settingsView } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../auth/guards';
import { repositories } from '../unit-of-work';
import { settingsRepositories } from './settings.repository';
import { settingsService } from './settings.service';

const errors = errorAnswers(400, 401, 403, 404);

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = settingsService(repositories(app.deps.db, settingsRepositories));
  const tags = ['Reports and settings'];
  for (const url of ['/settings', '/api/settings']) {
    app.get(
      url,
      {
        onRequest: requireAuth,
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
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            "Save settings; fields left out keep their value. time_zone (IANA) sets the account's day boundaries.",
          body: settingsBody,
          response: { 200: z.object({ message: z.string(), data: settingsView }), ...errors },
        },
      },
      async (req) => service.save(authOf(req), req.body),
    );
  }
};
