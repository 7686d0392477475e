import {
  createStationAnswer,
  createStationBody,
  errorAnswers,
  idParams,
  messageResponse,
  pairStationAnswer,
  pairStationBody,
  renameStationBody,
  stationMeAnswer,
  stationView,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../auth/guards';
import { callerOf, requireClockCaller } from '../../auth/station-guard';
import { repositories } from '../unit-of-work';
import { stationsRepositories } from './stations.repository';
import { stationsService } from './stations.service';

const errors = errorAnswers(400, 401, 403, 404, 409, 413, 422, 429);
const stationAuth: Record<string, string[]>[] = [{ bearer: [] }, { station: [] }];

export const stationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, limiter } = app.deps;
  const stations = stationsService({ ...repositories(db, stationsRepositories), limiter });
  const devices = ['Time stations'];

  app.get(
    '/api/stations',
    {
      onRequest: requireAuth,
      schema: {
        tags: devices,
        summary: "The account's time stations",
        response: { 200: z.object({ data: z.array(stationView) }), ...errors },
      },
    },
    async (req) => stations.list(authOf(req)),
  );
  app.post(
    '/api/stations',
    {
      onRequest: requireAuth,
      schema: {
        tags: devices,
        summary:
          'Add a station: pair "this-browser" answers its token; "code" answers a pairing code valid for 10 minutes',
        body: createStationBody,
        response: { 201: createStationAnswer, ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await stations.create(authOf(req), req.body.name, req.body.pair)),
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
      onRequest: requireAuth,
      schema: {
        tags: devices,
        summary: 'Rename a station',
        params: idParams,
        body: renameStationBody,
        response: { 200: z.object({ station: stationView }), ...errors },
      },
    },
    async (req) => stations.rename(authOf(req), req.params.id, req.body.name),
  );
  app.delete(
    '/api/stations/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: devices,
        summary: 'Revoke a station: its token stops working at once',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => stations.revoke(authOf(req), req.params.id),
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
    async (req) => stations.me(callerOf(req)),
  );
};
