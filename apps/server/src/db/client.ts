import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
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

/** In DATA_DIR: the process id of the process that has the embedded database open. */
export const PGLITE_LOCK_FILE = 'pglite.lock';

/** The embedded database is open in another live process. */
export class DatabaseInUseError extends Error {
  readonly code = 'DATABASE_IN_USE';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a server or a tool): stop it first, or give ` +
        `this one its own DATA_DIR. If no such process uses it, delete ${join(dataDir, PGLITE_LOCK_FILE)}.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/**
 * When the process `pid` started, in clock ticks since boot (/proc/PID/stat, field 22), or null
 * where there is no /proc (not Linux) or no such process. With its id it names one process: ids are
 * reused, start times with them are not.
 */
export function processStartTime(pid: number): string | null {
  return statFields(pid)?.[19] ?? null;
}

/** The fields of /proc/PID/stat after the command name (the state first), or null off Linux or when gone. */
function statFields(pid: number): string[] | null {
  try {
    return fieldsAfterName(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** The command name (field 2) is in parentheses and may hold spaces: the fields after its last ')'. */
export function fieldsAfterName(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * A process killed and not yet reaped by its parent (a zombie, Z) or dead (X) holds nothing: after a
 * kill -9 it stays a zombie until its parent waits for it (1.4 s here), and a restart meanwhile was
 * refused as "in use" (the attack review of 2026-11-28).
 */
export const isGone = (fields: readonly string[] | null): boolean => fields?.[0] === 'Z' || fields?.[0] === 'X';

/** The lock file's text for this process: its id and, where known, its start time. */
export function lockText(pid = process.pid): string {
  const started = processStartTime(pid);
  return started === null ? String(pid) : `${pid} ${started}`;
}

/**
 * The live process other than this one that has the embedded database in `dataDir` open, or null.
 * PGlite has no lock of its own (two processes opening one folder both succeed, and would corrupt
 * it), so openPglite keeps one: a file with its process id and start time, removed on close. A
 * process killed without closing leaves the file behind; its id then names no live process, or a
 * process that started at another time (the id reused, as happens after a container restarts),
 * and the file is taken over.
 */
export function pgliteHolder(dataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, PGLITE_LOCK_FILE), 'utf8').trim();
  } catch {
    return null;
  }
  const [id, started] = text.split(/\s+/);
  const pid = Number(id);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  const fields = statFields(pid);
  if (isGone(fields)) return null;
  const now = started === undefined ? null : (fields?.[19] ?? null);
  return now !== null && now !== started ? null : pid;
}

/** Takes the embedded database's lock for this process, or throws DatabaseInUseError. */
async function lockPglite(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, PGLITE_LOCK_FILE);
  for (let tries = 0; ; tries++) {
    const holder = pgliteHolder(dataDir);
    if (holder !== null) throw new DatabaseInUseError(dataDir, holder);
    await rm(file, { force: true }); // left by a process that is gone, or by this one
    try {
      await writeFile(file, lockText(), { flag: 'wx' });
      break;
    } catch (err) {
      // another process took it between the check and the write: check again, once
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 0) throw err;
    }
  }
  return async () => {
    if (readFileSync(file, 'utf8').trim() === lockText()) await rm(file, { force: true });
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const unlock = await lockPglite(dataDir);
  let client: PGlite;
  try {
    client = await createPglite(dir);
  } catch (err) {
    await unlock().catch(() => {});
    throw err;
  }
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
      try {
        await client.close();
      } finally {
        await unlock().catch(() => {});
      }
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
