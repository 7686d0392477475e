import {
  employeeRefParams,
  errorAnswers,
  manualPunchBody,
  pageQuery,
  punchAnswer,
  punchListAnswer,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { employeesRepository } from '../employees/employees.repository';
import { settingsRepository } from '../settings/settings.repository';
import { timeRulesFor } from '../time/time-rules';
import { punchListRepository } from './punch-list.repository';
import { punchRepositories } from './punch-store';
import { punchesService } from './punches.service';

export const punchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, {
    tags: ['Time punches and clocking'],
    errors: errorAnswers(400, 401, 403, 404, 409, 422),
  });
  const { repos, inTransaction } = repositories(app.deps.db, punchRepositories);
  const service = punchesService({
    repos,
    inTransaction,
    timeRules: timeRulesFor(settingsRepository(app.deps.db)),
    punchList: punchListRepository(app.deps.db),
    employees: employeesRepository(app.deps.db),
  });
  route.get(
    '/api/manual-punches/:employeeId',
    "An employee's punches, newest first (managers: any employee of the account; employees: themselves)",
    {
      description:
        'Paged by position (keyset) in (time_in, id) order, newest first: `limit` 1..200 punches (default 50); send `next_cursor` (null on the last page) or `prev_cursor` (null on the first) back as `cursor`. A cursor the server did not give answers 400.',
      params: employeeRefParams,
      querystring: pageQuery,
      200: punchListAnswer,
    },
    async (req) => service.list(authOf(req), req.params.employeeId, req.query),
  );
  route.resource(
    { body: manualPunchBody, saved: punchAnswer },
    {
      create: [
        '/api/manual-punches',
        'Add a punch by hand (employees need create_time_entries); refuses overlaps and future times',
        service.create,
      ],
      update: [
        '/api/manual-punches/:id',
        'Edit a punch (employees need edit_time_entries); the activity log keeps old and new values',
        service.update,
      ],
      remove: [
        '/api/manual-punches/:id',
        'Delete a punch (kept for the audit trail, no longer counted)',
        service.remove,
      ],
    },
  );
};
