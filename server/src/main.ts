import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';

const config = loadConfig();
const db = createDatabase(config.databaseUrl);
await migrateToLatest(db);
const app = await buildApp(config, { db, forgottenMail: true });
app.addHook('onClose', async () => db.destroy());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Punchclock is running on ${config.publicUrl} (database: ${config.databaseUrl.startsWith('postgres') ? 'PostgreSQL' : config.databaseUrl})`,
);
