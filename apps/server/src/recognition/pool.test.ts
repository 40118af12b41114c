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
