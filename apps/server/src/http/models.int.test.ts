import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';

describe('GET /models/<name>.onnx (static models for the in-browser recogniser)', () => {
  let server: TestServer;
  let dir: string;
  const detect = Buffer.from('palm detector bytes '.repeat(100));
  const full = Buffer.from('landmark model bytes '.repeat(50));
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'asl-models-'));
    await writeFile(join(dir, 'handdetect.onnx'), detect);
    await writeFile(join(dir, 'handdetect.onnx.sha256'), createHash('sha256').update(detect).digest('hex') + '\n');
    await writeFile(join(dir, 'handlandmark-full.onnx'), full); // no sidecar: hashed by the server
    await writeFile(join(dir, 'secret.txt'), 'not a model');
    server = await startTestServer('pglite', { MODEL_DIR: dir, RECOGNITION_WORKERS: '0' });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a model with a content ETag, long cache and revalidation (304)', async () => {
    const res = await fetch(`${server.url}/models/handdetect.onnx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, must-revalidate');
    const etag = res.headers.get('etag')!;
    const sha = createHash('sha256').update(detect).digest('hex');
    expect(etag).toBe(`"${sha.slice(0, 32)}-${detect.length}"`);
    expect(Buffer.from(await res.arrayBuffer()).equals(detect)).toBe(true);

    const again = await fetch(`${server.url}/models/handdetect.onnx`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const stale = await fetch(`${server.url}/models/handdetect.onnx`, { headers: { 'if-none-match': '"other"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('hashes a model that has no .sha256 sidecar', async () => {
    const res = await fetch(`${server.url}/models/handlandmark-full.onnx`);
    expect(res.status).toBe(200);
    const sha = createHash('sha256').update(full).digest('hex');
    expect(res.headers.get('etag')).toBe(`"${sha.slice(0, 32)}-${full.length}"`);
    expect(Buffer.from(await res.arrayBuffer()).equals(full)).toBe(true);
  });

  it('answers unknown names and traversal attempts with a coded 404, never another file', async () => {
    for (const path of [
      '/models/nothing.onnx',
      '/models/secret.txt',
      '/models/handdetect.onnx.sha256',
      '/models/..%2Fsecret.txt',
      '/models/%2e%2e%2f%2e%2e%2fpackage.json',
      '/models/handdetect',
      '/models/sub/handdetect.onnx',
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe('NOT_FOUND');
    }
  });

  it('answers a known model missing from MODEL_DIR with 503 RECOGNITION_UNAVAILABLE', async () => {
    const res = await fetch(`${server.url}/models/handlandmark-lite.onnx`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('RECOGNITION_UNAVAILABLE');
  });
});
