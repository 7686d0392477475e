import {
  errorAnswers,
  lockedPeriodsAnswer,
  payPeriodBlocked,
  payPeriodReopenBody,
  payPeriodSaved,
  payPeriodSettings,
  payPeriodSettingsBody,
  payPeriodSettingsSaved,
  payPeriodsAnswer,
  payPeriodsQuery,
  payPeriodStartBody,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { clockRepositories } from '../timeclock/clock-repos';
import { conflictsService } from '../timeclock/conflicts.service';
import { repositories } from '../unit-of-work';
import { approvalFigures } from './approval-figures';
import { payPeriodsRepositories } from './pay-periods.repositories';
import { PeriodBlocked, payPeriodsService } from './pay-periods.service';

export const payPeriodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, {
    tags: ['Reports and settings'],
    errors: errorAnswers(400, 401, 403, 404, 409),
  });
  const { db } = app.deps;
  const conflicts = conflictsService(repositories(db, clockRepositories));
  const service = payPeriodsService({
    ...repositories(db, payPeriodsRepositories),
    punchIssues: (caller) => conflicts.list(caller, { limit: 10_000 }),
    // The figures and the Payroll Summary CSV made from them, exactly as POST /api/getdata then sends it.
    approvalFigures: (r, accountId, period, store) =>
      approvalFigures({ repo: r.reports, settings: r.settings }, accountId, period, store),
  });

  route.ofCaller.get(
    '/api/pay-periods/settings',
    "The account's pay period settings: frequency, anchor_date, forgotten_after_minutes and the day they apply from",
    { 200: payPeriodSettings },
    service.settings,
  );
  route.ofCaller.put(
    '/api/pay-periods/settings',
    'Set the pay period settings (owner and full administrators); they apply from the first day after the last approved period',
    {
      description:
        '`frequency` is weekly, biweekly, semimonthly (1st–15th, 16th–end) or monthly; `anchor_date` the first day of a weekly or bi-weekly period; `forgotten_after_minutes` (default 720) when an open shift counts as a forgotten clock-out.',
      body: payPeriodSettingsBody,
      200: payPeriodSettingsSaved,
    },
    service.saveSettings,
  );
  route.ofCaller.get(
    '/api/pay-periods',
    'The pay periods overlapping from..to, each with its status, approval, checksum of its Payroll Summary CSV when approved, and review marks',
    { querystring: payPeriodsQuery, 200: payPeriodsAnswer },
    service.list,
  );
  route.ofCaller.get(
    '/api/pay-periods/locked',
    'The approved (locked) pay periods overlapping from..to, bounds only: what screens mark with a lock (employees too)',
    { querystring: payPeriodsQuery, 200: lockedPeriodsAnswer },
    service.locked,
  );
  route.post(
    '/api/pay-periods/approve',
    'Approve (and lock) a pay period that has ended (owner and full administrators); 422 with the list while it holds open shifts or punch issues',
    { body: payPeriodStartBody, 200: payPeriodSaved, 422: payPeriodBlocked },
    async (req, reply) => {
      try {
        return await service.approve(authOf(req), req.body);
      } catch (e) {
        if (e instanceof PeriodBlocked)
          return reply.code(422).send({
            message: e.message,
            code: e.code,
            blockers: e.blockers,
            errors: {
              blockers: e.blockers.map((b) => `${b.employee_name ?? 'Unknown employee'}: ${b.reason}`),
            },
          });
        throw e;
      }
    },
  );
  route.ofCaller.post(
    '/api/pay-periods/reopen',
    'Reopen an approved pay period with a reason (owner and full administrators; logged)',
    { body: payPeriodReopenBody, 200: payPeriodSaved },
    service.reopen,
  );
  route.ofCaller.post(
    '/api/pay-periods/review',
    "Mark the caller's departments reviewed for a pay period (department-scoped administrators)",
    { body: payPeriodStartBody, 200: payPeriodSaved },
    service.review,
  );
};
