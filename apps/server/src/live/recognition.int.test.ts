import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoFrame } from '../test/frames';
import { call } from '../test/http';
import { LiveTestClient } from '../test/live-client';
import { startTestServer, type TestServer } from '../test/test-server';

describe('real recognition over the live socket', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const res = await call(server.api('/auth/register'), {
      body: { username: `rec_${Date.now()}`, email: `rec${Date.now()}@example.org`, password: 'signing-is-fun' },
    });
    token = res.body.access_token;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('finds the hand in a real photo, returns 21 landmarks in frame pixels and a reading', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(token));
    const frame = await photoFrame('photos/massey/asl_dataset/5/hand1_5_bot_seg_1_cropped.jpeg');
    c.send({ type: 'raw_frame', frame_data: frame, metadata: { frame_number: 1, width: 320, height: 240 } });
    const out = await c.next((m) => m.type === 'processed_frame', 60_000);
    expect(out.data.hands).toHaveLength(1);
    const hand = out.data.hands[0];
    expect(hand.landmarks).toHaveLength(21);
    for (const [x, y] of hand.landmarks) {
      expect(x).toBeGreaterThanOrEqual(-5);
      expect(x).toBeLessThanOrEqual(325);
      expect(y).toBeGreaterThanOrEqual(-5);
      expect(y).toBeLessThanOrEqual(245);
    }
    expect(hand.score).toBeGreaterThan(0.5);
    expect(out.data.prediction.label).toBe('5');
    expect(out.data.prediction.confidence).toBeGreaterThan(0.5);
    expect(typeof out.data.prediction.sure).toBe('boolean'); // the frame's own reading says whether it is sure

    // An empty frame is "no hand", not a guess.
    const blank = await photoFrame('photos/massey/asl_dataset/5/hand1_5_bot_seg_1_cropped.jpeg').then(() =>
      import('sharp').then(async ({ default: sharp }) => {
        const b = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#000' } })
          .jpeg()
          .toBuffer();
        return `data:image/jpeg;base64,${b.toString('base64')}`;
      }),
    );
    c.send({ type: 'raw_frame', frame_data: blank, metadata: { frame_number: 2, width: 320, height: 240 } });
    const none = await c.next((m) => m.type === 'processed_frame' && m.metadata.frame_number === 2, 60_000);
    expect(none.data.hands).toEqual([]);
    expect(none.data.prediction).toBeNull();
    c.close();
  });
});
