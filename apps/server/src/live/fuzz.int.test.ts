import { ERROR_CODES } from '@asl/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { LiveTestClient } from '../test/live-client';
import { startTestServer, type TestServer } from '../test/test-server';

/** A small deterministic PRNG so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function badMessage(r: () => number): string | Buffer {
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const junk = () =>
    pick<unknown>([
      null,
      true,
      42,
      -1,
      1e308,
      'x',
      '',
      [],
      {},
      [1, 2],
      { a: { b: { c: [] } } },
      'data:image/jpeg;base64,////',
    ]);
  switch (Math.floor(r() * 10)) {
    case 0:
      return '{"type": "raw_frame", '; // truncated JSON
    case 1:
      return String.fromCharCode(...Array.from({ length: 1 + Math.floor(r() * 64) }, () => Math.floor(r() * 0xffff)));
    case 2:
      return JSON.stringify(junk());
    case 3:
      return JSON.stringify({ type: pick(['dance', 'RAW_FRAME', 'processed_frame', '', 7, null]) });
    case 4:
      return JSON.stringify({ type: 'raw_frame', frame_data: junk(), metadata: junk() });
    case 5:
      return JSON.stringify({
        type: 'raw_frame',
        frame_data: `data:image/jpeg;base64,${'/9j/'.repeat(1 + Math.floor(r() * 50))}`,
        metadata: { frame_number: -1, width: 'wide', height: 240 },
      });
    case 6:
      return JSON.stringify({
        type: 'raw_frame',
        frame_data: 'data:image/png;base64,iVBORw0KGgo=',
        metadata: { frame_number: 1, width: 320, height: 240 },
      });
    case 7:
      return JSON.stringify({ type: 'control', action: pick(['fly', '', 12, null]), data: junk() });
    case 8:
      return JSON.stringify({
        type: 'raw_frame',
        frame_data: `data:image/jpeg;base64,${'A'.repeat(360_000 + Math.floor(r() * 10_000))}`,
        metadata: { frame_number: 1, width: 320, height: 240 },
      });
    default:
      return Buffer.from(Array.from({ length: 16 }, () => Math.floor(r() * 256)));
  }
}

describe('live protocol fuzzing', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const res = await call(server.api('/auth/register'), {
      body: { username: `fuzz_${Date.now()}`, email: `fuzz${Date.now()}@example.org`, password: 'signing-is-fun' },
    });
    token = res.body.access_token;
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function fuzzRound(seed: number, connections: number, perConnection: number): Promise<number> {
    const codes = new Set(Object.keys(ERROR_CODES));
    let answered = 0;
    await Promise.all(
      Array.from({ length: connections }, async (_, ci) => {
        const r = rng(seed * 100 + ci);
        const c = await LiveTestClient.connect(server.wsUrl(token));
        // Every message gets exactly one answer: a pong for a ping, a coded error for the rest
        // (LIVE_RATE_LIMITED when the per-connection rate limit kicks in, which is also coded).
        let answers = 0;
        const answer = () => c.nth('answer', ++answers);
        for (let i = 1; i <= perConnection; i++) {
          if (i % 9 === 0) {
            // A valid message now and then keeps the connection from the ten-in-a-row close.
            // If the per-connection rate limit answers it instead, send it again until it lands.
            for (;;) {
              c.send({ type: 'ping', timestamp: i });
              const a = await answer();
              if (a.type === 'pong') break;
              expect(a.data.code).toBe('LIVE_RATE_LIMITED');
            }
            continue;
          }
          c.ws.send(badMessage(r));
          const err = await answer();
          expect(err.type).toBe('error');
          expect(codes.has(err.data.code), `unknown code ${err.data.code}`).toBe(true);
          expect(err.data.code).not.toBe('INTERNAL_ERROR');
          answered++;
        }
        expect(c.ws.readyState).toBe(c.ws.OPEN);
        c.close();
      }),
    );
    return answered;
  }

  it('answers thousands of malformed messages with coded errors, stays up, and keeps memory flat', async () => {
    await fuzzRound(1, 4, 300); // warm-up
    const before = process.memoryUsage().rss;
    const answered = await fuzzRound(2, 4, 600);
    const grownMb = (process.memoryUsage().rss - before) / 1024 / 1024;
    expect(answered).toBeGreaterThan(2000);
    expect(grownMb).toBeLessThan(64);
    const health = await call(server.api('/health'));
    expect(health.status).toBe(200);
  }, 240_000);
});
