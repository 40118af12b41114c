import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client';

/** The SQL migrations folder, found from the source tree or from the built bundle. */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, '../../drizzle'), join(here, '../drizzle'), join(here, 'drizzle')]) {
    if (existsSync(join(candidate, 'meta/_journal.json'))) return candidate;
  }
  throw new Error(`Migrations folder not found near ${here}`);
}

/** Applies pending migrations; safe when several processes start at once (advisory lock). */
export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  await database.withMigrationLock(async (db) => {
    if (database.kind === 'pglite') await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePg(db as unknown as NodePgDatabase, { migrationsFolder: folder });
  });
}
