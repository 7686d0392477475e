import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DEMO_EMPLOYEE_EMAIL, seedDemo } from './demo-data';

// `npm run demo`: (re)creates the demo account as of this moment, prints its login, then starts the app.
const config = loadConfig();
const db = createDatabase(config.databaseUrl);
await migrateToLatest(db);
const demo = await seedDemo(db, config.appSecret);
await db.destroy();
console.log(
  `\nDemo account ready: ${demo.employees} employees, ${demo.punches} punches, ${demo.clockedIn} clocked in now.`,
);
console.log(`  Log in at ${config.publicUrl}/Login`);
console.log(`  Email:    ${demo.email}`);
console.log(`  Password: ${demo.password}`);
console.log(`  Employee login: ${DEMO_EMPLOYEE_EMAIL} with the same password\n`);
await import('../main');
