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
import { authOf } from '../../auth/guards';
import { callerOf, requireClockCaller } from '../../auth/station-guard';
import { repositories } from '../unit-of-work';
import { stationsRepositories } from './stations.repository';
import { stationsService } from './stations.service';
import { routeKit, STATION_SECURITY } from '../routes-kit';

const errors = errorAnswers(400, 401, 403, 404, 409, 413, 422, 429);
const tags = ['Time stations'];

export const stationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags, errors });
  /** The tablet pairing itself: no token yet. */
  const pairingRoute = routeKit(app, { tags, errors, onRequest: null, security: [] });
  const stationRoute = routeKit(app, {
    tags,
    errors,
    onRequest: requireClockCaller,
    security: STATION_SECURITY,
  });
  const { db, limiter } = app.deps;
  const stations = stationsService({ ...repositories(db, stationsRepositories), limiter });

  route.ofCaller.get(
    '/api/stations',
    "The account's time stations",
    { 200: z.object({ data: z.array(stationView) }) },
    stations.list,
  );
  route.post(
    '/api/stations',
    'Add a station: pair "this-browser" answers its token; "code" answers a pairing code valid for 10 minutes',
    { body: createStationBody, 201: createStationAnswer },
    async (req, reply) =>
      reply.code(201).send(await stations.create(authOf(req), req.body.name, req.body.pair)),
  );
  pairingRoute.post(
    '/api/stations/pair',
    'A tablet exchanges a pairing code for its station token (rate-limited per IP)',
    { body: pairStationBody, 200: pairStationAnswer },
    async (req) => stations.pair(req.body.code, req.ip),
  );
  route.patch(
    '/api/stations/:id',
    'Rename a station',
    { params: idParams, body: renameStationBody, 200: z.object({ station: stationView }) },
    async (req) => stations.rename(authOf(req), req.params.id, req.body.name),
  );
  route.byId.delete(
    '/api/stations/:id',
    'Revoke a station: its token stops working at once',
    { 200: messageResponse },
    stations.revoke,
  );
  stationRoute.get(
    '/api/station/me',
    'The calling station, its company and the settings that change clocking',
    { 200: stationMeAnswer },
    async (req) => stations.me(callerOf(req)),
  );
};
