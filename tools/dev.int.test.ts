import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

/**
 * Resolves once every marker has appeared in the child's output (stdout and stderr together); fails with that output when the
 * child exits first or the markers have not all appeared within `withinMs` (so a stall says where).
 */
function waitForOutput(child: ChildProcess, markers: RegExp[], withinMs = 100_000): Promise<string> {
  return new Promise((res, rej) => {
    let out = '';
    const timer = setTimeout(
      () =>
        rej(
          new Error(
            `npm run dev did not print ${markers.filter((m) => !m.test(out)).join(', ')} in ${withinMs} ms:\n${out}`,
          ),
        ),
      withinMs,
    );
    const onData = (b: Buffer) => {
      out += b.toString();
      if (markers.every((m) => m.test(out))) {
        clearTimeout(timer);
        res(out);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`npm run dev exited early (${code}):\n${out}`));
    });
  });
}

describe('npm run dev', () => {
  let child: ChildProcess | null = null;
  let dataDir = '';
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the app with hot reload, proxies /api to the watched server, and stops both on one Ctrl-C', async () => {
    const [serverPort, webPort] = [await freePort(), await freePort()];
    dataDir = await mkdtemp(join(tmpdir(), 'asl-dev-'));
    child = spawn(process.execPath, ['tools/dev.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(serverPort),
        DEV_WEB_PORT: String(webPort),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // the suite runs from these node_modules: never reinstall them mid-run (ensure-ready.mjs)
        ASL_DEPENDENCIES_READY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitForOutput(child, [/is running at http:\/\/localhost:\d+/, /ready in/i]);

    const page = await fetch(`http://localhost:${webPort}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/@react-refresh'); // Vite's dev server with hot reload, not the built app
    const health = await fetch(`http://localhost:${webPort}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

    const exited = new Promise<number | null>((res) => child!.once('exit', (code) => res(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    await expect(fetch(`http://localhost:${webPort}/`)).rejects.toThrow();
    await expect(fetch(`http://localhost:${serverPort}/api/v1/health`)).rejects.toThrow();
  }, 120_000);
});
