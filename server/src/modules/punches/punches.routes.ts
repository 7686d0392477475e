import {
  employeeRefParams,
  errorAnswers,
  idParams,
  manualPunchBody,
  messageResponse,
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
  route.post(
    '/api/manual-punches',
    'Add a punch by hand (employees need create_time_entries); refuses overlaps and future times',
    { body: manualPunchBody, 201: punchAnswer },
    async (req, reply) => reply.code(201).send(await service.create(authOf(req), req.body)),
  );
  route.put(
    '/api/manual-punches/:id',
    'Edit a punch (employees need edit_time_entries); the activity log keeps old and new values',
    { params: idParams, body: manualPunchBody, 200: punchAnswer },
    async (req) => service.update(authOf(req), req.params.id, req.body),
  );
  route.delete(
    '/api/manual-punches/:id',
    'Delete a punch (kept for the audit trail, no longer counted)',
    { params: idParams, 200: messageResponse },
    async (req) => service.remove(authOf(req), req.params.id),
  );
};
