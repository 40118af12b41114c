import { parseEnv } from './config/env';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';

/** `npm run migrate`: applies pending migrations and exits. */
const env = parseEnv(process.env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await runMigrations(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
