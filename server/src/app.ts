import multipart from '@fastify/multipart';
import { healthResponse } from '@punchclock/contract';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis as RedisClient } from 'ioredis';
import { lazy } from './lib/lazy';
import type { AppConfig } from './config';
import { createDatabase, type Database, databaseReachable, dialectOf } from './db/database';
import { tableMaintenance } from './db/table-maintenance';
import type { AppDeps } from './deps';
import { createMailer, type Mailer } from './lib/mail';
import { memoryRateLimiter, redisRateLimiter } from './lib/rate-limiter';
import { accountRoutes } from './modules/account/account.routes';
import { activityRoutes } from './modules/activity/activity.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { customFieldsRoutes } from './modules/custom-fields/custom-fields.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { earningsRoutes } from './modules/earnings/earnings.routes';
import { departmentsRoutes } from './modules/departments/departments.routes';
import { badgesRoutes } from './modules/employees/badges.routes';
import { employeesRoutes } from './modules/employees/employees.routes';
import { faqsRoutes } from './modules/faqs/faqs.routes';
import { forgottenRoutes, startForgottenMail } from './modules/forgotten-clock-outs/forgotten.routes';
import { importRoutes } from './modules/import/import.routes';
import { integrationRoutes } from './modules/integration/integration.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { payRulesRoutes } from './modules/pay-rules/pay-rules.routes';
import { confirmationsRoutes } from './modules/pay-periods/confirmations.routes';
import { payPeriodsRoutes } from './modules/pay-periods/pay-periods.routes';
import { adjustmentsRoutes } from './modules/adjustments/adjustments.routes';
import { schedulesRoutes } from './modules/schedules/schedules.routes';
import { punchesRoutes } from './modules/punches/punches.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { rollCallRoutes } from './modules/roll-call/roll-call.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { stationsRoutes } from './modules/stations/stations.routes';
import { timeclockRoutes } from './modules/timeclock/timeclock.routes';
import { apiDocs } from './plugins/api-docs';
import { controlCharacters } from './plugins/control-characters';
import { errorHandler } from './plugins/error-handler';
import { noStore } from './plugins/no-store';
import { securityHeaderOptions, securityHeaders } from './plugins/security-headers';
import { webApp } from './plugins/web-app';

/** Redis only when REDIS_URL is set. */
const loadRedis = lazy<{ Redis: typeof RedisClient }>('ioredis');

export type { AppDeps } from './deps';

export interface BuildOptions {
  /** Tests pass their own database (already migrated) and mailer. */
  db?: Database;
  mailer?: Mailer;
  logger?: boolean;
  /** PostgreSQL without autovacuum: vacuum and analyze as it would (db/table-maintenance). Tests turn it off. */
  tableMaintenance?: boolean;
  /** The forgotten clock-outs' mail sweep (docs/RULES.md#forgotten-clock-outs): the server's own (main.ts) only. */
  forgottenMail?: boolean;
  /** Told of every route as it is declared: the route × caller proofs read the app's route table so. */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole app without listening, so tests can `inject()` into it. Only wiring lives here. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
  }).withTypeProvider<ZodTypeProvider>();
  // First, so the plugins' routes (declared in child contexts, which inherit the hook) are told too.
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps = createDeps(config, opts, app);
  app.decorate('deps', deps);
  app.decorateRequest('auth', null);
  app.decorateRequest('clockCaller', null);
  app.decorateRequest('apiKeyCaller', null);
  const { maintenance } = deps;
  if (maintenance) {
    void maintenance.start();
    app.addHook('onClose', async () => maintenance.stop());
  }
  app.addHook('onClose', async () => {
    await deps.limiter.close();
    if (!opts.db) await deps.db.destroy();
  });

  app.setErrorHandler(errorHandler);
  await securityHeaders(app, securityHeaderOptions(config.webDist));
  controlCharacters(app);
  noStore(app);
  // Truncated uploads are reported by readUpload (lib/uploads.ts) so each route answers its own 413 message.
  await app.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 1 },
    throwFileSizeLimit: false,
  });
  await apiDocs(app);

  app.get(
    '/api/health',
    { schema: { tags: ['System'], security: [], response: { 200: healthResponse, 503: healthResponse } } },
    async (_req, reply) => {
      const up = await databaseReachable(deps.db);
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'unavailable', database: dialectOf(config.databaseUrl) });
    },
  );
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(timeclockRoutes);
  await app.register(stationsRoutes);
  await app.register(settingsRoutes);
  await app.register(punchesRoutes);
  await app.register(reportsRoutes);
  await app.register(employeesRoutes);
  await app.register(badgesRoutes);
  await app.register(importRoutes);
  await app.register(departmentsRoutes);
  await app.register(customFieldsRoutes);
  await app.register(activityRoutes);
  await app.register(auditRoutes);
  await app.register(dashboardRoutes);
  await app.register(accountRoutes);
  await app.register(faqsRoutes);
  await app.register(apiKeysRoutes);
  await app.register(integrationRoutes);
  await app.register(earningsRoutes);
  await app.register(dataExportRoutes);
  await app.register(payRulesRoutes);
  await app.register(payPeriodsRoutes);
  await app.register(adjustmentsRoutes);
  await app.register(confirmationsRoutes);
  await app.register(rollCallRoutes);
  await app.register(schedulesRoutes);
  await app.register(forgottenRoutes);
  if (opts.forgottenMail) startForgottenMail(app);

  await webApp(app, config.webDist);
  return app;
}

function createDeps(config: AppConfig, opts: BuildOptions, app: FastifyInstance): AppDeps {
  const db = opts.db ?? createDatabase(config.databaseUrl);
  const limiter = config.redisUrl
    ? redisRateLimiter(
        new (loadRedis().Redis)(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }),
      )
    : memoryRateLimiter();
  const mailer =
    opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log });
  const maintenance =
    opts.tableMaintenance !== false && dialectOf(config.databaseUrl) === 'postgres'
      ? tableMaintenance(db)
      : undefined;
  return { config, db, mailer, limiter, maintenance };
}
