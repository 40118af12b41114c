/**
 * The built server (apps/server/dist/main.js) as its own OS process on a free port: one helper
 * for the end-to-end tests, the benchmarks and the multi-process integration tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
export const builtServerMain = join(repoRoot, 'apps/server/dist/main.js');
/** A migrated PGlite database made once by the tests' global set-up: copied, it saves the migrations. */
const PGLITE_TEMPLATE = join(repoRoot, '.cache', 'test-pglite-template', 'pglite');

export interface BuiltServerOptions {
  /** Variables on top of the base environment (they win). */
  env?: Record<string, string>;
  /** Inherit this process's environment (default) or start from PATH alone. */
  inheritEnv?: boolean;
  /** An existing data folder (a restart after a kill); otherwise a new temporary one. */
  dataDir?: string;
  port?: number;
  /** Where the server's stderr goes: kept for the error message (default) or this process's stderr. */
  stderr?: 'keep' | 'inherit';
  /** Options for node itself, before the script (e.g. --cpu-prof for a benchmark's profile). */
  nodeArgs?: string[];
}

export interface BuiltServer {
  proc: ChildProcess;
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  dataDir: string;
  api(path: string): string;
  wsUrl(token: string): string;
  /** The exit code, or the signal's name, once the process has ended. */
  exited: Promise<number | string | null>;
  /** Sends the signal (SIGTERM: graceful) and waits for the exit; the data folder stays. */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

export async function startBuiltServer(opts: BuiltServerOptions = {}): Promise<BuiltServer> {
  if (!existsSync(builtServerMain)) throw new Error('The server is not built: run `npm run build` first.');
  const base = opts.inheritEnv === false ? { PATH: process.env.PATH ?? '' } : process.env;
  const env: Record<string, string | undefined> = {
    ...base,
    PORT: String(opts.port ?? 0),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  let dataDir = opts.dataDir;
  if (!dataDir) {
    dataDir = await mkdtemp(join(tmpdir(), 'asl-server-'));
    if (!env.DATABASE_URL && existsSync(PGLITE_TEMPLATE))
      await cp(PGLITE_TEMPLATE, join(dataDir, 'pglite'), { recursive: true });
  }
  env.DATA_DIR = dataDir;
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), builtServerMain], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', opts.stderr === 'inherit' ? 'inherit' : 'pipe'],
  });
  const exited = new Promise<number | string | null>((res) => proc.once('exit', (code, sig) => res(code ?? sig)));
  let output = '';
  proc.stderr?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-8000)));
  const url = await new Promise<string>((res, rej) => {
    proc.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      const m = /running at (http:\/\/\S+)/.exec(output);
      if (m?.[1]) res(m[1].replace('localhost', '127.0.0.1'));
    });
    void exited.then((code) => rej(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  const port = Number(new URL(url).port);
  return {
    proc,
    url,
    port,
    dataDir,
    api: (path) => `${url}/api/v1${path}`,
    wsUrl: (token) => `ws://127.0.0.1:${port}/ws/video?token=${encodeURIComponent(token)}`,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
