import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from './image.js';
import { createHandPipeline, livePipelineOptions, type HandPipeline } from './pipeline.js';
import { meanDist, PHOTO_DIR, testModels } from '../../test/recognition.js';
import { exposeFrame, strokeFrames } from '../../test/moving-photo.js';

const FIVE = path.join(PHOTO_DIR, 'massey/asl_dataset/5/hand1_5_bot_seg_1_cropped.jpeg');
const DIGIT = path.join(PHOTO_DIR, 'digits/Dataset/4/IMG_1122.JPG');
// A Q and an X filling a webcam frame, cut off above the wrist: the hand found first is read
// weakly (presence 0.54); another palm search reads it whole (0.98, 0.99).
const FILLING = [
  path.join(PHOTO_DIR, 'massey/asl_dataset/q/hand2_q_bot_seg_1_cropped.jpeg'),
  path.join(PHOTO_DIR, 'massey/asl_dataset/x/hand1_x_dif_seg_3_cropped.jpeg'),
];

// A Q pointing down, the hand alone on black (no arm): the palm detector finds it only turned.
const Q_DOWN = path.join(PHOTO_DIR, 'massey/asl_dataset/q/hand2_q_left_seg_5_cropped.jpeg');
// The wall beside a signer in a phone photo: a webcam frame with no hand in view.
const WALL = path.join(PHOTO_DIR, 'aslhg/B/P10_B_908.jpg');
// An index hand that draws a Z: moved fast across the frame.
const D_MOVING = path.join(PHOTO_DIR, 'massey/asl_dataset/d/hand1_d_bot_seg_1_cropped.jpeg');

// npm test refuses to start without the shared data: a missing photo is a failure, never a skip.
describe('the pipeline test photos', () => {
  it('are all present', () => {
    expect([FIVE, DIGIT, WALL, Q_DOWN, D_MOVING, ...FILLING].filter((p) => !existsSync(p))).toEqual([]);
  });
});

