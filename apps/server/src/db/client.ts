import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs `fn` while holding a session-level advisory lock (PostgreSQL) or directly (PGlite). */
  withMigrationLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

/** True when the query answers, false when it fails (the database is down). */
function succeeds(query: Promise<unknown>): Promise<boolean> {
  return query.then(
    () => true,
    () => false,
  );
}

const MIGRATION_LOCK_KEY = 7_340_221;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir);
}

/**
 * Opens PGlite; after a crash (SIGKILL) a stale postmaster.pid can make the first open fail,
 * so it is removed and the open tried once more. PGlite runs in this process only.
 */
async function createPglite(dir: string): Promise<PGlite> {
  try {
    return await PGlite.create(dir);
  } catch (err) {
    const pid = join(dir, 'postmaster.pid');
    if (!existsSync(pid)) throw err;
    await rm(pid, { force: true });
    return PGlite.create(dir);
  }
}

/**
 * True while a process has the embedded database open (PGlite keeps postmaster.pid while open and
 * removes it on close; its pid is always -42, so the file is all there is to go by). PGlite has no
 * lock of its own: a second process opening the folder would corrupt it, so command-line tools
 * check this and refuse while the server runs (a server killed without stopping leaves the file
 * until it is started again).
 */
export function pgliteInUse(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pglite', 'postmaster.pid'));
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const client = await createPglite(dir);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    withMigrationLock: (fn) => fn(db),
    ping: () => (closed ? Promise.resolve(false) : succeeds(db.execute(sql`select 1`))),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client dropping (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    async withMigrationLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await fn(drizzlePg({ client, schema }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: () => (closed ? Promise.resolve(false) : succeeds(pool.query('select 1'))),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
