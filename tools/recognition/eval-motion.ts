/**
 * npm run eval:motion [-- --every N] [--size S] [--fps F] [--blur B]
 *
 * J and Z drawn by real hands: every Nth I and D of the webcam landmark sets (boris, siruyy,
 * ASLNow, which have depth) and of the photos' readings when extracted (ASL-HG, Massey) is moved
 * along a J or Z path and read by `npm run recognize -- --landmarks`'s decision
 * (recognize/sequences.ts: per-frame classification, the stabilizer's hold, the motion detector).
 *
 *  - J: the I hand draws down and hooks toward its thumb while the wrist twists 0 or 90 degrees
 *    about the forearm (the real J turns the palm toward the signer);
 *  - Z: the index hand draws across, back diagonally, across, both ways (which way a Z starts
 *    follows the signer's hand and whether the palm or its back faces the camera, which a hand
 *    seen edge-on, its knuckles on top of each other, does not show);
 *  - each at 1 s / 30 fps, 0.7 s / 15 fps and 1.5 s / 20 fps, with 3% of a palm of tracker jitter;
 *  - --fps F draws everything at F frames a second instead, in 0.5, 0.7 and 1 s (live practice's
 *    client can slow to 10 fps when the server is busy);
 *  - --size S scales every drawn path (default 1: a J 1.6 palms down with a hook 1.2 palms across,
 *    a Z 2 palms square; people draw smaller letters too);
 *  - --blur B: on the fraction B of each letter's frames where the hand moves fastest, the drawing
 *    finger (pinky for J, index for Z) is read folded onto its knuckle, as the landmark model reads
 *    a motion-blurred finger (boris's recorded Zs: about 0.4);
 *  - still: every I and D held for 1 s at 30 fps, swaying by a tenth of a palm: never J or Z;
 *    the same for every 10th hand of every other letter;
 *  - Z with the index pointing at the camera: the D hands tilted 60 degrees about the image's
 *    horizontal axis (fingertips toward the camera) before they draw;
 *  - other movements: every I and D moved straight down, or across and back (same timings): never
 *    J or Z. (A circle is not among them: its lower half draws a J's hook, and the detector, which
 *    answers as soon as a letter is drawn, reads an I moved round a circle as J.)
 *  - fists: every (3 x N)th A, E, M, N, S and T drawn along the J and Z paths: never J or Z.
 *
 * These are real handshapes on drawn paths, not recordings of people drawing the letters.
 */
import { recognizeSequence, type SequenceInput } from './recognize/sequences.js';
import { loadExtracted, loadLandmarkSet, type Sample } from './train/data.js';
import { argReader } from './train/recipe.js';
import { jPath, zPath } from '../../packages/recognition/src/handshape/__fixtures__/drawn-letters.js';

type Pt = [number, number];

/** movements that are not letters: straight down, across and back (a circle's lower half is a J's hook, so it is left out) */
const OTHER_PATHS: ReadonlyArray<(t: number) => Pt> = [(t) => [0, 1.6 * t], (t) => [-2 * Math.sin(Math.PI * t), 0]];

const TIMINGS: ReadonlyArray<readonly [seconds: number, fps: number]> = [
  [1, 30],
  [0.7, 15],
  [1.5, 20],
];
const JITTER = 0.03;
/** letters whose fingers are all folded: moved along a J or Z path, they are not J or Z */
const FISTS: readonly string[] = ['A', 'E', 'M', 'N', 'S', 'T'];
const EDGE_ON = 0.25;

function points(s: Sample): number[][] {
  return Array.from({ length: 21 }, (_, i) => [s.xy[2 * i], s.xy[2 * i + 1], s.z ? s.z[i] : 0]);
}
const palmOf = (p: number[][]) => Math.hypot(p[9][0] - p[0][0], p[9][1] - p[0][1]);
/** index MCP minus pinky MCP along x, in palms: which way the thumb is */
const knuckleSpread = (p: number[][]) => (p[5][0] - p[17][0]) / palmOf(p);

