import { errorAnswers, getDataAnswer, getDataBody } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { settingsRepository } from '../settings/settings.repository';
import { reportsRepository } from './reports.repository';
import { reportsService } from './reports.service';

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, {
    tags: ['Reports and settings'],
    errors: errorAnswers(400, 401, 403, 404, 422),
  });
  const { db } = app.deps;
  const reports = reportsService({ repo: reportsRepository(db), settings: settingsRepository(db) });
  for (const url of ['/getdata', '/api/getdata']) {
    route.post(
      url,
      'Run a report (with format csv, xlsx or pdf: the whole result as a file named {report}-{start}-{end}.{ext}): {reportname, employee_id?, department_id?, start_date?, end_date?, show_deleted_employees?, page?, page_size?}. The account comes from the token (user_id is ignored); an employee with Run Reports runs Activity, Daily Summary, Department Summary and Shift Details over themself only (any other report: 403); periods are days in the account zone, at most 366; hours are minutes and money cents in `data`.',
      { body: getDataBody, 200: getDataAnswer },
      async (req, reply) => {
        const result = await reports.run(authOf(req), req.body);
        if (!req.body.format) return reports.page(result, req.body);
        const file = reports.exportOf(result, req.body.format);
        return (
          reply
            .type(file.contentType)
            .header('content-disposition', `attachment; filename="${file.fileName}"`)
            // A stream is piped as it is, never through the JSON schema's serializer.
            .send(file.stream as never)
        );
      },
    );
  }
};
