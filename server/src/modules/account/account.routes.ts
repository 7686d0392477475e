import {
  accountErrors as errors,
  administratorBody,
  administratorErrors,
  administratorInvitedAnswer,
  administratorsAnswer,
  administratorAccessBody,
  idParams,
  messageResponse,
  planAnswer,
  planBody,
  planChangedAnswer,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth } from '../../auth/guards';
import { repositories } from '../unit-of-work';
import { accountRepositories } from './account.repository';
import { accountService } from './account.service';

const tags = ['Account'];
const onRequest = requireAuth;

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, config } = app.deps;
  const account = accountService({
    ...repositories(db, accountRepositories),
    mail: { mailer, appSecret: config.appSecret, publicUrl: config.publicUrl },
  });

  app.get(
    '/api/administrators',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "The account's administrators (managers), the owner first, with their access (managers only)",
        response: { 200: administratorsAnswer, ...errors },
      },
    },
    async (req) => account.administrators(authOf(req)),
  );
  app.post(
    '/api/administrators',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Invite an administrator (managers with full access): {name, email, access: full | departments, department_ids}. Sends the set-password mail. 422 when the plan's administrator seats are taken; 409 when the e-mail already logs in.",
        body: administratorBody,
        response: { 201: administratorInvitedAnswer, ...administratorErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await account.invite(authOf(req), req.body)),
  );
  app.put(
    '/api/administrators/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Change what an administrator manages (managers with full access): {access: full | departments, department_ids}. The owner always keeps full access (422); another account's id answers 404; a department not of this account 422.",
        params: idParams,
        body: administratorAccessBody,
        response: { 200: administratorInvitedAnswer, ...administratorErrors },
      },
    },
    async (req) => account.changeAccess(authOf(req), req.params.id, req.body),
  );
  app.delete(
    '/api/administrators/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Remove an administrator and end their sessions (managers); the owner cannot be removed (422); another account's id answers 404",
        params: idParams,
        response: { 200: messageResponse, ...administratorErrors },
      },
    },
    async (req) => account.remove(authOf(req), req.params.id),
  );
  app.get(
    '/api/account/plan',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'The plan the account is on, its administrator seats (null: unlimited) and how many are taken',
        response: { 200: planAnswer, ...errors },
      },
    },
    async (req) => account.plan(authOf(req)),
  );
  app.put(
    '/api/account/plan',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Change the plan (managers): {plan: basic | pro | enterprise}. No payment is taken; the limits change at once. A plan with fewer seats than the account has administrators answers 422 saying why.',
        body: planBody,
        response: { 200: planChangedAnswer, ...errors },
      },
    },
    async (req) => account.changePlan(authOf(req), req.body.plan),
  );
};
