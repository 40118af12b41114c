/**
 * A live message over the size limit is the client's fault: it was logged at error level (the
 * websocket plugin's default handler, with a stack), so anyone could fill the error log and page an
 * operator with a few megabytes, and the socket was dropped without the close code saying why.
 * Now: a warning naming ws's code, close 1009, and the learner's next socket is served.
 */
import { CLOSE_CODES, MAX_FRAME_BYTES } from '@asl/protocol';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveTestClient } from '../test/live-client';
import { newLearner } from '../test/live-attack';
import { startTestServer, type TestServer } from '../test/test-server';

describe('a live message over the size limit', () => {
  let server: TestServer;
  const lines: Array<{ level: number; msg?: string; code?: string }> = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    let partial = '';
    logStream.on('data', (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      for (const part of parts) if (part.trim()) lines.push(JSON.parse(part));
    });
    server = await startTestServer('pglite', { LOG_LEVEL: 'warn' }, { logStream });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('closes the socket with 1009, logs a warning and no error, and serves the learner again', async () => {
    const token = await newLearner(server, 'oversize');
    const c = await LiveTestClient.connect(server.wsUrl(token));
    await c.next((m) => m.type === 'connection_established');
    c.ws.send(Buffer.alloc(MAX_FRAME_BYTES * 4 + 1024, 0x41));
    expect((await c.closeInfo).code).toBe(1009);

    const again = await LiveTestClient.connect(server.wsUrl(token));
    await again.next((m) => m.type === 'connection_established');
    again.send({ type: 'ping' });
    expect((await again.next((m) => m.type === 'pong')).type).toBe('pong');
    again.close();
    expect((await again.closeInfo).code).toBe(CLOSE_CODES.normal);

    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.level === 40 && l.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')).toHaveLength(1);
  });
});
