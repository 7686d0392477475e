import {
  changePasswordBody,
  errorAnswers,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  messageResponse,
  passwordUpdateBody,
  registerBody,
  registerResponse,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { authRepositories } from './auth.repository';
import { authService } from './auth.service';

const tags = ['Authentication and account'];
const errors = errorAnswers(400, 401, 409, 422, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags, errors });
  /** Routes called before signing in: no guard, and no security in the OpenAPI document. */
  const publicRoute = routeKit(app, { tags, errors, onRequest: null, security: [] });
  const { db, config, mailer, limiter } = app.deps;
  const service = authService({ ...repositories(db, authRepositories), config, mailer, limiter });

  publicRoute.post(
    '/api/register',
    'Create an account and its owner; answers a session token',
    { body: registerBody, 201: registerResponse },
    async (req, reply) => reply.code(201).send(await service.register(req.body)),
  );

  publicRoute.post(
    '/api/login',
    'Log in (rate-limited per IP and e-mail)',
    { body: loginBody, 200: loginResponse },
    async (req) => service.login(req.body.email, req.body.password, req.ip),
  );

  route.post('/api/logout', 'Revoke the calling token', { 200: messageResponse }, async (req) =>
    service.logout(authOf(req)),
  );

  publicRoute.post(
    '/api/forgot-password',
    'Mail a signed, single-use password link (same answer whether or not the e-mail exists)',
    { body: forgotPasswordBody, 200: messageResponse },
    async (req) => service.forgotPassword(req.body.email, req.ip),
  );

  for (const url of ['/password-update', '/api/password-update']) {
    publicRoute.post(
      url,
      'Set a new password through a signed link (expires after 60 minutes, single use)',
      { body: passwordUpdateBody, 200: messageResponse },
      async (req) => service.updatePassword(req.body),
    );
  }

  route.post(
    '/api/change-password',
    "Change the caller's password; ends the caller's other sessions",
    { body: changePasswordBody, 200: messageResponse },
    async (req) => service.changePassword(authOf(req), req.body),
  );
};
