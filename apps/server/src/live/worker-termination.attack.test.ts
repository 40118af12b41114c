import sharp from 'sharp';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, startBuiltServer, type BuiltServer } from '../test/built-server';
import { SHARED_DATA } from '../test/frames';
import { call } from '../test/http';
import { registerLearner } from '../test/learners';
import { LiveTestClient } from '../test/live-client';
import { sendFrame } from '../test/live-attack';
import { buildServerBundle } from '../test/server-process';

/**
 * Terminating a recognition thread in the middle of an onnxruntime run aborts the whole server
 * (`terminate called after throwing an instance of 'Napi::Error'`, exit 134, every socket 1006):
 * the per-frame deadline did it under load (six learners of 1280x720 frames on one worker, deadline
 * 100 ms: the first overrun took the server down; 100 ms is the lowest the server takes), and so did a shutdown (SIGTERM) while frames
 * were read (the pool's close terminated the threads). The built server, as it runs.
 */
describe('a deadline or a shutdown in the middle of recognition (the built server)', () => {
  let server: BuiltServer | null = null;
  afterAll(async () => {
    if (!server) return;
    await server.stop('SIGKILL');
    await removeDir(server.dataDir);
  });

  it('answers an overrun frame RECOGNITION_TIMEOUT and goes on serving; SIGTERM while frames are read exits 0', async () => {
    buildServerBundle();
    server = await startBuiltServer({
      env: {
        NODE_ENV: 'test',
        RECOGNITION_WORKERS: '1',
        RECOGNITION_TASK_TIMEOUT_MS: '100',
        LIVE_MAX_FRAMES_PER_ADDRESS: '1000',
      },
    });
    const s = server;
    const big = await sharp(resolve(SHARED_DATA, 'photos/massey/asl_dataset/a/hand1_a_dif_seg_2_cropped.jpeg'))
      .resize(1280, 720, { fit: 'contain', background: '#000' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const learners = await Promise.all(Array.from({ length: 6 }, () => registerLearner(s.api, 'dl')));
    const sockets = await Promise.all(learners.map((l) => LiveTestClient.connect(s.wsUrl(l.access_token))));
    const answers: string[] = [];
    const until = Date.now() + 6_000;
    await Promise.all(
      sockets.map(async (c) => {
        while (Date.now() < until) {
          const a = await sendFrame(c, big, { width: 1280, height: 720 });
          answers.push(a.type === 'error' ? a.data.code : a.type);
        }
      }),
    );
    expect(answers.filter((a) => a === 'RECOGNITION_TIMEOUT').length).toBeGreaterThan(0);
    expect(answers.every((a) => a === 'RECOGNITION_TIMEOUT' || a === 'processed_frame')).toBe(true);
    // still serving: another frame is read, and the process is up
    expect((await sendFrame(sockets[0]!, big, { width: 1280, height: 720 })).type).toMatch(/processed_frame|error/);
    expect((await call(s.api('/health'))).status).toBe(200);

    // frames in flight on every socket as the server is told to stop
    for (const c of sockets)
      c.send({
        type: 'raw_frame',
        frame_data: `data:image/jpeg;base64,${big.toString('base64')}`,
        metadata: { frame_number: 1, width: 1280, height: 720 },
      });
    expect(await s.stop('SIGTERM')).toBe(0);
    server = null;
    await removeDir(s.dataDir);
  }, 120_000);
});
