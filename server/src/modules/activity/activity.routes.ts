import { activityFilter, activityLogPage, activityQuery, errorAnswers } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../auth/guards';
import { settingsRepository } from '../settings/settings.repository';
import { activityRepository } from './activity.repository';
import { activityService } from './activity.service';

const errors = errorAnswers(400, 401, 403, 422);

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const service = activityService({
    repos: { activity: activityRepository(db), settings: settingsRepository(db) },
  });
  const tags = ['Activity logs'];
  app.get(
    '/api/activity-logs',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "The account's activity log, newest first, a page at a time; dates are days in the account's time zone",
        querystring: activityQuery,
        response: { 200: activityLogPage, ...errors },
      },
    },
    async (req) => service.list(authOf(req), req.query),
  );
  app.get(
    '/api/activity-logs/export-csv',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'The filtered activity log as activity_logs.csv, oldest first',
        querystring: activityFilter,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activity_logs.csv"')
        .send(await service.exportCsv(authOf(req), req.query)),
  );
};
