import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createHandPipeline } from './pipeline.js';
import { meanDist, PHOTO_DIR, testModels } from './test-helpers.js';

const FILE = path.join(PHOTO_DIR, 'massey/asl_dataset/b/hand2_b_bot_seg_1_cropped.jpeg');

describe.skipIf(!existsSync(FILE))('pipeline in a worker thread', () => {
  it('runs inside a worker and matches the main-thread result', async () => {
    const modelDir = await testModels();
    const res = await new Promise<{ hands: number[][][]; trackedDetectorRuns: number; trackedHands: number }>(
      (resolve, reject) => {
        const w = new Worker(new URL('./worker-fixture.mjs', import.meta.url), {
          workerData: { modelDir, file: FILE },
        });
        w.once('message', resolve);
        w.once('error', reject);
        w.once('exit', (code) => {
          if (code !== 0) reject(new Error(`worker exit ${code}`));
        });
      },
    );
    const p = await createHandPipeline({
      modelDir,
      intraOpThreads: 1,
      refine: true,
      detectAttempts: [{ pad: 1 }, { pad: 2 }],
    });
    const main = await p.process({ jpeg: await readFile(FILE) });
    await p.close();
    expect(res.hands).toHaveLength(1);
    expect(main.hands).toHaveLength(1);
    expect(meanDist(res.hands[0], main.hands[0].landmarks)).toBeLessThan(1e-3);
    expect(res.trackedDetectorRuns).toBe(0);
    expect(res.trackedHands).toBe(1);
  });
});
