import { errorAnswers, settingsBody, settingsView } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { settingsRepositories } from './settings.repository';
import { settingsService } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Reports and settings'], errors: errorAnswers(400, 401, 403, 404) });
  const service = settingsService(repositories(app.deps.db, settingsRepositories));
  for (const url of ['/settings', '/api/settings']) {
    route.get(
      url,
      "The account's settings (an array with one row, plus the account time zone)",
      { 200: z.array(settingsView) },
      async (req) => service.list(authOf(req)),
    );
    route.post(
      url,
      "Save settings; fields left out keep their value. time_zone (IANA) sets the account's day boundaries.",
      { body: settingsBody, 200: z.object({ message: z.string(), data: settingsView }) },
      async (req) => service.save(authOf(req), req.body),
    );
  }
};
