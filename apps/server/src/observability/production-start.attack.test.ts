import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_DIR } from '../test/pglite-template';
import { buildServerBundle } from '../test/server-process';

const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

/** The built server in production mode as its own process; resolves once it listens, with what it printed. */
async function startProduction(env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'asl-prod-'));
  await cp(join(TEMPLATE_DIR, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  const proc = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RECOGNITION_WORKERS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  let output = '';
  const url = await new Promise<string>((res, rej) => {
    const onData = (c: Buffer) => {
      output += c.toString();
      const m = /running at (http:\/\/\S+)/.exec(output);
      if (m?.[1]) res(m[1].replace('localhost', '127.0.0.1'));
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    void exited.then(() => rej(new Error(`server exited before listening:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    async stop() {
      proc.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Issue 14 item 12 (/metrics in production) and item 3 (the PUBLIC_ORIGIN warning). */
describe('production start-up', () => {
  beforeAll(() => buildServerBundle());

  it('without METRICS_TOKEN does not serve /metrics and says so; warns that PUBLIC_ORIGIN is unset', async () => {
    const server = await startProduction({});
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      expect(server.output()).toContain('METRICS_TOKEN is not set: /metrics is not served in production');
      expect(server.output()).toContain('PUBLIC_ORIGIN is not set');
    } finally {
      await server.stop();
    }
  });

  it('with METRICS_TOKEN serves /metrics to the bearer of the token only, without warnings', async () => {
    const token = 'a-metrics-token-of-some-length';
    const server = await startProduction({ METRICS_TOKEN: token, PUBLIC_ORIGIN: 'https://asl.example.org' });
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
      const ok = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('process_resident_memory_bytes');
      expect(server.output()).not.toContain('METRICS_TOKEN is not set');
      expect(server.output()).not.toContain('PUBLIC_ORIGIN is not set');
    } finally {
      await server.stop();
    }
  });
});
