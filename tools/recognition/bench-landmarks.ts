/**
 * Per-frame latency on one core (one intra-op thread) for 320x240 JPEG frames built from real photos:
 * frames needing palm detection vs tracked frames (decode + landmarks + handshape classification),
 * plus raw model run times; optional baseline with
 * @vladmandic/human (wasm backend) on the same frames.
 * Usage: tsx tools/recognition/bench-landmarks.ts [--variant full|full-int8|lite (default full-int8, the served one)] [--seqs 12] [--frames 20] [--landmark-size 192 (the live crop)] [--human]
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import { ensureModels } from './convert/ensure-models.js';
import { sharedDir } from '../shared-dir.mjs';
import { buildSequences } from './bench-frames.js';
import { classify, LIVE_PIPELINE_OPTIONS, type LandmarkVariant, type TrackState } from '@asl/recognition';
import { createHandPipeline } from '../../apps/server/src/recognition/landmarks/pipeline.js';
import { lastFrameDecoder } from '../../apps/server/src/recognition/landmarks/image.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (n: string, d: string): string => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : d;
};
// the served default (LANDMARK_MODEL)
const variant = flag('--variant', 'full-int8') as LandmarkVariant;
const nSeq = Number(flag('--seqs', '12'));
const nFrames = Number(flag('--frames', '20'));
const modelDir = flag('--models', path.join(here, '../../.cache/models'));

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (xs: number[]): string =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms (n=${xs.length})`;

await ensureModels(modelDir);
console.log(
  `cpu: ${os.cpus()[0].model} x${os.cpus().length}, load avg ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);
const seqs = await buildSequences(path.join(sharedDir(), 'data', 'photos'), nSeq, nFrames);

// raw model runs (tensor in -> tensor out), one thread
const so = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential' as const,
  graphOptimizationLevel: 'all' as const,
};
for (const [file, size] of [
  ['handdetect.onnx', 256],
  [`handlandmark-${variant}.onnx`, 224],
] as const) {
  const s = await ort.InferenceSession.create(path.join(modelDir, file), so);
  const x = new ort.Tensor('float32', new Float32Array(size * size * 3).fill(0.3), [1, size, size, 3]);
  const t: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await s.run({ [s.inputNames[0]]: x });
    const c = process.cpuUsage(c0);
    if (i >= 10) {
      t.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
    }
  }
  console.log(`model ${file}: wall ${fmt(t)}; cpu ${fmt(cpu)}`);
  await s.release();
}

// the live crop size (LIVE_PIPELINE_OPTIONS), or --landmark-size N
const landmarkSize = Number(flag('--landmark-size', String(LIVE_PIPELINE_OPTIONS.landmarkSize ?? 224)));
console.log(`landmark crop ${landmarkSize} px`);
const p = await createHandPipeline({
  modelDir,
  variant,
  intraOpThreads: 1,
  detectAttempts: [{ pad: 1 }],
  landmarkSize,
});
// warm-up (JIT, allocations, the wasm JPEG decoder)
for (const f of seqs[0].frames.slice(0, 5)) await p.process({ jpeg: f });
const detect: number[] = [];
const tracked: number[] = [];
const trackedNoDecode: number[] = [];
// CPU time of the process per frame: on a shared/overloaded machine wall time includes waiting
// for a core; CPU time is what one free core would need
const detectCpu: number[] = [];
const trackedCpu: number[] = [];
const stage = { decode: [] as number[], detect: [] as number[], landmark: [] as number[], classify: [] as number[] };
let lost = 0;
let found = 0;
let detFrames = 0;
for (const s of seqs) {
  let track: TrackState | null = null;
  for (const f of s.frames) {
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    const r = await p.process({ jpeg: f }, track);
    const h = r.hands[0];
    if (h)
      classify(
        h.landmarks.map(([x, y, z]) => ({ x, y, z })),
        h.handedness === 'left' ? 'Left' : 'Right',
        'all',
      );
    const frameMs = performance.now() - w0;
    const classifyMs = frameMs - r.timings.totalMs;
    const c = process.cpuUsage(c0);
    const cpuMs = (c.user + c.system) / 1000;
    if (r.timings.detectorRuns > 0) {
      detect.push(frameMs);
      detectCpu.push(cpuMs);
      detFrames++;
      stage.detect.push(r.timings.detectMs);
    } else {
      tracked.push(frameMs);
      trackedCpu.push(cpuMs);
      trackedNoDecode.push(frameMs - r.timings.decodeMs);
      stage.landmark.push(r.timings.landmarkMs);
    }
    stage.decode.push(r.timings.decodeMs);
    if (h) stage.classify.push(classifyMs);
    if (track?.rects.length && !r.hands.length) lost++;
    if (r.hands.length) found++;
    track = r.track;
  }
}
await p.close();
const total = seqs.length * nFrames;
console.log(
  `pipeline (${variant}, 1 thread) on ${total} 320x240 JPEG frames from ${seqs.length} photos: hand in ${found}/${total}, detector frames ${detFrames}, track lost ${lost}x`,
);
console.log(`  frames needing detection: ${fmt(detect)}  (palm stage ${fmt(stage.detect)})`);
console.log(
  `  tracked frames (decode + landmarks + classify): ${fmt(tracked)}  (landmark stage ${fmt(stage.landmark)}, without JPEG decode ${fmt(trackedNoDecode)})`,
);
console.log(`  JPEG decode:              ${fmt(stage.decode)} (decoder: ${lastFrameDecoder()})`);
console.log(`  handshape classify:       ${fmt(stage.classify)}`);
console.log(`  CPU time per frame: detection ${fmt(detectCpu)}; tracked ${fmt(trackedCpu)}`);
console.log(
  `load avg after: ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);

// The full pool (one worker thread per core, as the server runs it): every sequence is a
// learner with one frame in flight, tracked across its frames.
{
  const { createRecognitionPool } = await import('../../apps/server/src/recognition/pool.js');
  const pool = createRecognitionPool({ modelDir, variant });
  await Promise.all(seqs.slice(0, pool.threads).map((s) => pool.process(s.frames[0]!, null))); // warm-up
  const t0 = performance.now();
  await Promise.all(
    seqs.map(async (s) => {
      let track: unknown = null;
      for (const f of s.frames) track = (await pool.process(f, track)).track;
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  console.log(
    `pool of ${pool.threads} worker threads: ${(total / secs).toFixed(1)} frames/s (${total} frames, ${seqs.length} concurrent learners)`,
  );
  await pool.close();
}

if (args.includes('--human')) {
  const { benchHuman } = await import('./bench-human.js');
  await benchHuman(seqs, fmt);
}
