import {
  adjustmentBody,
  adjustmentSaved,
  adjustmentsAnswer,
  adjustmentsQuery,
  errorAnswers,
  messageResponse,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { adjustmentsRepositories } from './adjustments.repositories';
import { adjustmentsService } from './adjustments.service';

export const adjustmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Punches'], errors: errorAnswers(400, 401, 403, 404, 422, 423) });
  const service = adjustmentsService(repositories(app.deps.db, adjustmentsRepositories));
  route.ofCaller.get(
    '/api/adjustments',
    'Adjustments correcting or paid on a day of start_date..end_date (managers), newest first',
    { querystring: adjustmentsQuery, 200: adjustmentsAnswer },
    service.list,
  );
  route.ofCaller.post(
    '/api/adjustments',
    'Record an adjustment of a day of an approved pay period (managers); it is paid in the pay period open today',
    {
      description:
        "`minutes` (not 0, at most 1440 either way) are paid at the employee's rate on `date` × the multiplier of `pay` (regular, overtime, double_time) under that day's pay rules; 422 `adjustment.not_locked` when `date` is not in an approved pay period.",
      body: adjustmentBody,
      200: adjustmentSaved,
    },
    service.create,
  );
  route.byId.delete(
    '/api/adjustments/:id',
    'Delete an adjustment while the pay period it is paid in is open (423 period.locked once that one is approved)',
    { 200: messageResponse },
    service.remove,
  );
};
