import {
  confirmSettings,
  confirmSettingsBody,
  confirmSettingsSaved,
  errorAnswers,
  ownPayPeriodsAnswer,
  payPeriodConfirmed,
  payPeriodStartBody,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportsRepository } from '../reports/reports.repository';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { confirmationsService } from './confirmations.service';
import { payPeriodsRepositories } from './pay-periods.repositories';

/** Employees confirm their timesheet (docs/RULES.md#pay-periods): the option, an employee's periods, confirming. */
export const confirmationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, {
    tags: ['Reports and settings'],
    errors: errorAnswers(400, 401, 403, 404, 422),
  });
  const { db } = app.deps;
  const service = confirmationsService({
    ...repositories(db, payPeriodsRepositories),
    reports: reportsRepository(db),
  });

  route.ofCaller.get(
    '/api/pay-periods/confirm-settings',
    'Whether the account asks its employees to confirm their timesheet for each pay period',
    { 200: confirmSettings },
    service.settings,
  );
  route.ofCaller.put(
    '/api/pay-periods/confirm-settings',
    'Turn employee timesheet confirmations on or off (owner and full administrators; logged)',
    { body: confirmSettingsBody, 200: confirmSettingsSaved },
    service.saveSettings,
  );
  route.ofCaller.get(
    '/api/pay-periods/mine',
    "The signed-in employee's current and last pay period: its punches (as their Activity report lists them), whether it is approved, and when they confirmed it",
    { 200: ownPayPeriodsAnswer },
    service.mine,
  );
  route.ofCaller.post(
    '/api/pay-periods/confirm',
    'The signed-in employee confirms their timesheet for the pay period starting on start_date (one that has started); 403 while the account does not ask for confirmations; confirming twice keeps the first',
    {
      description:
        'Employees only (403 for managers and stations). 404 when no period starts on start_date; 422 `period.not_started` for a period that has not started. Approval never waits for confirmations.',
      body: payPeriodStartBody,
      200: payPeriodConfirmed,
    },
    service.confirm,
  );
};
