/**
 * What the attack review of 2026-11-27 found on the live socket's messages: a NUL in a text
 * answered INTERNAL_ERROR (the database refuses it), twenty Next Sentence at once finished one
 * story seventeen times (control actions ran side by side), and a ping after each bad frame kept
 * a flooding socket open (pings reset the count of bad messages in a row).
 */
import { CLOSE_CODES, MAX_CONSECUTIVE_BAD_MESSAGES } from '@asl/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoFrame } from '../test/frames';
import { badHuffmanFrame } from '../test/hostile-jpegs';
import { LiveTestClient } from '../test/live-client';
import { newLearner, sendFrame } from '../test/live-attack';
import { startTestServer, type TestServer } from '../test/test-server';
import { LIVE_LIMITS } from './connection';

describe('live messages: NUL, racing controls, pings between bad frames', () => {
  let server: TestServer;
  let jpeg: Buffer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const valid = await photoFrame('photos/massey/asl_dataset/b/hand1_b_bot_seg_1_cropped.jpeg');
    jpeg = Buffer.from(valid.slice(valid.indexOf(',') + 1), 'base64');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers a NUL in a text INVALID_MESSAGE, not a server error, and goes on', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(await newLearner(server, 'nul')));
    c.send({ type: 'control', action: 'start_session', data: { story_id: 'l1-a-sunny-day\u0000' } });
    const err = await c.next((m) => m.type === 'error');
    expect(err.data.code).toBe('INVALID_MESSAGE');
    c.send({ type: 'control', action: 'start_session', data: { story_id: 'l1-a-sunny-day' } });
    expect((await c.next((m) => m.type === 'practice_session_response')).data.story_id).toBe('l1-a-sunny-day');
    expect(c.received.filter((m) => m.data?.code === 'INTERNAL_ERROR')).toEqual([]);
    c.close();
  });

  it('runs control actions one at a time: eight Next Sentence at once end a four-sentence story once', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(await newLearner(server, 'race')));
    c.send({ type: 'control', action: 'start_session', data: { story_id: 'l1-a-sunny-day' } });
    await c.next((m) => m.type === 'practice_session_response');
    // as many as may wait their turn on a socket (controls.attack.test.ts: more are refused)
    const sent = LIVE_LIMITS.maxPendingControls;
    for (let i = 0; i < sent; i++) c.send({ type: 'control', action: 'next_sentence', data: {} });
    // every one is answered, in order: three move on, the fourth ends the story, the rest find none
    await c.nth('control_response', sent);
    const answers = c.received.filter((m) => m.type === 'control_response').map((m) => m.data.success);
    expect(answers).toEqual([...Array<boolean>(4).fill(true), ...Array<boolean>(sent - 4).fill(false)]);
    expect(c.received.filter((m) => m.type === 'session_complete')).toHaveLength(1);
    c.close();
  });

  it('closes a socket sending frames its decoder refuses, pings between them or not', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(await newLearner(server, 'flood')));
    const bad = badHuffmanFrame(jpeg);
    for (let i = 1; i < MAX_CONSECUTIVE_BAD_MESSAGES; i++) {
      expect((await sendFrame(c, bad)).data.code).toBe('FRAME_NOT_JPEG');
      c.send({ type: 'ping', timestamp: i });
      await c.nth('pong', i);
    }
    c.ws.send(
      JSON.stringify({
        type: 'raw_frame',
        frame_data: `data:image/jpeg;base64,${bad.toString('base64')}`,
        metadata: { frame_number: 99, width: 320, height: 240 },
      }),
    );
    expect((await c.closeInfo).code).toBe(CLOSE_CODES.policyViolation);
  });

  it('a frame read ends a run of bad ones', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(await newLearner(server, 'mixed')));
    const bad = badHuffmanFrame(jpeg);
    for (let round = 0; round < 2; round++) {
      for (let i = 1; i < MAX_CONSECUTIVE_BAD_MESSAGES; i++)
        expect((await sendFrame(c, bad)).data.code).toBe('FRAME_NOT_JPEG');
      expect((await sendFrame(c, jpeg)).type).toBe('processed_frame');
    }
    expect(c.ws.readyState).toBe(c.ws.OPEN);
    c.close();
  });
});
