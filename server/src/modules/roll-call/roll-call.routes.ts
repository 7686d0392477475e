import { errorAnswers, rollCallAnswer, rollCallQuery } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireClockCaller } from '../../auth/station-guard';
import { routeKit, STATION_SECURITY } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { rollCallRepositories } from './roll-call.repositories';
import { rollCallService } from './roll-call.service';

export const rollCallRoutes: FastifyPluginAsyncZod = async (app) => {
  // A manager's login or a paired station's token (auth/station-guard.ts); an employee's login gets 403.
  const route = routeKit(app, {
    tags: ['Time punches and clocking'],
    errors: errorAnswers(400, 401, 403),
    onRequest: requireClockCaller,
    security: STATION_SECURITY,
  });
  const { repos } = repositories(app.deps.db, rollCallRepositories);
  const service = rollCallService({ repo: repos.rollCall, settings: repos.settings });
  route.get(
    '/api/roll-call',
    'Emergency roll call: who is on site now (open work shifts), grouped by where they clocked in or by department, with the time each came in (account zone and formats)',
    {
      description:
        "`group` is `location` (default: the station's name, or how the shift was punched in elsewhere) or `department`. A department-scoped administrator sees their departments; a station sees the whole account.",
      querystring: rollCallQuery,
      200: rollCallAnswer,
    },
    async (req) => service.list(callerOf(req), req.query),
  );
};
