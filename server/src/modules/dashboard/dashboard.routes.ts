import { dashboardAnswer, errorAnswers } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { settingsRepository } from '../settings/settings.repository';
import { dashboardRepository } from './dashboard.repository';
import { dashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Reports and settings'], errors: errorAnswers(401, 403) });
  const { db } = app.deps;
  const service = dashboardService({ repo: dashboardRepository(db), settings: settingsRepository(db) });
  route.get(
    '/api/dashboard',
    "The manager's home: who is in now, today's punches and late syncs, open shifts older than the account's forgotten_after_minutes (pay period settings, 12 hours unless changed), paid minutes this week (from the account week start) by department, and the employee count; days in the account zone",
    { 200: dashboardAnswer },
    async (req) => service.overview(authOf(req)),
  );
};