describe('hand pipeline on real photos', () => {
  let p: HandPipeline;
  let jpeg: Buffer;
  beforeAll(async () => {
    p = await createHandPipeline({
      modelDir: await testModels(),
      variant: 'full',
      intraOpThreads: 1,
      refine: true,
      detectAttempts: [{ pad: 1 }, { pad: 2 }],
    });
    jpeg = await readFile(FIVE);
  });
  afterAll(async () => {
    await p?.close();
  });

  it('finds one hand with 21 landmarks inside the photo, fingers above the wrist for an open "5"', async () => {
    const r = await p.process({ jpeg });
    expect(r.hands).toHaveLength(1);
    const h = r.hands[0];
    expect(h.landmarks).toHaveLength(21);
    expect(h.score).toBeGreaterThan(0.5);
    for (const [x, y] of h.landmarks) {
      expect(x).toBeGreaterThan(-5);
      expect(x).toBeLessThan(405);
      expect(y).toBeGreaterThan(-5);
      expect(y).toBeLessThan(405);
    }
    for (const tip of [8, 12, 16, 20]) expect(h.landmarks[tip][1]).toBeLessThan(h.landmarks[0][1] - 50);
    expect(Math.abs(h.landmarks[0][2])).toBeLessThan(1); // z relative to the wrist
    expect(r.track).not.toBeNull();
    expect(r.timings.detectorRuns).toBeGreaterThanOrEqual(1);
  });

  it('gives the same result from raw RGB as from the JPEG', async () => {
    const a = await p.process({ jpeg });
    const b = await p.process({ rgb: await decodeImage(jpeg) });
    expect(meanDist(a.hands[0].landmarks, b.hands[0].landmarks)).toBeLessThan(1e-6);
  });

  it('tracks: with the previous state the palm detector does not run and landmarks stay put', async () => {
    const first = await p.process({ jpeg });
    const second = await p.process({ jpeg }, first.track);
    expect(second.timings.detectorRuns).toBe(0);
    expect(second.timings.landmarkRuns).toBeGreaterThanOrEqual(1);
    expect(second.hands).toHaveLength(1);
    expect(meanDist(first.hands[0].landmarks, second.hands[0].landmarks)).toBeLessThan(6);
  });

  it('re-detects when the tracked state belongs to another frame size', async () => {
    const first = await p.process({ jpeg });
    const r = await p.process({ jpeg: await readFile(DIGIT) }, first.track);
    expect(r.timings.detectorRuns).toBeGreaterThanOrEqual(1);
    expect(r.hands).toHaveLength(1);
  });

  it('is equivariant: a mirrored photo gives mirrored landmarks and the other handedness', async () => {
    const a = (await p.process({ jpeg })).hands[0];
    const b = (await p.process({ jpeg: await sharp(jpeg).flop().jpeg({ quality: 95 }).toBuffer() })).hands[0];
    const mirrored = b.landmarks.map(([x, y]) => [400 - x, y]);
    expect(meanDist(a.landmarks, mirrored)).toBeLessThan(8);
    expect(b.handedness).not.toBe(a.handedness);
  });

  it('follows a rotated photo (rotated crop): 90deg clockwise turns the fingers to the right of the wrist', async () => {
    const a = (await p.process({ jpeg })).hands[0];
    const rot = await sharp(jpeg).rotate(90).jpeg({ quality: 95 }).toBuffer();
    const r = await p.process({ jpeg: rot });
    expect(r.hands).toHaveLength(1);
    const b = r.hands[0];
    // (x, y) -> (H - y, x) for a 90deg clockwise rotation of a 400x400 image
    const expected = a.landmarks.map(([x, y]) => [400 - y, x]);
    expect(meanDist(b.landmarks, expected)).toBeLessThan(10);
    expect(b.landmarks[12][0]).toBeGreaterThan(b.landmarks[0][0] + 50);
  });

  it('returns no hand and a null track on an empty frame, after trying the padded retry', async () => {
    const black = { data: new Uint8Array(320 * 240 * 3), width: 320, height: 240 };
    const r = await p.process({ rgb: black });
    expect(r.hands).toEqual([]);
    expect(r.track).toBeNull();
    expect(r.timings.detectorRuns).toBe(2);
  });

  it('rejects malformed raw input', async () => {
    await expect(p.process({ rgb: { data: new Uint8Array(10), width: 4, height: 4 } })).rejects.toThrow(/expected 48/);
    await expect(p.process({})).rejects.toThrow(/give rgb, or jpeg/);
  });

  it('the int8 landmark variant puts the landmarks of the same hand crop within a few pixels', async () => {
    const q = await createHandPipeline({ modelDir: await testModels(), variant: 'full-int8', intraOpThreads: 1 });
    try {
      const img = await decodeImage(jpeg);
      const rect = (await p.process({ jpeg })).track!.rects[0]!;
      const a = await p.landmarksForRect(img, rect);
      const b = await q.landmarksForRect(img, rect);
      expect(b.score).toBeGreaterThan(0.5);
      const d = meanDist(a.landmarks, b.landmarks);
      expect(d).toBeGreaterThan(0); // a different model really ran
      expect(d).toBeLessThan(4);
    } finally {
      await q.close();
    }
  });
});

describe('handedness convention', () => {
  it('labels a right hand in an unmirrored photo "left" the MediaPipe way, "right" with handedness:"unmirrored"', async () => {
    const modelDir = await testModels();
    const jpeg = await readFile(FIVE); // Massey signers fingerspell with the right hand, photos are not mirrored
    const mp = await createHandPipeline({ modelDir, refine: true, detectAttempts: [{ pad: 2 }] });
    const un = await createHandPipeline({
      modelDir,
      refine: true,
      detectAttempts: [{ pad: 2 }],
      handedness: 'unmirrored',
    });
    const a = (await mp.process({ jpeg })).hands[0];
    const b = (await un.process({ jpeg })).hands[0];
    await mp.close();
    await un.close();
    expect(a.handedness).toBe('left');
    expect(b.handedness).toBe('right');
    expect(a.handednessScore).toBeGreaterThan(0.5);
    expect(b.handednessScore).toBeCloseTo(a.handednessScore, 6);
  });
});

describe('rotated detection attempts', () => {
  it('a palm found on a rotated view maps back to the same hand', async () => {
    const modelDir = await testModels();
    const jpeg = await readFile(FIVE);
    const plain = await createHandPipeline({ modelDir, refine: true, detectAttempts: [{ pad: 2 }] });
    const rot = await createHandPipeline({ modelDir, refine: true, detectAttempts: [{ pad: 3, rotate: 90 }] });
    const a = await plain.process({ jpeg });
    const b = await rot.process({ jpeg });
    await plain.close();
    await rot.close();
    expect(b.hands).toHaveLength(1);
    expect(meanDist(a.hands[0].landmarks, b.hands[0].landmarks)).toBeLessThan(8);
    // the palm keypoints come back in image coordinates: wrist below the middle-finger MCP
    expect(b.palms[0].keypoints[0][1]).toBeGreaterThan(b.palms[0].keypoints[2][1]);
  });
});

