/** Test fixture: runs the pipeline inside a worker thread (as piscina workers will). */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { createHandPipeline } from './pipeline.js';

const { modelDir, file } = workerData as { modelDir: string; file: string };
const p = await createHandPipeline({
  modelDir,
  intraOpThreads: 1,
  refine: true,
  detectAttempts: [{ pad: 1 }, { pad: 2 }],
});
const jpeg = await readFile(file);
const first = await p.process({ jpeg });
const second = await p.process({ jpeg }, first.track);
await p.close();
parentPort!.postMessage({
  hands: first.hands.map((h) => h.landmarks),
  trackedDetectorRuns: second.timings.detectorRuns,
  trackedHands: second.hands.length,
});
