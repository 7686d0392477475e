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
import { authOf, requireAuth } from '../../auth/guards';
import { repositories } from '../unit-of-work';
import { authRepositories } from './auth.repository';
import { authService } from './auth.service';

const errors = errorAnswers(400, 401, 409, 422, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer, limiter } = app.deps;
  const service = authService({ ...repositories(db, authRepositories), config, mailer, limiter });
  const tags = ['Authentication and account'];

  app.post(
    '/api/register',
    {
      schema: {
        tags,
        summary: 'Create an account and its owner; answers a session token',
        security: [],
        body: registerBody,
        response: { 201: registerResponse, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.register(req.body)),
  );

  app.post(
    '/api/login',
    {
      schema: {
        tags,
        summary: 'Log in (rate-limited per IP and e-mail)',
        security: [],
        body: loginBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (req) => service.login(req.body.email, req.body.password, req.ip),
  );

  app.post(
    '/api/logout',
    {
      onRequest: requireAuth,
      schema: { tags, summary: 'Revoke the calling token', response: { 200: messageResponse, ...errors } },
    },
    async (req) => service.logout(authOf(req)),
  );

  app.post(
    '/api/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a signed, single-use password link (same answer whether or not the e-mail exists)',
        security: [],
        body: forgotPasswordBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => service.forgotPassword(req.body.email, req.ip),
  );

  for (const url of ['/password-update', '/api/password-update']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Set a new password through a signed link (expires after 60 minutes, single use)',
          security: [],
          body: passwordUpdateBody,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (req) => service.updatePassword(req.body),
    );
  }

  app.post(
    '/api/change-password',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Change the caller's password; ends the caller's other sessions",
        body: changePasswordBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => service.changePassword(authOf(req), req.body),
  );
};
