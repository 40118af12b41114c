import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const TEMPLATE = join(root, '.cache', 'test-pglite-template', 'pglite');

export interface E2EServer {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the built server (apps/server/dist/main.js) as its own process on a free port. */
export async function startE2EServer(
  opts: { dataDir?: string; port?: number; env?: Record<string, string> } = {},
): Promise<E2EServer> {
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error('The server is not built: run `npm run build` first.');
  let dataDir = opts.dataDir;
  if (!dataDir) {
    dataDir = await mkdtemp(join(tmpdir(), 'asl-e2e-'));
    if (existsSync(TEMPLATE)) await cp(TEMPLATE, join(dataDir, 'pglite'), { recursive: true });
  }
  const proc = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(opts.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /running at (http:\/\/\S+)/.exec(output);
      if (m?.[1]) resolveUrl(m[1]);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    proc.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return {
    url: url.replace('localhost', '127.0.0.1'),
    dataDir,
    proc,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null) proc.kill(signal);
      return exited;
    },
  };
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
