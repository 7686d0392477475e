import { loadConfig } from '../config';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';

const config = loadConfig();
const db = createDatabase(config.databaseUrl);
await migrateToLatest(db);
await db.destroy();
console.log('Database is up to date.');
