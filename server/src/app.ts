import { existsSync } from 'node:fs';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { healthResponse, isPageRoute, messages } from '@punchclock/contract';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppConfig } from './config';
import { createDatabase, type Database, databaseReachable, dialectOf } from './db/database';
import { AppError, type FieldErrors } from './lib/errors';
import { createMailer, type Mailer } from './lib/mail';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './lib/rate-limiter';
import { activityRoutes } from './modules/activity/activity.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { punchesRoutes } from './modules/punches/punches.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { timeclockRoutes } from './modules/timeclock/timeclock.routes';

export interface AppDeps {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  /** Tests pass their own database (already migrated) and mailer. */
  db?: Database;
  mailer?: Mailer;
  logger?: boolean;
}

/** Builds the whole app without listening, so tests can `inject()` into it. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = opts.db ?? createDatabase(config.databaseUrl);
  const limiter = config.redisUrl
    ? redisRateLimiter(new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }))
    : memoryRateLimiter();
  const mailer =
    opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log });
  app.decorate('deps', { config, db, mailer, limiter });
  app.decorateRequest('auth', null);
  app.addHook('onClose', async () => {
    await limiter.close();
    if (!opts.db) await db.destroy();
  });

  app.setErrorHandler(errorHandler);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Truncated uploads are reported by readUpload (lib/uploads.ts) so each route answers its own 413 message.
  await app.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 1 },
    throwFileSizeLimit: false,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Punchclock API',
        version: '1.0.0',
        description: 'Every call of the Punchclock product. Errors are JSON `{message, errors?}`.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A login token; the raw token without "Bearer " is accepted too.',
          },
          station: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'A time station: `Station <token>` (or the header X-Station-Token).',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get(
    '/api/health',
    { schema: { tags: ['System'], security: [], response: { 200: healthResponse, 503: healthResponse } } },
    async (_req, reply) => {
      const up = await databaseReachable(db);
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'unavailable', database: dialectOf(config.databaseUrl) });
    },
  );
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(timeclockRoutes);
  await app.register(settingsRoutes);
  await app.register(punchesRoutes);
  await app.register(peopleRoutes);
  await app.register(activityRoutes);

  await registerWebApp(app, config);
  return app;
}

/** The built web app: its files, and index.html for every page route of spec §2 (any letter case). */
async function registerWebApp(app: FastifyInstance, config: AppConfig) {
  const hasWeb = !!config.webDist && existsSync(`${config.webDist}/index.html`);
  if (hasWeb)
    await app.register(fastifyStatic, { root: config.webDist!, index: false, wildcard: false, maxAge: '1h' });

  const sendPage = (reply: FastifyReply, status: number) => {
    if (!hasWeb)
      return reply.code(status).type('text/plain').send('The web app is not built. Run `npm run build`.');
    return reply.code(status).header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0 });
  };

  // Some bare API paths (/departments, /settings, /faqs) are also page routes in another letter case:
  // a browser navigation (HTML wanted, no token) gets the page, any API call gets the API.
  app.addHook('onRequest', async (req, reply) => {
    if (
      req.method !== 'GET' ||
      req.headers.authorization ||
      !String(req.headers.accept ?? '').includes('text/html')
    )
      return;
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/') && isPageRoute(path)) return sendPage(reply, 200);
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !/\.[a-z0-9]{2,5}$/i.test(path)
    ) {
      return sendPage(reply, isPageRoute(path) ? 200 : 404);
    }
    return reply.code(404).send({ message: messages.general.notFound });
  });
}

/** One place turns every failure into `{message, errors?}` with the right status; 5xx details stay in the log. */
function errorHandler(this: FastifyInstance, error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError)
    return reply
      .code(error.statusCode)
      .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldErrors = {};
    for (const v of error.validation) {
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
      (errors[field] ??= []).push(v.message ?? messages.general.badInput);
    }
    const first = error.validation[0];
    const message =
      error.validation.length === 1 || !first
        ? (first?.message ?? messages.general.badInput)
        : `${first.message} (and ${error.validation.length - 1} more)`;
    return reply.code(400).send({
      message:
        message === 'Invalid input: expected object, received undefined'
          ? messages.general.badInput
          : message,
      errors,
    });
  }
  if (isResponseSerializationError(error)) {
    req.log.error({ err: error }, 'response did not match its schema');
    return reply.code(500).send({ message: messages.general.serverError });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: messages.general.serverError });
  }
  return reply.code(status).send({ message: clientErrorMessage(error) });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return messages.general.malformedJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return messages.general.tooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON (application/json).';
    default:
      return error instanceof SyntaxError
        ? messages.general.malformedJson
        : error.message || messages.general.badInput;
  }
}
