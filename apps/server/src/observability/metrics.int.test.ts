import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { LiveTestClient } from '../test/live-client';
import { startTestServer, type TestServer } from '../test/test-server';

/** The value of one sample line of the Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || l.startsWith(`${name}${labels}{`));
  return line ? Number(line.split(' ').pop()) : 0;
}

async function jpeg(): Promise<string> {
  const buf = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${buf.toString('base64')}`;
}

describe('GET /metrics', () => {
  let server: TestServer;
  const metrics = async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts HTTP requests by route and status and times them', async () => {
    const labels = '{method="GET",route="/api/v1/health",status_code="200"}';
    const before = sample(await metrics(), 'http_requests_total', labels);
    for (let i = 0; i < 3; i++) await call(server.api('/health'));
    const after = await metrics();
    expect(sample(after, 'http_requests_total', labels)).toBe(before + 3);
    expect(sample(after, 'http_request_duration_seconds_count', '{method="GET",route="/api/v1/health"}')).toBe(
      before + 3,
    );
    expect(after).toContain('process_cpu_seconds_total');
    expect(after).toContain('recognition_pool_queue_depth');
  });

  it('counts live connections, processed and dropped frames and recognition latency', async () => {
    const reg = await call(server.api('/auth/register'), {
      body: {
        username: `metrics_${Date.now()}`,
        email: `metrics${Date.now()}@example.org`,
        password: 'signing-is-fun',
      },
    });
    const before = await metrics();
    const c = await LiveTestClient.connect(server.wsUrl(reg.body.access_token));
    await c.next((m) => m.type === 'connection_established');
    const open = await metrics();
    expect(sample(open, 'live_connections')).toBe(sample(before, 'live_connections') + 1);
    expect(sample(open, 'live_connections_cluster')).toBeGreaterThanOrEqual(1);

    // Two frames at once: one is processed, the other arrives while it is in flight and is dropped.
    const frame = await jpeg();
    const msg = (n: number) => ({
      type: 'raw_frame',
      frame_data: frame,
      metadata: { frame_number: n, width: 320, height: 240 },
    });
    c.send(msg(1));
    c.send(msg(2));
    await c.next((m) => m.type === 'processed_frame');
    const after = await metrics();
    expect(sample(after, 'live_frames_processed_total')).toBe(sample(before, 'live_frames_processed_total') + 1);
    expect(sample(after, 'live_frames_dropped_total')).toBe(sample(before, 'live_frames_dropped_total') + 1);
    expect(sample(after, 'recognition_latency_seconds_count')).toBe(
      sample(before, 'recognition_latency_seconds_count') + 1,
    );
    c.close();
    await c.closeInfo;
  });

  it('requires the bearer token when METRICS_TOKEN is set, and is absent when disabled', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await startTestServer('pglite', { METRICS_TOKEN: token });
    const off = await startTestServer('pglite', { METRICS_ENABLED: 'false' });
    try {
      expect((await fetch(`${guarded.url}/metrics`)).status).toBe(401);
      const wrong = await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
      const ok = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('http_requests_total');
      expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
    } finally {
      await guarded.stop();
      await off.stop();
    }
  });
});
