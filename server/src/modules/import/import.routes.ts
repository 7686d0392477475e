import {
  IMPORT_MAX_BYTES,
  fileAnswer,
  importAnswer,
  messages,
  peopleErrors as errors,
  uploadedEmployeesAnswer,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { badRequest, payloadTooLarge } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import { employeesRepositories } from '../employees/employees.repositories';
import { employeesService } from '../employees/employees.service';
import { importService } from './import.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Employees'], errors });
  const { config, db, mailer, maintenance } = app.deps;
  const bundle = repositories(db, employeesRepositories);
  const employees = employeesService({
    ...bundle,
    mailer,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
  });
  // Thousands of new employees at once: PostgreSQL learns of them before the import answers, not seconds later
  // (unanalyzed, each clock-in's Employee ID look-up read the account's whole e-mail index).
  const afterImport = async () => {
    await maintenance
      ?.analyzeNow(['employees', 'custom_field_values'])
      .catch((err) => app.log.warn({ err }, 'could not analyze the tables after an import'));
  };
  const imports = importService({ ...bundle, employees, afterImport });

  route.get(
    '/employees/imported',
    'The employees of the latest import (name, employee_id, email, hourly_rate)',
    { 200: uploadedEmployeesAnswer },
    async (req) => imports.uploaded(authOf(req)),
  );
  route.get(
    '/employees/export',
    "The import template (.xlsx): a header row with the import columns and the account's custom fields",
    { produces: [XLSX_TYPE], 200: fileAnswer },
    async (req, reply) =>
      reply
        .type(XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="employee-import-template.xlsx"')
        .send(await imports.template(authOf(req))),
  );
  route.post(
    '/employees/import',
    'Upload .xlsx, .xls or .csv (multipart field `file`, ≤ 10 MB). ?preview=1 checks without writing; otherwise the valid rows are imported in one transaction',
    {
      querystring: z.object({ preview: z.string().max(10).optional() }),
      consumes: ['multipart/form-data'],
      200: importAnswer,
      201: importAnswer,
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
};
