import {
  accountErrors as errors,
  administratorBody,
  administratorErrors,
  administratorInvitedAnswer,
  administratorsAnswer,
  administratorAccessBody,
  planAnswer,
  planBody,
  planChangedAnswer,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { accountRepositories } from './account.repository';
import { accountService } from './account.service';

const tags = ['Account'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags, errors });
  const administratorRoute = routeKit(app, { tags, errors: administratorErrors });
  const { db, mailer, config } = app.deps;
  const account = accountService({
    ...repositories(db, accountRepositories),
    mail: { mailer, appSecret: config.appSecret, publicUrl: config.publicUrl },
  });

  route.ofCaller.get(
    '/api/administrators',
    "The account's administrators (managers), the owner first, with their access (managers only)",
    { 200: administratorsAnswer },
    account.administrators,
  );
  administratorRoute.resource(
    { body: administratorBody, changes: administratorAccessBody, saved: administratorInvitedAnswer },
    {
      create: [
        '/api/administrators',
        "Invite an administrator (managers with full access): {name, email, access: full | departments, department_ids}. Sends the set-password mail. 422 when the plan's administrator seats are taken; 409 when the e-mail already logs in.",
        account.invite,
      ],
      update: [
        '/api/administrators/:id',
        "Change what an administrator manages (managers with full access): {access: full | departments, department_ids}. The owner always keeps full access (422); another account's id answers 404; a department not of this account 422.",
        account.changeAccess,
      ],
      remove: [
        '/api/administrators/:id',
        "Remove an administrator and end their sessions (managers); the owner cannot be removed (422); another account's id answers 404",
        account.remove,
      ],
    },
  );
  route.ofCaller.get(
    '/api/account/plan',
    'The plan the account is on, its administrator seats (null: unlimited) and how many are taken',
    { 200: planAnswer },
    account.plan,
  );
  route.put(
    '/api/account/plan',
    'Change the plan (managers): {plan: basic | pro | enterprise}. No payment is taken; the limits change at once. A plan with fewer seats than the account has administrators answers 422 saying why.',
    { body: planBody, 200: planChangedAnswer },
    async (req) => account.changePlan(authOf(req), req.body.plan),
  );
};
