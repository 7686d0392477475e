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
import { authOf, requireAuth } from '../../auth/guards';
import { repositories } from '../unit-of-work';
import { employeesRepository } from '../employees/employees.repository';
import { settingsRepository } from '../settings/settings.repository';
import { timeRulesFor } from '../time/time-rules';
import { punchListRepository } from './punch-list.repository';
import { punchRepositories } from './punch-store';
import { punchesService } from './punches.service';

const errors = errorAnswers(400, 401, 403, 404, 409, 422);

export const punchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, inTransaction } = repositories(app.deps.db, punchRepositories);
  const service = punchesService({
    repos,
    inTransaction,
    timeRules: timeRulesFor(settingsRepository(app.deps.db)),
    punchList: punchListRepository(app.deps.db),
    employees: employeesRepository(app.deps.db),
  });
  const tags = ['Time punches and clocking'];
  app.get(
    '/api/manual-punches/:employeeId',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "An employee's punches, newest first (managers: any employee of the account; employees: themselves)",
        description:
          'Paged by position (keyset) in (time_in, id) order, newest first: `limit` 1..200 punches (default 50); send `next_cursor` (null on the last page) or `prev_cursor` (null on the first) back as `cursor`. A cursor the server did not give answers 400.',
        params: employeeRefParams,
        querystring: pageQuery,
        response: { 200: punchListAnswer, ...errors },
      },
    },
    async (req) => service.list(authOf(req), req.params.employeeId, req.query),
  );
  app.post(
    '/api/manual-punches',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          'Add a punch by hand (employees need create_time_entries); refuses overlaps and future times',
        body: manualPunchBody,
        response: { 201: punchAnswer, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(authOf(req), req.body)),
  );
  app.put(
    '/api/manual-punches/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Edit a punch (employees need edit_time_entries); the activity log keeps old and new values',
        params: idParams,
        body: manualPunchBody,
        response: { 200: punchAnswer, ...errors },
      },
    },
    async (req) => service.update(authOf(req), req.params.id, req.body),
  );
  app.delete(
    '/api/manual-punches/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Delete a punch (kept for the audit trail, no longer counted)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => service.remove(authOf(req), req.params.id),
  );
};
