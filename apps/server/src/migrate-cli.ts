import { parseEnv } from './config/env';
import { DatabaseInUseError, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';

/** `npm run migrate`: applies pending migrations and exits. */
const env = parseEnv(process.env);
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
} catch (err) {
  // the embedded database open in a running server: migrating it from here would corrupt it
  if (!(err instanceof DatabaseInUseError)) throw err;
  console.error(`error DATABASE_IN_USE: ${err.message}`);
  process.exit(2);
}
try {
  await runMigrations(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
