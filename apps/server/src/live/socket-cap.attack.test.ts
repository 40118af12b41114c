import { CLOSE_CODES } from '@asl/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env';
import { call } from '../test/http';
import { registerLearner, signIn } from '../test/learners';
import { closedWithin, LiveTestClient } from '../test/live-client';
import { startTestServer, type TestServer } from '../test/test-server';

const MAX = 3;

/**
 * Issue 14 item 12: a learner could open live sockets without limit. At most
 * LIVE_MAX_SOCKETS_PER_USER stay open; one more closes the oldest with 4002 and a coded reason.
 */
describe('live sockets per learner are capped', () => {
  let server: TestServer;
  const api = (p: string) => server.api(p);

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      RECOGNITION_WORKERS: '0',
      TRUST_PROXY: 'true',
      LIVE_MAX_SOCKETS_PER_USER: String(MAX),
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const open = async (token: string) => {
    const c = await LiveTestClient.connect(server.wsUrl(token));
    await c.next((m) => m.type === 'connection_established');
    return c;
  };
  const answers = async (c: LiveTestClient) => {
    const t = Date.now() + Math.random();
    c.send({ type: 'ping', timestamp: t });
    return (await c.next((m) => m.type === 'pong' && m.data?.timestamp === t)).type === 'pong';
  };
  /** Waits until the server counts `n` open sockets (it hears of a client's close a moment after the client). */
  const liveSocketsOnServer = async (n: number) => {
    for (let i = 0; i < 200; i++) {
      const ready = await call(api('/ready'));
      if (ready.body.live_connections.process === n) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`the server never counted ${n} live sockets`);
  };
  const expectEvicted = async (c: LiveTestClient) => {
    const info = await closedWithin(c, 10_000);
    expect(info.code).toBe(CLOSE_CODES.tooManySockets);
    expect(info.reason).toMatch(/^LIVE_TOO_MANY_SOCKETS: /);
  };

  it('defaults to 5', () => {
    expect(parseEnv({}).LIVE_MAX_SOCKETS_PER_USER).toBe(5);
  });

  it('one socket more than the cap closes the oldest, over every sign-in session of the learner', async () => {
    const a = await registerLearner(api, 'cap');
    const b = await registerLearner(api, 'cap');
    const secondDevice = await signIn(api, a);
    const others = [await open(b.access_token), await open(b.access_token)];
    const sockets = [await open(a.access_token), await open(secondDevice.access_token), await open(a.access_token)];
    for (const s of sockets) expect(await answers(s)).toBe(true);

    sockets.push(await open(secondDevice.access_token));
    await expectEvicted(sockets[0]!);
    sockets.push(await open(a.access_token));
    await expectEvicted(sockets[1]!);
    for (const s of sockets.slice(2)) expect(await answers(s)).toBe(true);
    // Another learner's sockets are not counted with these.
    for (const s of others) expect(await answers(s)).toBe(true);

    // A socket closed by its learner frees its place.
    sockets[2]!.close();
    await sockets[2]!.closeInfo;
    await liveSocketsOnServer(2 + others.length);
    const next = await open(a.access_token);
    for (const s of [...sockets.slice(3), next]) expect(await answers(s)).toBe(true);
    for (const s of [...sockets.slice(3), next, ...others]) s.close();
  });
});
