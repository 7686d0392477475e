import {
  IMPORT_MAX_BYTES,
  customFieldBody,
  departmentBody,
  departmentDeleteQuery,
  employeeBody,
  errorBody,
  idParams,
  messageResponse,
  messages,
  searchBody,
  userIdField,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertOwnUserId, authOf, requireManager } from '../../auth/guards';
import { badRequest, payloadTooLarge } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import { cardPdf } from './card.pdf';
import { departmentsService } from './departments.service';
import { employeesService, parseIdList } from './employees.service';
import { fieldsService } from './fields.service';
import { importService } from './import.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  422: errorBody,
};
// Answers are built from the contract's view types; their shapes are documented by the summaries.
const loose = z.any();
const userQuery = z.object({ user_id: userIdField });
const userParams = z.object({ user_id: z.string().max(40) });
const bulkQuery = (name: string) =>
  z.object({
    [`${name}[]`]: z.union([z.string().max(200_000), z.array(z.string().max(200_000))]).optional(),
    [name]: z.union([z.string().max(200_000), z.array(z.string().max(200_000))]).optional(),
  });
const idList = (q: Record<string, unknown>, name: string) => parseIdList(q[`${name}[]`], q[name]);
const onRequest = requireManager;

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const employees = employeesService(app.deps);
  const departments = departmentsService(app.deps);
  const fields = fieldsService(app.deps);
  const imports = importService(app.deps);

  // ---- Employees ----
  {
    const tags = ['Employees'];
    app.get(
      '/api/employees',
      {
        onRequest,
        schema: {
          tags,
          summary:
            "The account's current employees (the account comes from the token; nothing to filter on the client)",
          response: { 200: loose, ...errors },
        },
      },
      async (req) => employees.list(authOf(req)),
    );
    app.get(
      '/api/employees/user/:user_id',
      {
        onRequest,
        schema: {
          tags,
          summary: "Same list, the spec's path; a user_id of another account answers 404",
          params: userParams,
          response: { 200: loose, ...errors },
        },
      },
      async (req) => {
        assertOwnUserId(authOf(req), req.params.user_id);
        return employees.list(authOf(req));
      },
    );
    app.get(
      '/api/employees/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One employee (deleted ones too) with department name and custom values',
          params: idParams,
          response: { 200: loose, ...errors },
        },
      },
      async (req) => employees.get(authOf(req), req.params.id),
    );
    app.post(
      '/api/search',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Search: text over name, department, title, ID, email; department; Status In/Out from open shifts; deleted',
          body: searchBody,
          response: { 200: loose, ...errors },
        },
      },
      async (req) => employees.search(authOf(req), req.body),
    );
    app.post(
      '/employees',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Create an employee; with site access and an email, a set-password mail invites them',
          body: employeeBody,
          response: { 201: loose, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await employees.create(authOf(req), req.body)),
    );
    app.put(
      '/employees/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Update an employee (absent flags keep their value; an empty PIN keeps the PIN)',
          params: idParams,
          querystring: userQuery,
          body: employeeBody,
          response: { 200: loose, ...errors },
        },
      },
      async (req) => {
        assertOwnUserId(authOf(req), req.query.user_id);
        return employees.update(authOf(req), req.params.id, req.body);
      },
    );
    app.delete(
      '/employees/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Delete an employee: kept with its punches, found with Show Deleted Employees',
          params: idParams,
          querystring: userQuery,
          response: { 200: loose, ...errors },
        },
      },
      async (req) => {
        assertOwnUserId(authOf(req), req.query.user_id);
        return employees.remove(authOf(req), [req.params.id]);
      },
    );
    app.post(
      '/allemployees',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Bulk delete: ?emp_id[]=[1,2,3]. All or nothing: an id not in the account answers 404 and deletes none',
          querystring: bulkQuery('emp_id'),
          response: { 200: loose, ...errors },
        },
      },
      async (req) => employees.remove(authOf(req), idList(req.query, 'emp_id')),
    );
  }

  // ---- Badges and cards ----
  {
    const tags = ['Employees'];
    app.get(
      '/api/employees/qr/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: "The employee's badge QR (a signed badge token, not the bare employee ID)",
          params: idParams,
          response: { 200: loose, ...errors },
        },
      },
      async (req) => {
        const q = await employees.qr(authOf(req), req.params.id);
        return { status: 'success', data: q };
      },
    );
    app.get(
      '/api/employee/:id/generate-qr',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The badge QR as qr_code, employee_id, name, message',
          params: idParams,
          response: { 200: loose, ...errors },
        },
      },
      async (req) => employees.qr(authOf(req), req.params.id),
    );
    app.post(
      '/api/employees/:id/regenerate-badge',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A new badge: cards printed before stop working',
          params: idParams,
          response: { 200: loose, ...errors },
        },
      },
      async (req) => employees.regenerateBadge(authOf(req), req.params.id),
    );
    app.get(
      '/api/employees/print/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The print-ready card PDF (employee-card-{employee_id}.pdf)',
          params: idParams,
          produces: ['application/pdf'],
          response: { 200: z.any(), ...errors },
        },
      },
      async (req, reply) => {
        const auth = authOf(req);
        const b = await employees.badge(auth, req.params.id);
        const e = (await employees.get(auth, req.params.id)).data;
        const company = (
          await app.deps.db
            .selectFrom('accounts')
            .select('company_name')
            .where('id', '=', auth.accountId)
            .executeTakeFirstOrThrow()
        ).company_name;
        const pdf = await cardPdf({
          company,
          name: e.name,
          employeeId: e.employee_id,
          department: e.department_name,
          badgeToken: b.token,
        });
        const file = `employee-card-${e.employee_id.replace(/[^\w.-]/g, '_')}.pdf`;
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${file}"`)
          .send(pdf);
      },
    );
  }

  // ---- Import ----
  {
    const tags = ['Employees'];
    app.get(
      '/employees/imported',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The employees of the latest import (name, employee_id, email, hourly_rate)',
          response: { 200: loose, ...errors },
        },
      },
      async (req) => imports.uploaded(authOf(req)),
    );
    app.get(
      '/employees/export',
      {
        onRequest,
        schema: {
          tags,
          summary:
            "The import template (.xlsx): a header row with the import columns and the account's custom fields",
          produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
          response: { 200: z.any(), ...errors },
        },
      },
      async (req, reply) =>
        reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', 'attachment; filename="employee-import-template.xlsx"')
          .send(await imports.template(authOf(req))),
    );
    app.post(
      '/employees/import',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Upload .xlsx, .xls or .csv (multipart field `file`, ≤ 10 MB). ?preview=1 checks without writing; otherwise the valid rows are imported in one transaction',
          querystring: z.object({ preview: z.string().max(10).optional() }),
          consumes: ['multipart/form-data'],
          response: { 200: loose, 201: loose, ...errors },
        },
      },
      async (req, reply) => {
        if (!req.isMultipart()) throw badRequest(messages.employees.noFile);
        const upload = await readUpload(req, 'file', IMPORT_MAX_BYTES);
        if (upload.truncated) throw payloadTooLarge(messages.people.importTooLarge);
        if (!upload.file || upload.file.length === 0) throw badRequest(messages.employees.noFile);
        const preview = ['1', 'true', 'yes'].includes(
          String(req.query.preview ?? upload.fields.preview ?? '').toLowerCase(),
        );
        const answer = await imports.run(authOf(req), upload.file, upload.fileName ?? 'upload.xlsx', preview);
        return reply.code(preview ? 200 : 201).send(answer);
      },
    );
  }

  // ---- Departments ----
  {
    const tags = ['Departments'];
    app.get(
      '/departments',
      {
        onRequest,
        schema: {
          tags,
          summary: "The account's departments with their employee counts (an array)",
          response: { 200: z.array(loose), ...errors },
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
          response: { 200: loose, ...errors },
        },
      },
      async (req) => {
        assertOwnUserId(authOf(req), req.params.user_id);
        return { status: 'success', data: await departments.list(authOf(req)) };
      },
    );
    app.get(
      '/api/departments/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One department and its current members',
          params: idParams,
          response: { 200: loose, ...errors },
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
          response: { 201: loose, ...errors },
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
          response: { 200: loose, ...errors },
        },
      },
      async (req) => departments.update(authOf(req), req.params.id, req.body),
    );
    app.delete(
      '/departments/:id',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Delete a department: refused (409) while it has employees, unless ?move_to={id} moves them first',
          params: idParams,
          querystring: departmentDeleteQuery,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (req) => {
        assertOwnUserId(authOf(req), req.query.user_id);
        return departments.remove(authOf(req), req.params.id, req.query.move_to);
      },
    );
    app.post(
      '/alldepartments',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Bulk delete: ?dep_id[]=[1,2]. All or nothing; refused while any has employees',
          querystring: bulkQuery('dep_id'),
          response: { 200: loose, ...errors },
        },
      },
      async (req) => departments.removeMany(authOf(req), idList(req.query, 'dep_id')),
    );
  }

  // ---- Custom fields ----
  {
    const tags = ['Custom fields'];
    app.post(
      '/api/fields',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Create a custom field (field_options = Allow Duplicates)',
          body: customFieldBody,
          response: { 201: loose, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await fields.create(authOf(req), req.body)),
    );
    app.get(
      '/api/fields',
      {
        onRequest,
        schema: { tags, summary: "The account's custom fields", response: { 200: loose, ...errors } },
      },
      async (req) => fields.list(authOf(req)),
    );
    app.get(
      '/fields/user/:user_id',
      {
        onRequest,
        schema: {
          tags,
          summary: "Same list, the spec's path",
          params: userParams,
          response: { 200: loose, ...errors },
        },
      },
      async (req) => {
        assertOwnUserId(authOf(req), req.params.user_id);
        return fields.list(authOf(req));
      },
    );
    app.put(
      '/api/fields/:id',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Update a custom field (not in the spec): refused while existing values do not fit the new type or duplicates exist',
          params: idParams,
          body: customFieldBody,
          response: { 200: loose, ...errors },
        },
      },
      async (req) => fields.update(authOf(req), req.params.id, req.body),
    );
    app.delete(
      '/fields/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Delete a custom field and its values',
          params: idParams,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (req) => fields.remove(authOf(req), req.params.id),
    );
  }
};
