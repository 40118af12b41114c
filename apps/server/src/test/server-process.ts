import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const repoRoot = resolve(serverDir, '../..');

/** Bundles the server (esbuild, a second or two) so spawned processes run the current source. */
export function buildServerBundle(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'pipe' });
}

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  port: number;
  api(path: string): string;
  wsUrl(token: string): string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<number | string | null>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The built server (apps/server/dist/main.js) as its own OS process on a free port. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'asl-proc-'));
  const proc = spawn(process.execPath, [join(serverDir, 'dist/main.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string | null>((res) => proc.once('exit', (code, sig) => res(code ?? sig)));
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()).slice(-4000));
  const url = await new Promise<string>((res, rej) => {
    let out = '';
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) res(m[1]!.replace('localhost', '127.0.0.1'));
    });
    void exited.then((code) => rej(new Error(`server exited (${code}) before listening: ${stderr}`)));
  });
  const port = Number(new URL(url).port);
  return {
    proc,
    url,
    port,
    api: (path) => `${url}/api/v1${path}`,
    wsUrl: (token) => `ws://127.0.0.1:${port}/ws/video?token=${encodeURIComponent(token)}`,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
