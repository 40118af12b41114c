import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { LiveTestClient } from '../test/live-client';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';

async function jpegDataUrl(size = 8): Promise<string> {
  const buf = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: size, g: 80, b: 120 } } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${buf.toString('base64')}`;
}

describe.each(DB_KINDS)('live socket /ws/video (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    const res = await call(server.api('/auth/register'), {
      body: { username: `live_${Date.now()}`, email: `live${Date.now()}@example.org`, password: 'signing-is-fun' },
    });
    token = res.body.access_token;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a socket without a valid token with 1008', async () => {
    const c = await LiveTestClient.connect(server.wsUrl('not-a-token'));
    const closed = await c.closeInfo;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/token/i);
    expect(c.received).toEqual([]);
  });

  it('answers a plain GET (no upgrade) 426 UPGRADE_REQUIRED with the coded body', async () => {
    const res = await fetch(`${server.url}/ws/video`);
    expect(res.status).toBe(426);
    expect(res.headers.get('upgrade')).toBe('websocket');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UPGRADE_REQUIRED');
  });

  it('sends exactly one connection_established, answers ping with pong', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(token));
    const hello = await c.next((m) => m.type === 'connection_established');
    expect(hello.data.limits.max_frame_bytes).toBe(256 * 1024);
    expect(hello.message_id).toBeTruthy();
    c.send({ type: 'ping', timestamp: 123 });
    const pong = await c.next((m) => m.type === 'pong');
    expect(pong.data.timestamp).toBe(123);
    expect(c.received.filter((m) => m.type === 'connection_established')).toHaveLength(1);
    c.close();
  });

  it('answers a real frame with processed_frame and its metadata', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(token));
    c.send({
      type: 'raw_frame',
      frame_data: await jpegDataUrl(),
      metadata: { frame_number: 7, width: 320, height: 240, quality: 0.8, adaptive_fps: 30, processing_capability: 1 },
    });
    const out = await c.next((m) => m.type === 'processed_frame');
    expect(out.data).toMatchObject({ width: 320, height: 240 });
    expect(Array.isArray(out.data.hands)).toBe(true);
    expect(out.metadata).toMatchObject({ frame_number: 7, adaptive_fps: 30 });
    expect(out.metadata.processing_time_ms).toBeGreaterThan(0);
    expect(out.metadata.processing_capability).toBeGreaterThan(0);
    expect(out.metadata.processing_capability).toBeLessThanOrEqual(1);
    c.close();
  });

  it('answers every bad message with a coded error and stays up', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(token));
    const cases: [unknown, string][] = [
      ['{not json', 'MESSAGE_PARSE_ERROR'],
      [{ type: 'dance' }, 'UNKNOWN_MESSAGE_TYPE'],
      [{ type: 'raw_frame', frame_data: 5, metadata: {} }, 'INVALID_MESSAGE'],
      [
        {
          type: 'raw_frame',
          frame_data: 'data:image/png;base64,AAAA',
          metadata: { frame_number: 1, width: 320, height: 240 },
        },
        'FRAME_NOT_JPEG',
      ],
      [
        {
          type: 'raw_frame',
          frame_data: `data:image/jpeg;base64,${'A'.repeat(400_000)}`,
          metadata: { frame_number: 1, width: 320, height: 240 },
        },
        'FRAME_TOO_LARGE',
      ],
    ];
    for (const [i, [msg, code]] of cases.entries()) {
      c.send(msg);
      const err = await c.nth('error', i + 1);
      expect(err.data.code).toBe(code);
      expect(err.message.length).toBeGreaterThan(0);
    }
    c.send({ type: 'ping' });
    await c.next((m) => m.type === 'pong');
    c.close();
  });

  it('closes with 1008 after ten bad messages in a row', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(token));
    for (let i = 0; i < 10; i++) c.send('nonsense');
    const closed = await c.closeInfo;
    expect(closed.code).toBe(1008);
    expect(c.received.filter((m) => m.type === 'error')).toHaveLength(10);
  });

  it('drops a frame that arrives while one is in flight instead of queueing it', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(token));
    const frame = await jpegDataUrl(30);
    for (let i = 0; i < 20; i++) {
      c.send({ type: 'raw_frame', frame_data: frame, metadata: { frame_number: i, width: 320, height: 240 } });
    }
    c.send({ type: 'ping' });
    await c.next((m) => m.type === 'pong');
    // Wait for the last processed frame to drain, then count.
    await c.next((m) => m.type === 'processed_frame');
    const processed = c.received.filter((m) => m.type === 'processed_frame').length;
    expect(processed).toBeLessThan(20);
    c.close();
  });
});

describe('graceful shutdown', () => {
  it('closes live sockets with 1012', async () => {
    const server = await startTestServer('pglite');
    const res = await call(server.api('/auth/register'), {
      body: { username: `bye_${Date.now()}`, email: `bye${Date.now()}@example.org`, password: 'signing-is-fun' },
    });
    const c = await LiveTestClient.connect(server.wsUrl(res.body.access_token));
    await c.next((m) => m.type === 'connection_established');
    await server.stop();
    expect((await c.closeInfo).code).toBe(1012);
  });
});
