import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Env } from './config/env';
import { loadSecrets } from './config/secrets';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { decodeOnlyProcessor } from './recognition/decode-only';
import type { FrameProcessor } from './recognition/frame-processor';
import { readStoryFiles, syncStories } from './practice/stories-repo';
import type { ModelsStatus } from './http/ready';
import { createRecognitionPool, modelsPresent } from './recognition/pool';
import { connectRedis, type RedisHandle } from './scale/redis';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The built SPA: WEB_DIST_DIR, else apps/web/dist found from this file (source or bundle). */
export function findWebDist(env: Env): string | null {
  if (env.WEB_DIST_DIR) return resolve(env.WEB_DIST_DIR);
  const here = dirname(fileURLToPath(import.meta.url));
  for (const c of [join(here, '../../web/dist'), join(here, '../web/dist')]) {
    if (existsSync(join(c, 'index.html'))) return c;
  }
  return null;
}

export interface StartOptions {
  processor?: FrameProcessor;
  webDistDir?: string | null;
  /** Where the log goes (standard output when not given); tests read it. */
  logStream?: NodeJS.WritableStream;
}

interface ChosenProcessor {
  processor: FrameProcessor;
  models: ModelsStatus;
  queueDepth: () => number;
}

/** The recognition pool when the converted models are there (npm run build makes them); else decode only. */
function chooseProcessor(env: Env): ChosenProcessor {
  const modelDir = resolve(env.MODEL_DIR);
  const none = () => 0;
  if (env.RECOGNITION_WORKERS === 0) return { processor: decodeOnlyProcessor(), models: 'disabled', queueDepth: none };
  if (!modelsPresent(modelDir, env.LANDMARK_MODEL)) {
    console.warn(
      `Recognition models not found in ${modelDir}: run \`npm run models\`. Frames will be decoded but no hands found.`,
    );
    return { processor: decodeOnlyProcessor(), models: 'missing', queueDepth: none };
  }
  const pool = createRecognitionPool({
    modelDir,
    workers: env.RECOGNITION_WORKERS,
    variant: env.LANDMARK_MODEL,
    taskTimeoutMs: env.RECOGNITION_TASK_TIMEOUT_MS,
  });
  return { processor: pool, models: 'ok', queueDepth: () => pool.queueSize() };
}

/** Redis when REDIS_URL is set. Unreachable at start is not fatal: it reconnects, and /ready says 503 meanwhile. */
async function openRedis(env: Env): Promise<RedisHandle | null> {
  if (!env.REDIS_URL) return null;
  return connectRedis(env.REDIS_URL);
}

/** Opens the database, migrates, builds the app and listens. Used by main.ts and by the tests. */
export async function startServer(env: Env, opts: StartOptions = {}): Promise<RunningServer> {
  const secrets = await loadSecrets(env.DATA_DIR, env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await runMigrations(database);
    await syncStories(database.db, await readStoryFiles());
  } catch (err) {
    await database.close();
    throw err;
  }
  const chosen: ChosenProcessor = opts.processor
    ? { processor: opts.processor, models: 'ok', queueDepth: () => 0 }
    : chooseProcessor(env);
  const processor = chosen.processor;
  const webDistDir = opts.webDistDir === undefined ? findWebDist(env) : opts.webDistDir;
  const redis = await openRedis(env);
  const { app } = await buildApp({
    env,
    secrets,
    database,
    processor,
    webDistDir,
    redis,
    models: chosen.models,
    poolQueueDepth: chosen.queueDepth,
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
  });
  let closing: Promise<void> | null = null;
  app.addHook('onClose', async () => {
    await processor.close();
    await database.close();
    await redis?.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    app,
    database,
    port,
    url: `http://${host}:${port}`,
    close() {
      closing ??= app.close();
      return closing;
    },
  };
}
