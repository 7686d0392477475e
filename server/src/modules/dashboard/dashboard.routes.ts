import { dashboardAnswer, errorAnswers } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth } from '../../auth/guards';
import { settingsRepository } from '../settings/settings.repository';
import { dashboardRepository } from './dashboard.repository';
import { dashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const service = dashboardService({ repo: dashboardRepository(db), settings: settingsRepository(db) });
  app.get(
    '/api/dashboard',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['Reports and settings'],
        summary:
          "The manager's home: who is in now, today's punches and late syncs, open shifts older than 12 hours, paid minutes this week (from the account week start) by department, and the employee count; days in the account zone",
        response: { 200: dashboardAnswer, ...errorAnswers(401, 403) },
      },
    },
    async (req) => service.overview(authOf(req)),
  );
};
