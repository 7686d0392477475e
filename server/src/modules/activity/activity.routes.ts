import {
  activityCountAnswer,
  activityFilter,
  activityLogPage,
  activityQuery,
  errorAnswers,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { settingsRepository } from '../settings/settings.repository';
import { activityRepository } from './activity.repository';
import { activityService } from './activity.service';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Activity logs'], errors: errorAnswers(400, 401, 403, 422) });
  const { db } = app.deps;
  const service = activityService({
    repos: { activity: activityRepository(db), settings: settingsRepository(db) },
  });
  route.ofCaller.get(
    '/api/activity-logs',
    "The account's activity log, newest first, a page at a time; dates are days in the account's time zone",
    {
      description:
        "Paged by position (keyset): send `next_cursor` or `prev_cursor` back as `cursor` (with the same filters) for the next or previous page; both are null at the ends. `limit` is 1..200 rows (default 25). `total` and `last_page` are counted once, on the first page (no cursor), and carried in the cursors, so later pages never count again; with `count=false` the first page skips the count (and no page carries it): ask GET /api/activity-logs/count once instead, as the web does. `page` is the spec's old parameter, answered by offset when no cursor is sent. A cursor the server did not give answers 400.",
      querystring: activityQuery,
      200: activityLogPage,
    },
    service.list,
  );
  route.ofCaller.get(
    '/api/activity-logs/count',
    'How many log entries the filters match (the count the paged list leaves out with count=false)',
    { querystring: activityFilter, 200: activityCountAnswer },
    service.count,
  );
  route.get(
    '/api/activity-logs/export-csv',
    'The filtered activity log as activity_logs.csv, oldest first, streamed',
    { querystring: activityFilter, produces: ['text/csv'], 200: z.string() },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activity_logs.csv"')
        // A stream is piped as it is, never through the JSON schema's serializer.
        .send(Readable.from(await service.exportCsv(authOf(req), req.query)) as never),
  );
};
