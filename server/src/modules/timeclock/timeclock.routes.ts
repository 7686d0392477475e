import {
  checkEmployeeAnswer,
  clockBody,
  clockInAnswer,
  clockOutAnswer,
  createStationAnswer,
  createStationBody,
  employeeIdentity,
  employeeStatusAnswer,
  errorBody,
  idParams,
  messageResponse,
  pairStationAnswer,
  pairStationBody,
  renameStationBody,
  stationMeAnswer,
  syncAnswer,
  syncBody,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireManager } from '../../auth/guards';
import { callerOf, requireClockCaller, requireClockCallerOrSelf } from '../../auth/station-guard';
import { clockService } from './clock.service';
import { conflictsService } from './conflicts.service';
import { stationsService } from './stations.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  422: errorBody,
  429: errorBody,
};
const stationAuth: Record<string, string[]>[] = [{ bearer: [] }, { station: [] }];

export const timeclockRoutes: FastifyPluginAsyncZod = async (app) => {
  const stations = stationsService(app.deps);
  const clock = clockService(app.deps);
  const conflicts = conflictsService(app.deps);
  app.decorateRequest('clockCaller', null);
  const devices = ['Time stations'];
  const tags = ['Time punches and clocking'];

  app.get(
    '/api/stations',
    {
      onRequest: requireManager,
      schema: {
        tags: devices,
        summary: "The account's time stations",
        response: { 200: z.object({ data: z.array(createStationAnswer.shape.station) }), ...errors },
      },
    },
    async (req) => stations.list(authOf(req).accountId),
  );
  app.post(
    '/api/stations',
    {
      onRequest: requireManager,
      schema: {
        tags: devices,
        summary:
          'Add a station: pair "this-browser" answers its token; "code" answers a pairing code valid for 10 minutes',
        body: createStationBody,
        response: { 201: createStationAnswer, ...errors },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await stations.create(authOf(req).accountId, authOf(req).userId, req.body.name, req.body.pair)),
  );
  app.post(
    '/api/stations/pair',
    {
      schema: {
        tags: devices,
        security: [],
        summary: 'A tablet exchanges a pairing code for its station token (rate-limited per IP)',
        body: pairStationBody,
        response: { 200: pairStationAnswer, ...errors },
      },
    },
    async (req) => stations.pair(req.body.code, req.ip),
  );
  app.patch(
    '/api/stations/:id',
    {
      onRequest: requireManager,
      schema: {
        tags: devices,
        summary: 'Rename a station',
        params: idParams,
        body: renameStationBody,
        response: { 200: z.object({ station: createStationAnswer.shape.station }), ...errors },
      },
    },
    async (req) => stations.rename(authOf(req).accountId, authOf(req).userId, req.params.id, req.body.name),
  );
  app.delete(
    '/api/stations/:id',
    {
      onRequest: requireManager,
      schema: {
        tags: devices,
        summary: 'Revoke a station: its token stops working at once',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => stations.revoke(authOf(req).accountId, authOf(req).userId, req.params.id),
  );
  app.get(
    '/api/punch-conflicts',
    {
      onRequest: requireManager,
      schema: {
        tags,
        summary:
          'Synced punches the server did not apply (conflicts and refusals, newest first): the manager fixes them with a manual punch',
        response: { 200: z.any(), ...errors },
      },
    },
    async (req) => conflicts.list(authOf(req).accountId),
  );
  app.get(
    '/api/station/me',
    {
      onRequest: requireClockCaller,
      schema: {
        tags: devices,
        security: stationAuth,
        summary: 'The calling station, its company and the settings that change clocking',
        response: { 200: stationMeAnswer, ...errors },
      },
    },
    async (req) => stations.me(callerOf(req).accountId, callerOf(req).stationId),
  );

  const clockSchema = (summary: string, body: z.ZodType, answer: z.ZodType) => ({
    tags,
    security: stationAuth,
    summary,
    body,
    response: { 200: answer, ...errors },
  });
  app.post(
    '/api/check-employee',
    {
      onRequest: requireClockCallerOrSelf,
      schema: clockSchema(
        'Identify an employee by Employee ID (and PIN) or badge; says whether they are clocked in',
        employeeIdentity,
        checkEmployeeAnswer,
      ),
    },
    async (req) => clock.checkEmployee(callerOf(req), req.body as z.output<typeof employeeIdentity>),
  );
  app.post(
    '/api/clock-in',
    {
      onRequest: requireClockCallerOrSelf,
      schema: clockSchema(
        'Clock in (idempotent on client_id; 409 "Employee already clocked in without clocking out.")',
        clockBody,
        clockInAnswer,
      ),
    },
    async (req) => clock.clockIn(callerOf(req), req.body as z.output<typeof clockBody>),
  );
  app.post(
    '/api/clock-out',
    {
      onRequest: requireClockCallerOrSelf,
      schema: clockSchema(
        'Clock out (idempotent on client_id); answers hours, minutes, total_minutes, time_out',
        clockBody,
        clockOutAnswer,
      ),
    },
    async (req) => clock.clockOut(callerOf(req), req.body as z.output<typeof clockBody>),
  );
  app.get(
    '/api/employee-status',
    {
      onRequest: requireClockCaller,
      schema: {
        tags,
        security: stationAuth,
        summary: 'Every current employee with whether they are clocked in',
        response: { 200: employeeStatusAnswer, ...errors },
      },
    },
    async (req) => clock.status(callerOf(req)),
  );
  app.post(
    '/api/punches/sync',
    {
      onRequest: requireClockCaller,
      bodyLimit: 8 * 1024 * 1024,
      schema: clockSchema(
        'Offline punches, up to 10,000, applied in device-time order; idempotent on client_id. An "in" while a shift is open, an "out" with none, or an "out" before its clock-in answers "conflict" and is written to the activity log (punch.conflict) for a manager; never dropped silently.',
        syncBody,
        syncAnswer,
      ),
    },
    async (req) => clock.sync(callerOf(req), (req.body as z.output<typeof syncBody>).punches),
  );
};
