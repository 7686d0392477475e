import {
  badgeRegeneratedAnswer,
  employeeQrAnswer,
  employeeQrStatusAnswer,
  fileAnswer,
  idParams,
  peopleErrors as errors,
  printCardsBody,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { badgesService } from './badges.service';
import { employeesRepositories } from './employees.repositories';

export const badgesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Employees'], errors });
  const badges = badgesService({
    ...repositories(app.deps.db, employeesRepositories),
    appSecret: app.deps.config.appSecret,
  });

  route.get(
    '/api/employees/qr/:id',
    "The employee's badge QR (a signed badge token, not the bare employee ID)",
    { params: idParams, 200: employeeQrStatusAnswer },
    async (req) => ({ status: 'success' as const, data: await badges.qr(authOf(req), req.params.id) }),
  );
  route.byId.get(
    '/api/employee/:id/generate-qr',
    'The badge QR as qr_code, employee_id, name, message',
    { 200: employeeQrAnswer },
    badges.qr,
  );
  route.byId.post(
    '/api/employees/:id/regenerate-badge',
    'A new badge: cards printed before stop working',
    { 200: badgeRegeneratedAnswer },
    badges.regenerate,
  );
  route.post(
    '/api/employees/print-cards',
    'Cards for many employees as Letter sheets of eight (employee-cards.pdf): employee_ids, or department_id, or neither for everyone in reach; at most 1,000',
    { body: printCardsBody, produces: ['application/pdf'], 200: fileAnswer },
    async (req, reply) => {
      const sheets = await badges.cardSheets(authOf(req), req.body);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="employee-cards.pdf"')
        .send(sheets.pdf);
    },
  );
  route.get(
    '/api/employees/print/:id',
    'The print-ready card PDF (employee-card-{employee_id}.pdf)',
    { params: idParams, produces: ['application/pdf'], 200: fileAnswer },
    async (req, reply) => {
      const card = await badges.card(authOf(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${card.fileName}"`)
        .send(card.pdf);
    },
  );
};
