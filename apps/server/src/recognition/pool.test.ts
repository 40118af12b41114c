import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { toDetectedHand } from '@asl/recognition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envSchema } from '../config/env';
import { decodeFrame } from './landmarks/image';
import { createHandPipeline, livePipelineOptions } from './landmarks/pipeline';
import { PHOTO_DIR, TEST_MODEL_DIR } from '../test/recognition';
import { availableParallelism } from 'node:os';
import { createRecognitionPool, defaultWorkerCount, type RecognitionPool } from './pool';

const FILE = path.join(PHOTO_DIR, 'massey/asl_dataset/b/hand2_b_bot_seg_1_cropped.jpeg');
/** the landmark model the server serves when LANDMARK_MODEL is not set */
const SERVED_VARIANT = envSchema.shape.LANDMARK_MODEL.parse(undefined);

describe('the recognition pool (real worker threads, the live options)', () => {
  it('runs one worker more than the cores unless told (the main thread needs a share of them)', () => {
    expect(defaultWorkerCount()).toBe(availableParallelism() + 1);
  });

  it('has its photo (npm test refuses to start without the shared data: a missing photo is a failure)', () => {
    expect(existsSync(FILE), FILE).toBe(true);
  });

  let pool: RecognitionPool;
  beforeAll(() => {
    pool = createRecognitionPool({ modelDir: TEST_MODEL_DIR, workers: 1, variant: SERVED_VARIANT });
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('answers a frame in a worker thread as the live pipeline does on this thread, then tracks the hand without the palm detector', async () => {
    const jpeg = await readFile(FILE);
    const first = await pool.process(jpeg, null);
    const second = await pool.process(jpeg, first.track);

    const here = await createHandPipeline(livePipelineOptions(TEST_MODEL_DIR, SERVED_VARIANT));
    const expected = await here.process({ rgb: await decodeFrame(jpeg) });
    await here.close();

    expect(expected.hands).toHaveLength(1);
    expect(first.hands).toEqual(expected.hands.map(toDetectedHand));
    expect({ width: first.width, height: first.height }).toEqual({ width: 400, height: 400 });
    expect(first.timings?.detectorRuns).toBeGreaterThan(0);
    // the next frame of the same connection follows the hand from the last landmarks
    expect(second.hands).toHaveLength(1);
    expect(second.timings?.detectorRuns).toBe(0);
    expect(pool.health()).toMatchObject({ status: 'ok', workers: 1, timeouts: 0, failed: 0 });
  });
});

/**
 * A deadline that falls inside a model run answers the frame at once and lets the run end (the
 * thread is not terminated there: that aborts the built server, live/worker-termination.attack.test.ts).
 */
describe('a deadline or a shutdown in the middle of a model run (real worker threads)', () => {
  it('answers RECOGNITION_TIMEOUT at the deadline and lets the model run end; close() lets the frames being read end', async () => {
    const jpeg = await readFile(FILE);
    // 2 ms: shorter than a model run, so the deadline falls inside one
    const pool = createRecognitionPool({
      modelDir: TEST_MODEL_DIR,
      workers: 2,
      variant: SERVED_VARIANT,
      taskTimeoutMs: 2,
    });
    try {
      const answers = await Promise.allSettled(Array.from({ length: 12 }, () => pool.process(jpeg, null)));
      const codes = answers.map((a) => (a.status === 'rejected' ? (a.reason as { code?: string }).code : 'read'));
      expect(codes.filter((c) => c === 'RECOGNITION_TIMEOUT').length).toBeGreaterThan(0);
      expect(codes.every((c) => c === 'RECOGNITION_TIMEOUT' || c === 'read')).toBe(true);
      expect(pool.health().timeouts).toBe(codes.filter((c) => c === 'RECOGNITION_TIMEOUT').length);
    } finally {
      // frames still being read (those answered at the deadline) as it closes
      const more = [pool.process(jpeg, null), pool.process(jpeg, null)].map((p) => p.catch(() => null));
      await pool.close();
      await Promise.all(more);
    }
  });
});
