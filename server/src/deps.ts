import type { AppConfig } from './config';
import type { Database } from './db/database';
import type { TableMaintenance } from './db/table-maintenance';
import type { Mailer } from './lib/mail';
import type { RateLimiter } from './lib/rate-limiter';

/**
 * What the app is built from. A leaf module: routes read it from `app.deps` and hand each service only the
 * pieces it uses, so nothing imports app.ts back.
 */
export interface AppDeps {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  /** PostgreSQL: the server's own vacuum and analyze (db/table-maintenance); absent on SQLite and in tests. */
  maintenance?: TableMaintenance;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
