import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';

describe('the built SPA and its service worker', () => {
  let server: TestServer;
  let dist: string;
  const get = (path: string) => fetch(`${server.url}${path}`);

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'asl-spa-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>SignSpeak</title>');
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    await writeFile(join(dist, 'assets', 'app-abc.js.map'), '{"version":3}');
    await writeFile(join(dist, 'sw.js.map'), '{"version":3}');
    server = await startTestServer('pglite', {}, { webDistDir: dist });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves /sw.js as JavaScript with no-cache, never the SPA fallback', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('addEventListener');
    // The CSP lets the page register a same-origin worker.
    const csp = (await get('/dashboard')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/worker-src 'self'/);
  });

  it('falls back to index.html for app paths, and hashed assets are immutable', async () => {
    const page = await get('/asl-world');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/assets/app-abc.js')).headers.get('cache-control')).toMatch(/immutable/);
  });

  it('answers a hashed file that is not there (an older build asked for it) with a 404, not the HTML fallback', async () => {
    const res = await get('/assets/AboutRecognitionPage-old123.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it("does not serve the build's source maps, and answers API paths in any case as the API", async () => {
    for (const path of ['/assets/app-abc.js.map', '/sw.js.map', '/API/v1/auth/me']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
    }
  });

  it('makes pages and their scripts cross-origin isolated (threads for the on-device recogniser)', async () => {
    for (const path of ['/practice', '/assets/app-abc.js', '/sw.js']) {
      const res = await get(path);
      expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(res.headers.get('cross-origin-embedder-policy'), path).toBe('require-corp');
    }
  });

  it('answers a missing service worker with a 404, not the HTML fallback', async () => {
    await rm(join(dist, 'sw.js'));
    const res = await get('/sw.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});
