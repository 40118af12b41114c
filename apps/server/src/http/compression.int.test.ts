import { request } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add and undo its own Accept-Encoding). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decode = (r: Raw): string => {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(r.body).toString();
  if (enc === 'gzip') return gunzipSync(r.body).toString();
  return r.body.toString();
};

const varyHasAcceptEncoding = (r: Raw) =>
  String(r.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('bytes on the wire: precompressed static files, compressed API answers, caching', () => {
  let server: TestServer;
  let dist: string;
  const script = `export const letters = ${JSON.stringify('abcdefghijklmnopqrstuvwxyz'.repeat(200))};\n`;
  const asset = '/assets/index-AbC123.js';

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'asl-compress-'));
    await mkdir(join(dist, 'assets'));
    const files: Record<string, string> = {
      'index.html': '<!doctype html><title>SignSpeak</title><div id="root"></div>',
      'login.html': '<!doctype html><title>SignSpeak</title><div id="root"><h1>Sign in</h1></div>',
      'sw.js': 'self.addEventListener("fetch", () => {});',
      [asset.slice(1)]: script,
    };
    for (const [name, text] of Object.entries(files)) {
      await writeFile(join(dist, name), text);
      // As the web build writes them (apps/web/vite.config.ts, precompress).
      await writeFile(join(dist, `${name}.br`), brotliCompressSync(text));
      await writeFile(join(dist, `${name}.gz`), gzipSync(text));
    }
    server = await startTestServer('pglite', {}, { webDistDir: dist });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset as Brotli, gzip or plain per Accept-Encoding, immutable, Vary: Accept-Encoding', async () => {
    const br = await rawGet(`${server.url}${asset}`, { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varyHasAcceptEncoding(br)).toBe(true);
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(decode(br)).toBe(script);

    const gz = await rawGet(`${server.url}${asset}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toMatch(/immutable/);
    expect(varyHasAcceptEncoding(gz)).toBe(true);
    expect(decode(gz)).toBe(script);

    const plain = await rawGet(`${server.url}${asset}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varyHasAcceptEncoding(plain)).toBe(true);
    expect(plain.body.toString()).toBe(script);
  });

  it('sends index.html (the SPA fallback), login.html for /login and /sw.js compressed and no-cache', async () => {
    for (const [path, text] of [
      ['/dashboard', '<div id="root"></div>'],
      ['/login', '<h1>Sign in</h1>'],
      ['/login?from=%2Fdashboard', '<h1>Sign in</h1>'],
      ['/sw.js', 'addEventListener'],
    ] as const) {
      const res = await rawGet(`${server.url}${path}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(varyHasAcceptEncoding(res), path).toBe(true);
      expect(decode(res), path).toContain(text);
    }
    expect((await rawGet(`${server.url}/login`)).headers['content-type']).toMatch(/text\/html/);
  });

  it('compresses a large JSON answer of the API, and leaves a small one as it is', async () => {
    const plain = await rawGet(`${server.url}/api/docs/json`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = plain.body.toString();
    expect(document.length).toBeGreaterThan(10_000);

    for (const encoding of ['br', 'gzip']) {
      const res = await rawGet(`${server.url}/api/docs/json`, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(varyHasAcceptEncoding(res), encoding).toBe(true);
      expect(res.body.length, encoding).toBeLessThan(document.length / 3);
      expect(JSON.parse(decode(res))).toEqual(JSON.parse(document));
    }

    const small = await rawGet(server.api('/health'), { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
