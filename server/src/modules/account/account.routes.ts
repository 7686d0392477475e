import {
  accountErrors as errors,
  administratorsAnswer,
  planAnswer,
  planBody,
  planChangedAnswer,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth } from '../../auth/guards';
import { repositories } from '../../db/unit-of-work';
import { accountRepositories } from './account.repository';
import { accountService } from './account.service';

const tags = ['Account'];
const onRequest = requireAuth;

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = accountService(repositories(app.deps.db, accountRepositories));

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
