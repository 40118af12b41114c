import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseEnv, type Env } from '../config/env';
import { startServer, type RunningServer, type StartOptions } from '../server';
import { TEMPLATE_DIR } from './pglite-template';

export type DbKind = 'pglite' | 'postgres';

/** PostgreSQL joins the suite when TEST_DATABASE_URL (or DATABASE_URL) names a server. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
export const DB_KINDS: DbKind[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer extends RunningServer {
  dataDir: string;
  env: Env;
  api(path: string): string;
  wsUrl(token: string): string;
  stop(): Promise<void>;
}

export async function freshPostgresDatabase(): Promise<string> {
  const name = `asl_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The real server on an ephemeral port, with its own data folder and database. */
export async function startTestServer(
  kind: DbKind = 'pglite',
  envOverrides: Record<string, string> = {},
  opts: StartOptions = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'asl-test-'));
  const raw: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RECOGNITION_WORKERS: '1',
    // every test client is 127.0.0.1: the per-address share has its own test (frames.attack.test.ts)
    LIVE_MAX_FRAMES_PER_ADDRESS: '1000',
    ...envOverrides,
  };
  if (kind === 'postgres') raw.DATABASE_URL = await freshPostgresDatabase();
  else await cp(join(TEMPLATE_DIR, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  const env = parseEnv(raw);
  const server = await startServer(env, { webDistDir: null, ...opts });
  return {
    ...server,
    dataDir,
    env,
    api: (path) => `${server.url}/api/v1${path}`,
    wsUrl: (token) => `ws://127.0.0.1:${server.port}/ws/video?token=${encodeURIComponent(token)}`,
    async stop() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
