import {
  bulkIdsQuery,
  departmentBody,
  departmentDeleteQuery,
  departmentDetailAnswer,
  departmentSavedAnswer,
  departmentsAnswer,
  departmentsStatusAnswer,
  deletedAnswer,
  idParams,
  messageResponse,
  peopleErrors as errors,
  userParams,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth } from '../../auth/guards';
import { repositories } from '../unit-of-work';
import { departmentsRepositories } from './departments.repositories';
import { departmentsService } from './departments.service';

const tags = ['Departments'];
const onRequest = requireAuth;

const deleteDepartment = {
  onRequest,
  schema: {
    tags,
    summary:
      'Delete a department: refused (409) while it has employees, unless ?move_to={id} moves them first',
    params: idParams,
    querystring: departmentDeleteQuery,
    response: { 200: messageResponse, ...errors },
  },
};
const deleteDepartments = {
  onRequest,
  schema: {
    tags,
    summary: 'Bulk delete: ?dep_id[]=[1,2]. All or nothing; refused while any has employees',
    querystring: bulkIdsQuery('dep_id'),
    response: { 200: deletedAnswer, ...errors },
  },
};

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const departments = departmentsService(repositories(app.deps.db, departmentsRepositories));

  app.get(
    '/departments',
    {
      onRequest,
      schema: {
        tags,
        summary: "The account's departments with their employee counts (an array)",
        response: { 200: departmentsAnswer, ...errors },
      },
    },
    async (req) => departments.list(authOf(req)),
  );
  app.get(
    '/department/user/:user_id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Same list as {status, data}; a user_id of another account answers 404',
        params: userParams,
        response: { 200: departmentsStatusAnswer, ...errors },
      },
    },
    async (req) => ({
      status: 'success' as const,
      data: await departments.list(authOf(req), req.params.user_id),
    }),
  );
  app.get(
    '/api/departments/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One department and its current members',
        params: idParams,
        response: { 200: departmentDetailAnswer, ...errors },
      },
    },
    async (req) => departments.get(authOf(req), req.params.id),
  );
  app.post(
    '/departments',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a department (type one of the ten; default Department)',
        body: departmentBody,
        response: { 201: departmentSavedAnswer, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await departments.create(authOf(req), req.body)),
  );
  app.put(
    '/departments/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Update a department',
        params: idParams,
        body: departmentBody,
        response: { 200: departmentSavedAnswer, ...errors },
      },
    },
    async (req) => departments.update(authOf(req), req.params.id, req.body),
  );
  app.delete('/departments/:id', deleteDepartment, async (req) =>
    departments.remove(authOf(req), req.params.id, { moveTo: req.query.move_to, userId: req.query.user_id }),
  );
  app.post('/alldepartments', deleteDepartments, async (req) =>
    departments.removeMany(authOf(req), req.query.ids),
  );
};
