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
import { authOf, requireAuth } from '../../auth/guards';
import { repositories } from '../unit-of-work';
import { badgesService } from './badges.service';
import { employeesRepositories } from './employees.repositories';

const tags = ['Employees'];
const onRequest = requireAuth;

const printCard = {
  onRequest,
  schema: {
    tags,
    summary: 'The print-ready card PDF (employee-card-{employee_id}.pdf)',
    params: idParams,
    produces: ['application/pdf'],
    response: { 200: fileAnswer, ...errors },
  },
};

export const badgesRoutes: FastifyPluginAsyncZod = async (app) => {
  const badges = badgesService({
    ...repositories(app.deps.db, employeesRepositories),
    appSecret: app.deps.config.appSecret,
  });

  app.get(
    '/api/employees/qr/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: "The employee's badge QR (a signed badge token, not the bare employee ID)",
        params: idParams,
        response: { 200: employeeQrStatusAnswer, ...errors },
      },
    },
    async (req) => ({ status: 'success' as const, data: await badges.qr(authOf(req), req.params.id) }),
  );
  app.get(
    '/api/employee/:id/generate-qr',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The badge QR as qr_code, employee_id, name, message',
        params: idParams,
        response: { 200: employeeQrAnswer, ...errors },
      },
    },
    async (req) => badges.qr(authOf(req), req.params.id),
  );
  app.post(
    '/api/employees/:id/regenerate-badge',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A new badge: cards printed before stop working',
        params: idParams,
        response: { 200: badgeRegeneratedAnswer, ...errors },
      },
    },
    async (req) => badges.regenerate(authOf(req), req.params.id),
  );
  app.post(
    '/api/employees/print-cards',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Cards for many employees as Letter sheets of eight (employee-cards.pdf): employee_ids, or department_id, or neither for everyone in reach; at most 1,000',
        body: printCardsBody,
        produces: ['application/pdf'],
        response: { 200: fileAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const sheets = await badges.cardSheets(authOf(req), req.body);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="employee-cards.pdf"')
        .send(sheets.pdf);
    },
  );
  app.get('/api/employees/print/:id', printCard, async (req, reply) => {
    const card = await badges.card(authOf(req), req.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${card.fileName}"`)
      .send(card.pdf);
  });
};
