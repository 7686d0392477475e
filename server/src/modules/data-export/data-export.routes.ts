import { dataExportFileName, errorAnswers } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { renderXlsxSheets } from '../reports/renderers/xlsx';
import { settingsRepository } from '../settings/settings.repository';
import { renderDataPdf } from './data-export.pdf';
import { dataExportRepository } from './data-export.repository';
import { dataExportService } from './data-export.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Your data'], errors: errorAnswers(401, 403, 404) });
  const { db } = app.deps;
  const service = dataExportService({ repo: dataExportRepository(db), settings: settingsRepository(db) });
  const description =
    "The signed-in manager's account: profile, settings, departments, employees with their custom fields, and punches, one section each; instants on the account's wall clock in its Date and Time formats. Streamed: rows are read a page at a time while the file is written. Bearer only: an employee's login is answered 403 (API keys are not taken).";

  route.get(
    '/api/export-pdf',
    'Your data as a PDF, saved as user_data_{userId}.pdf',
    { description, produces: ['application/pdf'], 200: z.string() },
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

  route.get(
    '/api/export-excel',
    'Your data as an Excel workbook, saved as user_data_{userId}.xlsx (one sheet each)',
    { description, produces: [XLSX_TYPE], 200: z.string() },
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
