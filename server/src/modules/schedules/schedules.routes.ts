import {
  departmentScheduleBody,
  employeeScheduleBody,
  errorAnswers,
  idParams,
  scheduleSaved,
  schedulesAnswer,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { schedulesRepositories } from './schedules.repositories';
import { schedulesService } from './schedules.service';

export const schedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Departments'], errors: errorAnswers(400, 401, 403, 404, 409) });
  const service = schedulesService(repositories(app.deps.db, schedulesRepositories));
  route.ofCaller.get(
    '/api/schedules',
    "The department schedules and employee overrides within the caller's reach (times HH:MM in the account zone, null: a day off)",
    { 200: schedulesAnswer },
    service.list,
  );
  route.ofCaller.put(
    '/api/schedules',
    "Set a department's expected start and end for each weekday",
    {
      description:
        '`days` names every weekday (Sunday … Saturday), each `{start, end}` (HH:MM, end after start on the same day: a schedule over midnight is refused) or null for a day off. Late arrivals, early departures and absences are read against it.',
      body: departmentScheduleBody,
      200: scheduleSaved,
    },
    service.saveDepartment,
  );
  route.put(
    '/api/employees/:id/schedule',
    "Set an employee's own week, which overrides their department's; `days: null` clears it",
    { params: idParams, body: employeeScheduleBody, 200: scheduleSaved },
    async (req) => service.saveEmployee(authOf(req), req.params.id, req.body),
  );
};