describe('live frames (livePipelineOptions)', () => {
  let live: HandPipeline;
  beforeAll(async () => {
    live = await createHandPipeline(livePipelineOptions(await testModels(), 'full-int8'));
  });
  afterAll(async () => {
    await live?.close();
  });
  const webcamFrame = async (file: string, side: number) =>
    decodeImage(
      await sharp(file)
        .resize(side, side, { fit: 'contain', background: '#000' })
        .extend({
          left: (320 - side) / 2,
          right: (320 - side) / 2,
          top: (240 - side) / 2,
          bottom: (240 - side) / 2,
          background: '#000',
        })
        .jpeg({ quality: 80 })
        .toBuffer(),
    );

  it('reads the live hand from a 192 crop: the model takes it, and the landmarks are those of the 224 crop', async () => {
    expect(livePipelineOptions(await testModels()).landmarkSize).toBe(192);
    const at224 = await createHandPipeline({
      ...livePipelineOptions(await testModels(), 'full-int8'),
      landmarkSize: 224,
    });
    try {
      const rgb = await webcamFrame(FIVE, 160);
      const rect = (await at224.process({ rgb })).track!.rects[0]!;
      const a = await at224.landmarksForRect(rgb, rect);
      const b = await live.landmarksForRect(rgb, rect);
      expect(b.score).toBeGreaterThan(0.9);
      const d = meanDist(a.landmarks, b.landmarks);
      expect(d).toBeGreaterThan(0); // a smaller crop was really read
      // within 4 frame pixels on a hand about 115 px tall (6.5 without the fitted reading map)
      expect(d).toBeLessThan(4.5);
    } finally {
      await at224.close();
    }
  });

  it('reads every other tracked frame from the mirrored crop and puts it back: the same hand, the same handedness', async () => {
    const rgb = await webcamFrame(FIVE, 160);
    const f0 = await live.process({ rgb });
    const f1 = await live.process({ rgb }, f0.track); // track.frames 1: mirrored crop
    const f2 = await live.process({ rgb }, f1.track); // track.frames 2: as taken
    for (const f of [f1, f2]) {
      expect(f.timings.detectorRuns).toBe(0);
      expect(f.hands).toHaveLength(1);
      expect(f.hands[0].handedness).toBe(f0.hands[0].handedness);
      expect(f.hands[0].score).toBeGreaterThan(0.9);
    }
    // the mirrored reading lands on the hand (within a few pixels of the reading as taken) ...
    expect(meanDist(f1.hands[0].landmarks, f2.hands[0].landmarks)).toBeLessThan(4);
    for (const tip of [8, 12, 16, 20]) expect(f1.hands[0].landmarks[tip][1]).toBeLessThan(f1.hands[0].landmarks[0][1]);
    // ... but is a reading of its own
    expect(meanDist(f1.hands[0].landmarks, f2.hands[0].landmarks)).toBeGreaterThan(0);
    // without the option, the same two frames are read alike
    const plain = await createHandPipeline({
      ...livePipelineOptions(await testModels(), 'full-int8'),
      alternateMirror: false,
    });
    try {
      const g0 = await plain.process({ rgb });
      const g1 = await plain.process({ rgb }, g0.track);
      const g2 = await plain.process({ rgb }, g1.track);
      expect(meanDist(g1.hands[0].landmarks, g2.hands[0].landmarks)).toBeLessThan(
        meanDist(f1.hands[0].landmarks, f2.hands[0].landmarks),
      );
    } finally {
      await plain.close();
    }
  });

  it('with no hand in view, searches with every attempt on the first frame, then once a frame, and finds a hand coming into view', async () => {
    const wall = await decodeImage(
      await sharp(WALL)
        .extract({ left: 0, top: 0, width: 80, height: 60 })
        .resize(320, 240)
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
    const first = await live.process({ rgb: wall });
    expect(first.hands).toEqual([]);
    expect(first.timings.detectorRuns).toBe(livePipelineOptions(await testModels()).detectAttempts!.length);
    let track = first.track;
    expect(track).toMatchObject({ rects: [], misses: 1 });
    for (let k = 2; k <= 7; k++) {
      const r = await live.process({ rgb: wall }, track);
      expect(r.hands).toEqual([]);
      expect(r.timings.detectorRuns).toBe(1);
      track = r.track;
      expect(track?.misses).toBe(k);
    }
    // the hand comes into view: the first attempt, which finds it, runs every other frame
    const hand = await webcamFrame(FIVE, 160);
    const seen: number[] = [];
    for (let f = 0; f < 2 && !seen.length; f++) {
      const r = await live.process({ rgb: hand }, track);
      track = r.track;
      seen.push(...r.hands.map((h) => h.score));
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeGreaterThan(0.9);
    expect(track?.misses ?? 0).toBe(0);
    // the hands lowered: the frame that loses the hand searches once
    const lost = await live.process({ rgb: wall }, track);
    expect(lost.hands).toEqual([]);
    expect(lost.timings.detectorRuns).toBe(1);
    expect(lost.track).toMatchObject({ rects: [], misses: 2 });
  });

  it('finds a hand pointing down with no arm in view by searching the frame turned', async () => {
    const rgb = await webcamFrame(Q_DOWN, 240);
    const r = await live.process({ rgb });
    expect(r.hands).toHaveLength(1);
    expect(r.hands[0].score).toBeGreaterThan(0.9);
    expect(r.attempt).toBeGreaterThanOrEqual(4); // one of the turned attempts
    const upright = await createHandPipeline({
      ...livePipelineOptions(await testModels(), 'full-int8'),
      detectAttempts: livePipelineOptions(await testModels()).detectAttempts!.filter((a) => !a.rotate),
    });
    try {
      expect((await upright.process({ rgb })).hands).toEqual([]);
    } finally {
      await upright.close();
    }
  });

  it('a hand filling the frame and read weakly at first is searched for again and read whole', async () => {
    // at the model's own 224 crop, where these two are read weakly at first (the live 192 crop
    // happens to read both whole from the first palm search)
    const at224 = { ...livePipelineOptions(await testModels(), 'full-int8'), landmarkSize: 224 };
    const searching = await createHandPipeline(at224);
    const once = await createHandPipeline({ ...at224, retryBelow: undefined });
    try {
      for (const file of FILLING) {
        const rgb = await webcamFrame(file, 240);
        const r = await searching.process({ rgb });
        expect(r.hands, file).toHaveLength(1);
        expect(r.hands[0].score, file).toBeGreaterThan(0.95);
        expect(r.timings.detectorRuns, file).toBeGreaterThan(1);
        const w = await once.process({ rgb });
        expect(w.hands.length === 0 || w.hands[0].score < 0.8, file).toBe(true);
      }
    } finally {
      await once.close();
      await searching.close();
    }
  });

  it('keeps a hand moving fast in the crop by following its speed (a stroke of J or Z), and only a moving one', async () => {
    // a D, 70 px, held for 4 frames, then across the frame 25 px a frame, blurred over half its step
    const { data, info } = await sharp(D_MOVING)
      .resize(70, 70, { fit: 'contain', background: '#000' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const photo = { width: info.width, height: info.height, data: new Uint8Array(data) };
    const frames = strokeFrames({
      at: (t) => [220 - 150 * t, 60],
      seconds: 0.5,
      fps: 12,
      before: 4,
      after: 2,
      exposure: 1 / 24,
    });
    const read = async (pipe: HandPipeline) => {
      let track = null;
      const found: boolean[] = [];
      for (const positions of frames) {
        const jpeg = await sharp(Buffer.from(exposeFrame(photo, positions, 320, 240)), {
          raw: { width: 320, height: 240, channels: 3 },
        })
          .jpeg({ quality: 80 })
          .toBuffer();
        const r = await pipe.process({ rgb: await decodeImage(jpeg) }, track);
        track = r.track;
        found.push(r.hands.length === 1);
      }
      return { found };
    };
    const still = await createHandPipeline({
      ...livePipelineOptions(await testModels(), 'full-int8'),
      predictMotion: false,
    });
    try {
      const followed = await read(live);
      expect(followed.found.every(Boolean)).toBe(true);
      const lost = await read(still);
      expect(lost.found.filter((f) => !f).length).toBeGreaterThanOrEqual(4);
    } finally {
      await still.close();
    }
    // held still, the crop is where the landmarks put it: nothing moved on
    const rgb = await webcamFrame(FIVE, 160);
    let track = null;
    for (let i = 0; i < 4; i++) track = (await live.process({ rgb }, track)).track;
    expect(track?.rects).toEqual(track?.seen);
  });
});