function rng(seed: number): () => number {
  let r = seed;
  return () => ((r = (r * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 2;
}

/** The hand moved along `path` (x toward `thumbWay`), the wrist twisting `twistDeg` about the forearm in the second half. */
function drawn(
  p: number[][],
  path: (t: number) => Pt,
  thumbWay: number,
  seconds: number,
  fps: number,
  twistDeg: number,
  seed: number,
  blur?: { finger: 'index' | 'pinky'; fraction: number },
): SequenceInput {
  const palm = palmOf(p);
  const rnd = rng(seed);
  const n = Math.round(seconds * fps);
  const w = p[0];
  const frames: number[][][] = Array.from({ length: n }, (_, i) => {
    const t = i / (n - 1);
    const [a, b] = path(t);
    const th = ((Math.max(0, (t - 0.45) / 0.55) * twistDeg * Math.PI) / 180) * thumbWay;
    const [c, s] = [Math.cos(th), Math.sin(th)];
    return p.map((q) => {
      const [x, y, z] = [q[0] - w[0], q[1] - w[1], q[2] - w[2]];
      return [
        w[0] + c * x + s * z + a * palm * thumbWay + JITTER * palm * rnd(),
        w[1] + y + b * palm + JITTER * palm * rnd(),
        w[2] - s * x + c * z,
      ];
    });
  });
  if (blur) blurFastest(frames, path, blur.finger, blur.fraction);
  return { id: 'drawn', fps, width: 1, height: 1, frames };
}

/**
 * --blur: on the given fraction of the frames where the hand moves fastest, the drawing finger is
 * read folded onto its knuckle, as the landmark model reads a motion-blurred finger (boris's
 * recorded Zs: 39% of the frames do not show the index straight, nearly all with the other
 * fingers folded).
 */
function blurFastest(frames: number[][][], path: (t: number) => Pt, finger: 'index' | 'pinky', fraction: number): void {
  const n = frames.length;
  const speed = frames.map((_, i) => {
    const [a, b] = path(i / (n - 1));
    const [c, d] = path(Math.max(0, i - 1) / (n - 1));
    return Math.hypot(a - c, b - d);
  });
  const fastest = speed
    .map((v, i) => [v, i] as const)
    .sort((x, y) => y[0] - x[0])
    .slice(0, Math.round(fraction * n));
  const [mcp, pip, dip, tip] = finger === 'index' ? [5, 6, 7, 8] : [17, 18, 19, 20];
  for (const [, i] of fastest) {
    const f = frames[i];
    const mid = [0, 1, 2].map((k) => (f[mcp][k] + f[pip][k]) / 2);
    f[dip] = [...mid];
    f[tip] = [...mid];
  }
}

/** The hand tilted about the image's horizontal axis through the wrist, fingertips toward the camera. */
function tilted(p: number[][], deg: number): number[][] {
  const [c, s] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
  const w = p[0];
  return p.map((q) => {
    const [y, z] = [q[1] - w[1], q[2] - w[2]];
    return [q[0], w[1] + c * y - s * z, w[2] + s * y + c * z];
  });
}

function still(p: number[][], seed: number): SequenceInput {
  const palm = palmOf(p);
  const rnd = rng(seed);
  const fps = 30;
  const frames = Array.from({ length: fps }, (_, i) => {
    const dx = 0.1 * (Math.sin((2 * Math.PI * i) / fps) + 0.3 * rnd()) * palm;
    const dy = 0.1 * (0.5 * Math.cos((2 * Math.PI * i) / fps) + 0.3 * rnd()) * palm;
    return p.map((q) => [q[0] + dx + JITTER * palm * rnd(), q[1] + dy + JITTER * palm * rnd(), q[2]]);
  });
  return { id: 'still', fps, width: 1, height: 1, frames };
}

function main(): void {
  const { opt } = argReader(process.argv.slice(2));
  const arg = (name: string, d: number) => Number(opt(name) ?? d);
  const every = arg('--every', 3);
  const fps = arg('--fps', 0);
  const timings: ReadonlyArray<readonly [number, number]> = fps
    ? [
        [0.5, fps],
        [0.7, fps],
        [1, fps],
      ]
    : TIMINGS;
  const size = arg('--size', 1);
  const blur = arg('--blur', 0);
  const blurJ = blur ? { finger: 'pinky' as const, fraction: blur } : undefined;
  const blurZ = blur ? { finger: 'index' as const, fraction: blur } : undefined;
  const sized =
    (path: (t: number) => Pt) =>
    (t: number): Pt => {
      const [a, b] = path(t);
      return [a * size, b * size];
    };
  const [jDrawn, zDrawn] = [sized(jPath), sized(zPath)];
  const otherPaths = OTHER_PATHS.map(sized);
  const sets: Array<[string, Sample[]]> = (['boris', 'siruyy', 'aslnow'] as const).map((s) => [s, loadLandmarkSet(s)]);
  for (const s of ['aslhg', 'massey'] as const) {
    const e = loadExtracted(s);
    if (e) sets.push([s, e.samples]);
    else console.log(`${s}: not extracted (npm run extract:landmarks), skipped`);
  }
  const total = {
    j: 0,
    jn: 0,
    z: 0,
    zn: 0,
    edgeZ: 0,
    edgeN: 0,
    tiltZ: 0,
    tiltN: 0,
    falseMotion: 0,
    stillN: 0,
    otherMotion: 0,
    otherN: 0,
    letterMotion: 0,
    letterN: 0,
    fistMotion: 0,
    fistN: 0,
  };
  for (const [name, samples] of sets) {
    const of = (l: string) => samples.filter((s) => s.label === l && s.z).filter((_, k) => k % every === 0);
    const t = Object.fromEntries(Object.keys(total).map((k) => [k, 0])) as typeof total;
    of('I').forEach((s, k) => {
      const p = points(s);
      const way = Math.sign(knuckleSpread(p)) || 1;
      for (const [sec, f] of timings)
        for (const twist of [0, 90]) {
          t.jn++;
          if (recognizeSequence(drawn(p, jDrawn, way, sec, f, twist, k + 1, blurJ), 'letters').label === 'J') t.j++;
        }
    });
    of('D').forEach((s, k) => {
      const p = points(s);
      const spread = knuckleSpread(p);
      const edgeOn = Math.abs(spread) < EDGE_ON;
      for (const way of [1, -1]) {
        t.tiltN++;
        if (recognizeSequence(drawn(tilted(p, 60), zDrawn, way, 1, 30, 0, k + 1, blurZ), 'letters').label === 'Z')
          t.tiltZ++;
      }
      for (const way of [1, -1])
        for (const [sec, f] of timings) {
          const ok = recognizeSequence(drawn(p, zDrawn, way, sec, f, 10, k + 1, blurZ), 'letters').label === 'Z';
          t.zn++;
          if (ok) t.z++;
          if (edgeOn) {
            t.edgeN++;
            if (ok) t.edgeZ++;
          }
        }
    });
    [...of('I'), ...of('D')].forEach((s, k) => {
      t.stillN++;
      const l = recognizeSequence(still(points(s), k + 1), 'letters').label;
      if (l === 'J' || l === 'Z') t.falseMotion++;
      const p = points(s);
      for (const path of otherPaths)
        for (const [sec, f] of timings) {
          t.otherN++;
          const m = recognizeSequence(drawn(p, path, 1, sec, f, 0, k + 1), 'letters').label;
          if (m === 'J' || m === 'Z') t.otherMotion++;
        }
    });
    samples
      .filter((s) => s.label !== 'I' && s.label !== 'D')
      .filter((_, k) => k % 10 === 0)
      .forEach((s, k) => {
        t.letterN++;
        const l = recognizeSequence(still(points(s), k + 1), 'letters').label;
        if (l === 'J' || l === 'Z') t.letterMotion++;
      });
    samples
      .filter((s) => FISTS.includes(s.label) && s.z)
      .filter((_, k) => k % (every * 3) === 0)
      .forEach((s, k) => {
        const p = points(s);
        const way = Math.sign(knuckleSpread(p)) || 1;
        for (const [path, blurred] of [
          [jDrawn, blurJ],
          [zDrawn, blurZ],
        ] as const)
          for (const [sec, f] of timings) {
            t.fistN++;
            const l = recognizeSequence(drawn(p, path, way, sec, f, 0, k + 1, blurred), 'letters').label;
            if (l === 'J' || l === 'Z') t.fistMotion++;
          }
      });
    const pc = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
    console.log(
      `${name}: J ${t.j}/${t.jn} (${pc(t.j, t.jn)}), Z ${t.z}/${t.zn} (${pc(t.z, t.zn)}; hands seen edge-on ${t.edgeZ}/${t.edgeN}), ` +
        `index at the camera ${t.tiltZ}/${t.tiltN}; still I or D read as J or Z ${t.falseMotion}/${t.stillN}, ` +
        `other movements ${t.otherMotion}/${t.otherN}, other letters held still ${t.letterMotion}/${t.letterN}, fists drawing J or Z ${t.fistMotion}/${t.fistN}`,
    );
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += t[k];
  }
  const pc = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
  console.log(
    `all: J ${total.j}/${total.jn} (${pc(total.j, total.jn)}), Z ${total.z}/${total.zn} (${pc(total.z, total.zn)}; edge-on ${total.edgeZ}/${total.edgeN}), ` +
      `index at the camera ${total.tiltZ}/${total.tiltN}; still I or D read as J or Z ${total.falseMotion}/${total.stillN}, ` +
      `other movements ${total.otherMotion}/${total.otherN}, other letters held still ${total.letterMotion}/${total.letterN}, fists drawing J or Z ${total.fistMotion}/${total.fistN}`,
  );
}

main();
