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
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { departmentsRepositories } from './departments.repositories';
import { departmentsService } from './departments.service';

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Departments'], errors });
  const departments = departmentsService(repositories(app.deps.db, departmentsRepositories));

  route.ofCaller.get(
    '/departments',
    "The account's departments with their employee counts (an array)",
    { 200: departmentsAnswer },
    departments.list,
  );
  route.get(
    '/department/user/:user_id',
    'Same list as {status, data}; a user_id of another account answers 404',
    { params: userParams, 200: departmentsStatusAnswer },
    async (req) => ({
      status: 'success' as const,
      data: await departments.list(authOf(req), req.params.user_id),
    }),
  );
  route.byId.get(
    '/api/departments/:id',
    'One department and its current members',
    { 200: departmentDetailAnswer },
    departments.get,
  );
  route.resource(
    { body: departmentBody, saved: departmentSavedAnswer },
    {
      create: [
        '/departments',
        'Create a department (type one of the ten; default Department)',
        departments.create,
      ],
      update: ['/departments/:id', 'Update a department', departments.update],
    },
  );
  route.delete(
    '/departments/:id',
    'Delete a department: refused (409) while it has employees, unless ?move_to={id} moves them first',
    { params: idParams, querystring: departmentDeleteQuery, 200: messageResponse },
    async (req) =>
      departments.remove(authOf(req), req.params.id, {
        moveTo: req.query.move_to,
        userId: req.query.user_id,
      }),
  );
  route.post(
    '/alldepartments',
    'Bulk delete: ?dep_id[]=[1,2]. All or nothing; refused while any has employees',
    { querystring: bulkIdsQuery('dep_id'), 200: deletedAnswer },
    async (req) => departments.removeMany(authOf(req), req.query.ids),
  );
};
