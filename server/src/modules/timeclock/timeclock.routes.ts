import {
  acceptPunchIssueAnswer,
  acceptPunchIssueBody,
  breakAnswer,
  checkEmployeeAnswer,
  clockBody,
  clockInAnswer,
  clockOutAnswer,
  employeeIdentity,
  employeeStatusAnswer,
  errorAnswers,
  idParams,
  messageResponse,
  pageQuery,
  punchConflictsAnswer,
  punchConflictsQuery,
  syncAnswer,
  syncBody,
  unsentAnswer,
  unsentBody,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../auth/guards';
import { callerOf, requireClockCaller, requireClockCallerOrSelf } from '../../auth/station-guard';
import { routeKit, STATION_SECURITY } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { stationsRepository } from '../stations/stations.repository';
import { clockRepositories } from './clock-repos';
import { clockService } from './clock.service';
import { pinLock } from './pin-lock';
import { conflictsService } from './conflicts.service';
import { statusService } from './status.service';

const tags = ['Time punches and clocking'];
const errors = errorAnswers(400, 401, 403, 404, 409, 413, 422, 429);
const station = { tags, errors, security: STATION_SECURITY };

export const timeclockRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags, errors });
  /** Routes of a station, or of an employee clocking themself (self-clock). */
  const clockRoute = routeKit(app, { ...station, onRequest: requireClockCallerOrSelf });
  /** Routes of a station only. */
  const stationRoute = routeKit(app, { ...station, onRequest: requireClockCaller });
  const { config, db, limiter } = app.deps;
  const { repos, inTransaction } = repositories(db, clockRepositories, { groupCommit: true });
  const clock = clockService({
    repos,
    inTransaction,
    appSecret: config.appSecret,
    pins: pinLock({ appSecret: config.appSecret, limiter }),
    stationOf: (accountId, id) => stationsRepository(db).find(accountId, id),
  });
  const conflicts = conflictsService({ repos, inTransaction });
  const status = statusService({ clock: repos.clock, appSecret: config.appSecret });

  route.ofCaller.get(
    '/api/punch-conflicts',
    'Synced punches the server did not apply (conflicts and refusals, newest first): the manager accepts one (POST /api/punch-conflicts/{id}/accept) or fixes the time with a manual punch',
    {
      description:
        'A page at a time: `limit` 1..200 (default 200); send `next_before` (null on the last page) back as `before` for the older ones.',
      querystring: punchConflictsQuery,
      200: punchConflictsAnswer,
    },
    conflicts.list,
  );
  route.post(
    '/api/punch-conflicts/:id/fix',
    'Mark a refused synced punch (its id in GET /api/punch-conflicts) as dealt with: it leaves the list; marking it again changes nothing',
    { params: idParams, 200: messageResponse },
    async (req) => conflicts.fix(authOf(req), (req.params as { id: number }).id),
  );
  route.post(
    '/api/punch-conflicts/:id/accept',
    'Apply a refused synced punch for its employee in one step, at its device time or a corrected one: it leaves the list',
    {
      description:
        "Body (optional): `date` (YYYY-MM-DD) and `time` (HH:MM), a wall-clock time in the account's time zone as manual punches take them; each left out keeps the refused punch's own. The punch goes through every punch rule: a clock-in opens a shift (none open, and nothing of the employee's from its time until now), a clock-out closes the open shift (after its time in, at most 24 hours). A refusal answers the rule's 409/422 and code and changes nothing. Written as the manager's punch, with the station kept; the issue is marked dealt with and `punch.conflict_accepted` logged in the same transaction. Accepting again, or after Mark fixed: 409 `punch_issue.already_dealt_with`. No current employee behind the punch: 422 `punch_issue.employee_deleted` / `punch_issue.employee_unknown`.",
      params: idParams,
      body: acceptPunchIssueBody.nullish(),
      200: acceptPunchIssueAnswer,
    },
    async (req) =>
      conflicts.accept(
        authOf(req),
        (req.params as { id: number }).id,
        (req.body as z.output<typeof acceptPunchIssueBody> | null) ?? {},
      ),
    { bodyLimit: 1024 },
  );
  clockRoute.post(
    '/api/check-employee',
    'Identify an employee by Employee ID (and PIN) or badge; says whether they are clocked in',
    { body: employeeIdentity, 200: checkEmployeeAnswer },
    async (req) => clock.checkEmployee(callerOf(req), req.body as z.output<typeof employeeIdentity>),
  );
  // The four punches of a station or an employee's own clock: one body, the service's answer.
  const punchActions = [
    [
      '/api/clock-in',
      'Clock in (idempotent on client_id; 409 "Employee already clocked in without clocking out.")',
      clockInAnswer,
      clock.clockIn,
    ],
    [
      '/api/clock-out',
      'Clock out (idempotent on client_id); answers hours, minutes, total_minutes, time_out',
      clockOutAnswer,
      clock.clockOut,
    ],
    [
      '/api/break-start',
      'Start Break: a break inside the open shift (idempotent on client_id); 409 break.no_shift when not clocked in, break.already_open during a break',
      breakAnswer,
      clock.startBreak,
    ],
    [
      '/api/break-end',
      'End Break: writes the Break punch from the break start to now (idempotent on client_id); 409 break.not_open with no break started. A clock-out during a break ends it too.',
      breakAnswer,
      clock.endBreak,
    ],
  ] as const;
  for (const [url, summary, answer, act] of punchActions)
    clockRoute.post(url, summary, { body: clockBody, 200: answer }, async (req) =>
      act(callerOf(req), req.body as z.output<typeof clockBody>),
    );
  stationRoute.get(
    '/api/employee-status',
    'Every current employee with whether they are clocked in, a page at a time',
    {
      description:
        'Paged by position (keyset) in name order (any letter case, accents set aside: Álvarez before Baker), then id: `limit` 1..200 employees (default 50); send `next_cursor` (null on the last page) or `prev_cursor` (null on the first) back as `cursor`. A cursor the server did not give answers 400.',
      querystring: pageQuery,
      200: employeeStatusAnswer,
    },
    async (req) => status.page(callerOf(req), req.query),
  );
  stationRoute.post(
    '/api/punches/sync',
    'Offline punches, up to 10,000, applied in device-time order; idempotent on client_id. With device_now (the station\'s clock when it sends) each item\'s device time is corrected by the difference to the server\'s clock when it exceeds 2 minutes (boots[]: the offsets of earlier boots the items name by boot_id); a device_now more than 31 days off answers 422 clock.device_clock_off and nothing is applied. An "in" while a shift is open or inside another punch, an "out" with none, before its clock-in or making a shift that overlaps another punch answers "conflict"; a device time in the future or over 31 days old, or a wrong or locked-out PIN (the same lock as live punches), answers "rejected". A "break_start" or "break_end" item starts or ends a break inside the open shift as /api/break-start and /api/break-end do; one with no shift or no break open answers "conflict". Both are written to the activity log (punch.conflict / punch.rejected) for a manager; never dropped silently.',
    { body: syncBody, 200: syncAnswer },
    async (req) => {
      const body = req.body as z.output<typeof syncBody>;
      return clock.sync(callerOf(req), body.punches, body);
    },
    { bodyLimit: 8 * 1024 * 1024 },
  );
  stationRoute.post(
    '/api/punches/unsent',
    "A revoked pairing's unsent punches, handed over by the tablet's new pairing of the same account (revoked_station_id: the old pairing's station), with device_now as a sync. Those made before the revoke are applied as a sync of that station (applied); those after it are listed in GET /api/punch-conflicts ('rejected', with why) for a manager to enter by hand (recorded); one handed over or synced before adds nothing. An unknown, unrevoked or other account's station answers 404.",
    { body: unsentBody, 200: unsentAnswer },
    async (req) => clock.handOver(callerOf(req), req.body as z.output<typeof unsentBody>),
    { bodyLimit: 8 * 1024 * 1024 },
  );
};
