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
import { authOf, requireAuth } from '../../auth/guards';
import { repositories } from '../unit-of-work';
import { employeesRepositories } from './employees.repositories';
import { employeesService } from './employees.service';

const tags = ['Employees'];
const PAGING =
  'Paged by position (keyset) in name order (any letter case, accents set aside: Álvarez before Baker), then id: `limit` 1..200 rows (default 50); send `next_cursor` (null on the last page) or `prev_cursor` (null on the first) back as `cursor` for the next or previous page. `total` is counted once, on the first page (no cursor), and carried in the cursors, so later pages never count again. A cursor the server did not give answers 400.';
const onRequest = requireAuth;

const listEmployees = {
  onRequest,
  schema: {
    tags,
    summary:
      "The account's current employees, a page at a time (the account comes from the token; nothing to filter on the client)",
    description: PAGING,
    querystring: pageQuery,
    response: { 200: employeesAnswer, ...errors },
  },
};
const searchEmployees = {
  onRequest,
  schema: {
    tags,
    summary:
      'Search: text over name, department, title, ID, email; department; Status In/Out from open shifts; deleted',
    description: `${PAGING} In the search, cursor and limit travel in the body beside the filters; send the same filters with a cursor. The count ('Found N employees') is \`total\`.`,
    body: searchBody,
    response: { 200: searchAnswer, ...errors },
  },
};
const createEmployee = {
  onRequest,
  schema: {
    tags,
    summary: 'Create an employee; with site access and an email, a set-password mail invites them',
    body: employeeBody,
    response: { 201: employeeSavedAnswer, ...errors },
  },
};
const updateEmployee = {
  onRequest,
  schema: {
    tags,
    summary: 'Update an employee (absent flags keep their value; an empty PIN keeps the PIN)',
    params: idParams,
    querystring: userQuery,
    body: employeeBody,
    response: { 200: employeeSavedAnswer, ...errors },
  },
};
const deleteEmployee = {
  onRequest,
  schema: {
    tags,
    summary: 'Delete an employee: kept with its punches, found with Show Deleted Employees',
    params: idParams,
    querystring: userQuery,
    response: { 200: deletedAnswer, ...errors },
  },
};
const deleteEmployees = {
  onRequest,
  schema: {
    tags,
    summary:
      'Bulk delete: ?emp_id[]=[1,2,3]. All or nothing: an id not in the account answers 404 and deletes none',
    querystring: bulkIdsQuery('emp_id'),
    response: { 200: deletedAnswer, ...errors },
  },
};

export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, mailer } = app.deps;
  const employees = employeesService({
    ...repositories(db, employeesRepositories),
    mailer,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
  });

  app.get('/api/employees', listEmployees, async (req) => employees.list(authOf(req), req.query));
  app.get(
    '/api/employees/user/:user_id',
    {
      onRequest,
      schema: {
        tags,
        summary: "Same list, the spec's path; a user_id of another account answers 404",
        description: PAGING,
        params: userParams,
        querystring: pageQuery,
        response: { 200: employeesAnswer, ...errors },
      },
    },
    async (req) => employees.list(authOf(req), req.query, req.params.user_id),
  );
  app.get(
    '/api/employees/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One employee (deleted ones too) with department name and custom values',
        params: idParams,
        response: { 200: employeeAnswer, ...errors },
      },
    },
    async (req) => employees.get(authOf(req), req.params.id),
  );
  app.get(
    '/api/employees/:id/rates',
    {
      onRequest,
      schema: {
        tags,
        summary: "One employee's hourly rates by the day each took effect, newest first",
        description:
          'Empty while the rate has never changed. A change of hourly_rate (PUT /employees/:id, with rate_effective_from or today) pays the days from that day on at the new rate; the oldest row (effective_from 1900-01-01) is the rate before the first change.',
        params: idParams,
        response: { 200: employeeRatesAnswer, ...errors },
      },
    },
    async (req) => employees.rates(authOf(req), req.params.id),
  );
  app.put(
    '/api/employees/:id/rates',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change one employee's hourly rate, a deleted employee's too; answers the rates as GET does",
        description:
          'The rate change of PUT /employees/:id alone: hourly_rate paid from rate_effective_from (today when left out; at most today). It takes a deleted employee of the account as well, since reports still pay their days; nothing else about a deleted employee can change.',
        params: idParams,
        body: rateChangeBody,
        response: { 200: employeeRatesAnswer, ...errors },
      },
    },
    async (req) => employees.changeRate(authOf(req), req.params.id, req.body),
  );
  app.post('/api/search', searchEmployees, async (req) => employees.search(authOf(req), req.body));
  app.post('/employees', createEmployee, async (req, reply) =>
    reply.code(201).send(await employees.create(authOf(req), req.body)),
  );
  app.put('/employees/:id', updateEmployee, async (req) =>
    employees.update(authOf(req), req.params.id, req.body, req.query.user_id),
  );
  app.delete('/employees/:id', deleteEmployee, async (req) =>
    employees.remove(authOf(req), [req.params.id], req.query.user_id),
  );
  app.post('/allemployees', deleteEmployees, async (req) => employees.remove(authOf(req), req.query.ids));
};
