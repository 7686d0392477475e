import { auditVerifyAnswer, errorAnswers } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { auditRepositories } from './audit.repositories';
import { auditService } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Activity logs'], errors: errorAnswers(401, 403) });
  const { repos } = repositories(app.deps.db, auditRepositories);
  const service = auditService({ repo: repos.audit });
  route.get(
    '/api/audit/verify',
    "Checks the account's tamper-evident ledger: the hash chain of every punch write and activity entry, and every row against its last entry",
    {
      description:
        '`ok` false names `first_broken`, the first entry in chain order that no longer matches: `reason` `chain` (the entry was altered, removed or added), `changed` or `deleted` (its row was changed or removed outside the app), or `inserted` (a row no entry seals; `entry` null). The account owner and full administrators only.',
      200: auditVerifyAnswer,
    },
    async (req) => service.verify(authOf(req)),
  );
  route.get(
    '/api/audit/export',
    "The account's ledger as JSON lines in chain order (seq, table, row_id, op, at, digest, hash), streamed; scripts/verify-audit.mjs checks it alone",
    { produces: ['application/x-ndjson'], 200: z.string() },
    async (req, reply) =>
      reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-ledger.jsonl"')
        // A stream is piped as it is, never through the JSON schema's serializer.
        .send(Readable.from(service.exportLines(authOf(req))) as never),
  );
};
