import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` for PostgreSQL, otherwise the path of the SQLite file. */
  databaseUrl: string;
  appSecret: string;
  publicUrl: string;
  smtpUrl?: string;
  redisUrl?: string;
  /** Folder of the built web app; when missing the server answers API calls only. */
  webDist?: string;
  logLevel: string;
  /** Logins allowed per IP and e-mail per minute. */
  loginRateLimit: number;
}

/** APP_SECRET signs password links and badges; when unset it is generated once and kept in DATA_DIR. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Relative to where the user ran npm (INIT_CWD), not the workspace folder npm switches into.
  const dataDir = resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const host = env.HOST || '0.0.0.0';
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || join(dataDir, 'punchclock.sqlite'),
    appSecret: env.APP_SECRET || loadOrCreateSecret(dataDir),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : resolve(import.meta.dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT || 10),
  };
}
