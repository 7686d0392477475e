import {
  createStationAnswer,
  createStationBody,
  errorBody,
  idParams,
  messageResponse,
  pairStationAnswer,
  pairStationBody,
  renameStationBody,
  stationMeAnswer,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireManager } from '../../auth/guards';
import { callerOf, requireClockCaller } from '../../auth/station-guard';
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

export const stationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const stations = stationsService(app.deps);
  const devices = ['Time stations'];

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
};
