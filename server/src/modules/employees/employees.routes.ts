import {
  bulkIdsQuery,
  deletedAnswer,
  employeeAnswer,
  employeeBody,
  employeeRatesAnswer,
  employeeSavedAnswer,
  employeesAnswer,
  idParams,
  pageQuery,
  peopleErrors as errors,
  rateChangeBody,
  searchAnswer,
  searchBody,
  userParams,
  userQuery,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { employeesRepositories } from './employees.repositories';
import { employeesService } from './employees.service';

const PAGING =
  'Paged by position (keyset) in name order (any letter case, accents set aside: Álvarez before Baker), then id: `limit` 1..200 rows (default 50); send `next_cursor` (null on the last page) or `prev_cursor` (null on the first) back as `cursor` for the next or previous page. `total` is counted once, on the first page (no cursor), and carried in the cursors, so later pages never count again. A cursor the server did not give answers 400.';

export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Employees'], errors });
  const { config, db, mailer } = app.deps;
  const employees = employeesService({
    ...repositories(db, employeesRepositories),
    mailer,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
  });

  route.ofCaller.get(
    '/api/employees',
    "The account's current employees, a page at a time (the account comes from the token; nothing to filter on the client)",
    { description: PAGING, querystring: pageQuery, 200: employeesAnswer },
    employees.list,
  );
  route.get(
    '/api/employees/user/:user_id',
    "Same list, the spec's path; a user_id of another account answers 404",
    { description: PAGING, params: userParams, querystring: pageQuery, 200: employeesAnswer },
    async (req) => employees.list(authOf(req), req.query, req.params.user_id),
  );
  route.byId.get(
    '/api/employees/:id',
    'One employee (deleted ones too) with department name and custom values',
    { 200: employeeAnswer },
    employees.get,
  );
  route.byId.get(
    '/api/employees/:id/rates',
    "One employee's hourly rates by the day each took effect, newest first",
    {
      description:
        'Empty while the rate has never changed. A change of hourly_rate (PUT /employees/:id, with rate_effective_from or today) pays the days from that day on at the new rate; the oldest row (effective_from 1900-01-01) is the rate before the first change.',
      200: employeeRatesAnswer,
    },
    employees.rates,
  );
  route.put(
    '/api/employees/:id/rates',
    "Change one employee's hourly rate, a deleted employee's too; answers the rates as GET does",
    {
      description:
        'The rate change of PUT /employees/:id alone: hourly_rate paid from rate_effective_from (today when left out; at most today). It takes a deleted employee of the account as well, since reports still pay their days; nothing else about a deleted employee can change.',
      params: idParams,
      body: rateChangeBody,
      200: employeeRatesAnswer,
    },
    async (req) => employees.changeRate(authOf(req), req.params.id, req.body),
  );
  route.ofCaller.post(
    '/api/search',
    'Search: text over name, department, title, ID, email; department; Status In/Out from open shifts; deleted',
    {
      description: `${PAGING} In the search, cursor and limit travel in the body beside the filters; send the same filters with a cursor. The count ('Found N employees') is \`total\`.`,
      body: searchBody,
      200: searchAnswer,
    },
    employees.search,
  );
  route.post(
    '/employees',
    'Create an employee; with site access and an email, a set-password mail invites them',
    { body: employeeBody, 201: employeeSavedAnswer },
    async (req, reply) => reply.code(201).send(await employees.create(authOf(req), req.body)),
  );
  route.put(
    '/employees/:id',
    'Update an employee (absent flags keep their value; an empty PIN keeps the PIN)',
    { params: idParams, querystring: userQuery, body: employeeBody, 200: employeeSavedAnswer },
    async (req) => employees.update(authOf(req), req.params.id, req.body, req.query.user_id),
  );
  route.delete(
    '/employees/:id',
    'Delete an employee: kept with its punches, found with Show Deleted Employees',
    { params: idParams, querystring: userQuery, 200: deletedAnswer },
    async (req) => employees.remove(authOf(req), [req.params.id], req.query.user_id),
  );
  route.post(
    '/allemployees',
    'Bulk delete: ?emp_id[]=[1,2,3]. All or nothing: an id not in the account answers 404 and deletes none',
    { querystring: bulkIdsQuery('emp_id'), 200: deletedAnswer },
    async (req) => employees.remove(authOf(req), req.query.ids),
  );
};
