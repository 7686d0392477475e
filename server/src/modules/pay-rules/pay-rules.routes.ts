import {
  dayWhyAnswer,
  employeeDayParams,
  errorAnswers,
  ownDayParams,
  payRulesAnswer,
  payRulesBody,
  payRulesPreviewAnswer,
  payRulesPreviewBody,
  payRulesSaved,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { payRulesRepositories } from './pay-rules.repositories';
import { payRulesService } from './pay-rules.service';

export const payRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Reports and settings'], errors: errorAnswers(400, 401, 403, 404) });
  const service = payRulesService(repositories(app.deps.db, payRulesRepositories));
  route.get(
    '/api/pay-rules',
    "The account's pay rules: the version in force today (null: none, every paid minute regular) and every version, newest first",
    { 200: payRulesAnswer },
    async (req) => service.list(authOf(req)),
  );
  route.put(
    '/api/pay-rules',
    'Set the pay rules from a local day on (owner and full administrators); a version saved for that day is replaced',
    {
      description:
        '`preset` is one of none, us_flsa, us_california, de_arbzg; `overrides` changes some of its fields. `effective_from` may lie in the past: the days from it on are then paid under it, the days before keep the rules they had.',
      body: payRulesBody,
      200: payRulesSaved,
    },
    async (req) => service.save(authOf(req), req.body),
  );
  route.post(
    '/api/pay-rules/preview',
    "Each employee's pay over a period under the rules as they are and with this version added (nothing is saved)",
    { body: payRulesPreviewBody, 200: payRulesPreviewAnswer },
    async (req) => service.preview(authOf(req), req.body),
  );
  route.get(
    '/api/employees/:id/days/:date',
    "The why of an employee's day: its raw punches, each pay step that changed it in order, and its totals",
    {
      description:
        "`id` is the employee record id, `date` a day in the account zone. Minutes are whole minutes, money integer cents; the day's money is its share of its workweek's pay lines.",
      params: employeeDayParams,
      200: dayWhyAnswer,
    },
    async (req) => service.day(authOf(req), req.params.id, req.params.date),
  );
  route.get(
    '/api/me/days/:date',
    "The why of the signed-in employee's own day (with View Pay Information)",
    { params: ownDayParams, 200: dayWhyAnswer },
    async (req) => service.ownDay(authOf(req), req.params.date),
  );
};
