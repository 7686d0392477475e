import { dataExportFileName, errorAnswers } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { authOf, requireAuth } from '../../auth/guards';
import { renderXlsxSheets } from '../reports/renderers/xlsx';
import { settingsRepository } from '../settings/settings.repository';
import { renderDataPdf } from './data-export.pdf';
import { dataExportRepository } from './data-export.repository';
import { dataExportService } from './data-export.service';

const errors = errorAnswers(401, 403, 404);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const service = dataExportService({ repo: dataExportRepository(db), settings: settingsRepository(db) });
  const tags = ['Your data'];
  const description =
    "The signed-in manager's account: profile, settings, departments, employees with their custom fields, and punches, one section each; instants on the account's wall clock in its Date and Time formats. Streamed: rows are read a page at a time while the file is written. Bearer only: an employee's login is answered 403 (API keys are not taken).";

  app.get(
    '/api/export-pdf',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Your data as a PDF, saved as user_data_{userId}.pdf',
        description,
        produces: ['application/pdf'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const data = await service.build(auth);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${dataExportFileName(auth.userId!, 'pdf')}"`)
          // A stream is piped as it is, never through the JSON schema's serializer.
          .send(renderDataPdf(data) as never)
      );
    },
  );

  app.get(
    '/api/export-excel',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Your data as an Excel workbook, saved as user_data_{userId}.xlsx (one sheet each)',
        description,
        produces: [XLSX_TYPE],
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const data = await service.build(auth);
      const out = new PassThrough();
      renderXlsxSheets(data.meta, data.sections, out).catch((error: unknown) =>
        out.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${dataExportFileName(auth.userId!, 'xlsx')}"`)
        .send(out as never);
    },
  );
};
