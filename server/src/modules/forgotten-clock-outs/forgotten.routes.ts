import {
  errorAnswers,
  forgottenAnswerBody,
  forgottenAnswerSaved,
  forgottenAnswersList,
  forgottenDecision,
  forgottenQuestionAnswer,
  forgottenQuestionBody,
  type ForgottenAnswerBody,
  type EmployeeIdentity,
} from '@punchclock/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireClockCallerOrSelf } from '../../auth/station-guard';
import type { AppDeps } from '../../deps';
import { routeKit, STATION_SECURITY } from '../routes-kit';
import { clockIdentity } from '../timeclock/clock-identity';
import { pinLock } from '../timeclock/pin-lock';
import { repositories } from '../unit-of-work';
import { forgottenRepositories } from './forgotten.repositories';
import { forgottenService } from './forgotten.service';

const tags = ['Time punches and clocking'];
const errors = errorAnswers(400, 401, 403, 404, 409, 422, 423, 429);

/** The service over the app's database and mailer (the routes and the mail sweep). */
export function forgottenOf(deps: Pick<AppDeps, 'db' | 'config' | 'limiter' | 'mailer'>) {
  const { repos, inTransaction } = repositories(deps.db, forgottenRepositories);
  const identity = clockIdentity({
    repos,
    appSecret: deps.config.appSecret,
    pins: pinLock({ appSecret: deps.config.appSecret, limiter: deps.limiter }),
  });
  return forgottenService({ repos, inTransaction, identity, mailer: deps.mailer });
}

/** How often the server looks for forgotten shifts to mail about. */
export const FORGOTTEN_SWEEP_EVERY_MS = 60_000;

/**
 * The server's sweep for forgotten clock-outs' mails (docs/RULES.md#forgotten-clock-outs), every `everyMs`; one
 * at a time, a failure (the database down) waits for the next. Stopped when the app closes.
 */
export function startForgottenMail(app: FastifyInstance, everyMs = FORGOTTEN_SWEEP_EVERY_MS) {
  const service = forgottenOf(app.deps);
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= service
      .sweep()
      .catch((e: unknown) => app.log.warn({ err: e }, 'forgotten clock-out mail sweep failed'))
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export const forgottenRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags, errors });
  const clockRoute = routeKit(app, {
    tags,
    errors,
    security: STATION_SECURITY,
    onRequest: requireClockCallerOrSelf,
  });
  const service = forgottenOf(app.deps);

  clockRoute.post(
    '/api/forgotten-clock-outs/question',
    'At a punch: whether to ask the employee when they left a forgotten open shift ("You did not clock out on Tuesday. When did you leave?")',
    {
      description:
        "Who is punching, as /api/check-employee takes it (PIN checked the same way). `question` is null unless their open work shift is older than the account's forgotten_after_minutes and not answered yet.",
      body: forgottenQuestionBody,
      200: forgottenQuestionAnswer,
    },
    async (req) => service.question(callerOf(req), req.body as EmployeeIdentity),
  );
  clockRoute.post(
    '/api/forgotten-clock-outs/answer',
    "The employee's answer: when they left their forgotten shift (or null: skipped); the shift is set aside (closed at its clock-in, 0 minutes) so their new clock-in proceeds, and the answer is listed for a manager to accept",
    {
      description:
        "`time` (HH:MM) in the account's time zone on `date` (YYYY-MM-DD; default the clock-in's day, or the next day when the time is not after the clock-in there), or null when the employee skips the question. `shift_id` names the forgotten shift asked about; left out (an answer a station queued offline), the employee's forgotten open shift. It must be after the clock-in, not in the future and within 24 hours of the clock-in (422 forgotten.bad_time). Not the employee's forgotten open shift: 404 forgotten.no_shift. The shift is closed at its own clock-in (0 minutes: never paid) and logged as punch.updated in the same transaction; GET /api/forgotten-clock-outs lists the answer until a manager accepts (the shift then ends at the answer) or dismisses it (fixed by hand).",
      body: forgottenAnswerBody,
      200: forgottenAnswerSaved,
    },
    async (req) => service.answer(callerOf(req), req.body as ForgottenAnswerBody),
    { bodyLimit: 2048 },
  );
  route.ofCaller.get(
    '/api/forgotten-clock-outs',
    "Employees' answers about forgotten clock-outs waiting for a manager (Punch issues), oldest first: accept or dismiss each",
    { 200: forgottenAnswersList },
    async (caller) => service.list(caller),
  );
  route.byId.post(
    '/api/forgotten-clock-outs/:id/accept',
    "Accept an employee's answer: the set-aside shift ends at the time they gave, through the punch rules of a manual edit (the locked-period rule too: 423); a skipped question has nothing to accept (422)",
    { 200: forgottenDecision },
    service.accept,
  );
  route.byId.post(
    '/api/forgotten-clock-outs/:id/dismiss',
    "Dismiss an employee's answer: it leaves the list; the shift (0 minutes) is fixed by hand",
    { 200: forgottenDecision },
    service.dismiss,
  );
};
