/**
 * What the attack review of 2026-11-28 (second round) found on the live socket: one socket's
 * 48,000 pings a second were each parsed and answered (every learner's feedback went to 0.6-0.8 s),
 * a ping's timestamp of any length was echoed back (unread sockets held 6 MB each), and one
 * address's fresh accounts could keep hundreds of sockets open.
 */
import { CLOSE_CODES } from '@asl/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveTestClient } from '../test/live-client';
import { newLearner } from '../test/live-attack';
import { startTestServer, type TestServer } from '../test/test-server';
import { LIVE_LIMITS } from './connection';

const MAX_PER_ADDRESS = 3;

describe('live floods: answered once per pause, short pings, sockets per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { LIVE_MAX_SOCKETS_PER_ADDRESS: String(MAX_PER_ADDRESS) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a ping flood is refused once, then not read for a while, and the socket works again after', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(await newLearner(server, 'pingflood')));
    await c.next((m) => m.type === 'connection_established');
    const flood = 3000;
    for (let i = 0; i < flood; i++) c.send({ type: 'ping', timestamp: i });
    await c.next((m) => m.type === 'error' && m.data?.code === 'LIVE_RATE_LIMITED');
    // after the pause, the socket is read again: a marker ping is answered (sent until it is)
    let marker = 0;
    const answered = c.next((m) => m.type === 'pong' && String(m.data?.timestamp).startsWith('marker'), 30_000);
    const timer = setInterval(() => c.send({ type: 'ping', timestamp: `marker-${++marker}` }), 250);
    await answered.finally(() => clearInterval(timer));
    const refused = c.received.filter((m) => m.data?.code === 'LIVE_RATE_LIMITED').length;
    const pongs = c.received.filter((m) => m.type === 'pong' && typeof m.data?.timestamp === 'number').length;
    // one refusal a pause, not one a message (before: about 2,900 answers for 3,000 pings)
    expect(refused).toBeLessThanOrEqual(3);
    expect(pongs).toBeLessThan(flood / 3);
    expect(pongs).toBeGreaterThanOrEqual(LIVE_LIMITS.messageBurst - 5);
    c.close();
  });

  it('answers a ping whose timestamp is not a short time INVALID_MESSAGE, and does not echo it', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(await newLearner(server, 'bigping')));
    c.send({ type: 'ping', timestamp: 'x'.repeat(10_000) });
    const err = await c.next((m) => m.type === 'error');
    expect(err.data.code).toBe('INVALID_MESSAGE');
    expect(c.received.filter((m) => m.type === 'pong')).toEqual([]);
    c.send({ type: 'ping', timestamp: 'a short one' });
    expect((await c.next((m) => m.type === 'pong')).data.timestamp).toBe('a short one');
    c.close();
  });

  it('refuses one more socket than an address may hold (1013, coded), and takes one when another closes', async () => {
    const open: LiveTestClient[] = [];
    for (let i = 0; i < MAX_PER_ADDRESS; i++) {
      const c = await LiveTestClient.connect(server.wsUrl(await newLearner(server, `addr${i}`)));
      await c.next((m) => m.type === 'connection_established');
      open.push(c);
    }
    const extra = await LiveTestClient.connect(server.wsUrl(await newLearner(server, 'addrx')));
    const closed = await extra.closeInfo;
    expect(closed.code).toBe(CLOSE_CODES.tryAgainLater);
    expect(closed.reason).toMatch(/^LIVE_ADDRESS_SOCKETS: /);
    open.pop()!.close();
    // the server counts the close when its close event comes: tried again until it has
    const token = await newLearner(server, 'addry');
    let again: LiveTestClient | null = null;
    for (let tries = 0; tries < 50 && !again; tries++) {
      const c = await LiveTestClient.connect(server.wsUrl(token));
      const first = await Promise.race([
        c.next((m) => m.type === 'connection_established').then(() => 'open'),
        c.closeInfo.then(() => 'closed'),
      ]);
      if (first === 'open') again = c;
    }
    expect(again).not.toBeNull();
    again!.close();
    for (const c of open) c.close();
  });
});
