/**
 * npm run bench:motion [-- --fps 15] [--repeat 5]
 *
 * What the live J/Z detector costs a frame: boris's webcam recordings (one person, about 400
 * frames a letter) pushed frame by frame through `MotionDetector`, as live practice pushes every
 * tracked hand. The letters whose hand can draw one (D and X: the index shape; I: the little finger's)
 * are where it does its work; Z is the drawn letter itself; A shows a hand it looks at only briefly.
 * "spelling" is a learner changing sign every second (1 s of each letter's recording in turn, as
 * bench:live's learners do): the window's path jumps between signs, and is matched far more often.
 * Prints p50, p95 and the mean a frame; never fails on speed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MotionDetector } from '../../packages/recognition/src/handshape/motion.js';
import { percentile } from '../bench/stats.js';
import { sharedDir } from '../shared-dir.mjs';
import { inPixels, readRecordings } from './eval-recorded-motion.js';
import { argReader } from './train/recipe.js';

const { opt } = argReader(process.argv.slice(2));
const fps = Number(opt('--fps') ?? 15);
const repeat = Number(opt('--repeat') ?? 5);
const csv = readFileSync(path.join(sharedDir(), 'data', 'landmarks', 'boris', 'asl_landmarks_raw.csv'), 'utf8');
const recordings = readRecordings(csv);

console.log(`J/Z detector, boris's recordings at ${fps} fps, each pushed ${repeat} times, one frame after another`);
const spelling = [...recordings.keys()].sort().flatMap((letter) => recordings.get(letter)!.slice(100, 100 + fps));
const streams: Array<[string, readonly number[][][]]> = [
  ...['A', 'D', 'I', 'X', 'Z'].map((letter): [string, number[][][]] => [letter, recordings.get(letter)!]),
  ['spelling', spelling],
];
for (const [name, frames] of streams) {
  const pixels = frames.map(inPixels); // once, not once a repeat
  const times: number[] = [];
  for (let r = 0; r < repeat; r++) {
    const detector = new MotionDetector();
    pixels.forEach((landmarks, i) => {
      const t0 = performance.now();
      detector.push({ timeMs: (i * 1000) / fps, landmarks, handedness: 'Right' });
      times.push(performance.now() - t0);
    });
  }
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  console.log(
    `  ${name}: p50 ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms, mean ${mean.toFixed(3)} ms a frame (${times.length} frames)`,
  );
}
