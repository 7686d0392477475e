import {
  employeeHoursAnswer,
  employeeHoursQuery,
  errorAnswers,
  withDeductionsAnswer,
  withDeductionsBody,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../routes-kit';
import { settingsRepository } from '../settings/settings.repository';
import { earningsRepository } from './earnings.repository';
import { earningsService } from './earnings.service';

export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, {
    tags: ['Time punches and clocking'],
    errors: errorAnswers(400, 401, 403, 404),
  });
  const { db } = app.deps;
  const service = earningsService({ repo: earningsRepository(db), settings: settingsRepository(db) });
  route.ofCaller.post(
    '/api/with-deductions',
    "An employee's earnings and Lunch/Break deductions by day, week and month (employees: their own, with view_pay_information)",
    {
      description:
        '`employee_id` is the Employee ID (or the record id as a number). The period is days in the account zone, at most 366 (default: the current month). Money is integer cents, from the time engine: paid minutes × hourly rate, rounded half up once per day. Auto Lunch/Break minutes are taken off the paid time (their pay is the deduction); Manual ones are listed with deduction_amount 0.',
      body: withDeductionsBody,
      200: withDeductionsAnswer,
    },
    service.withDeductions,
  );
  route.ofCaller.get(
    '/api/employee-hours',
    "One employee's worked and paid minutes for each day of a week (employees: their own; managers: employee_id)",
    { querystring: employeeHoursQuery, 200: employeeHoursAnswer },
    service.hours,
  );
};
