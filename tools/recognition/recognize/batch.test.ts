import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecognizer, type FileResult, type Recognizer } from './batch.js';
import { PHOTO_DIR, testModels } from '../../../apps/server/src/test/recognition.js';
import { palmSize } from '../../../packages/recognition/src/handshape/normalize.js';

const M = path.join(PHOTO_DIR, 'massey/asl_dataset');
// photos where a first-found palm at pad 2 is a knuckle-only false hand (seen while tuning)
const HARD = [path.join(M, 'e/hand2_e_bot_seg_2_cropped.jpeg'), path.join(M, 'v/hand2_v_bot_seg_2_cropped.jpeg')];
const DIGIT = path.join(PHOTO_DIR, 'digits/Dataset/7/IMG_1125.JPG');
// a Q cut off above the wrist: the first reading collapses into a knot by the fingertips
// (presence 0.69-0.74, palm 0.13-0.14 of the photo's side); a rotated attempt reads the hand
const COLLAPSING = [path.join(M, 'q/hand1_q_bot_seg_1_cropped.jpeg'), path.join(M, 'q/hand1_q_bot_seg_2_cropped.jpeg')];
const palmOverSide = (r: { hands: { landmarks: number[][] }[]; width: number; height: number }) => {
  const xy = r.hands[0].landmarks.flatMap(([x, y]) => [x, y]);
  return palmSize(xy) / Math.max(r.width, r.height);
};

describe('createRecognizer (photos)', () => {
  it('has its photos (npm test refuses to start without the shared data: a missing photo is a failure)', () => {
    expect([...HARD, DIGIT, ...COLLAPSING].filter((p) => !existsSync(p))).toEqual([]);
  });
  let rec: Recognizer;
  let tmp: string;
  beforeAll(async () => {
    rec = await createRecognizer({ modelDir: await testModels() });
    tmp = await mkdtemp(path.join(os.tmpdir(), 'recog-'));
  });
  afterAll(async () => {
    await rec?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('keeps the whole hand, not a knuckle-sized false detection, on tight Massey crops', async () => {
    for await (const r of rec.recognize(HARD)) {
      expect(r.hands, r.file).toHaveLength(1);
      expect(r.hands[0].box.h, r.file).toBeGreaterThan(250); // the hand spans most of the 400 px photo
    }
  });

  it('tries every attempt when the first reading is weak, and keeps the better one', async () => {
    for await (const r of rec.recognize(COLLAPSING)) {
      expect(r.hands[0].score, r.file).toBeGreaterThan(0.9);
      expect(palmOverSide(r), r.file).toBeGreaterThan(0.3);
    }
    const once = await createRecognizer({ modelDir: await testModels(), retryBelow: undefined });
    try {
      for await (const r of once.recognize(COLLAPSING)) {
        expect(r.hands[0].score, r.file).toBeLessThan(0.9);
        expect(palmOverSide(r), r.file).toBeLessThan(0.2);
      }
    } finally {
      await once.close();
    }
  });

  it('handles many sizes/aspects in one run and returns image-pixel landmarks', async () => {
    const wide = path.join(tmp, 'wide.jpg');
    const big = path.join(tmp, 'big.png');
    await sharp(HARD[1])
      .resize(200, 200)
      .extend({ left: 500, right: 100, top: 50, bottom: 50, background: '#000' })
      .jpeg()
      .toFile(wide);
    await sharp(DIGIT).resize(1000, 1000).png().toFile(big);
    const out = [];
    for await (const r of rec.recognize([DIGIT, wide, big, path.join(tmp, 'missing.jpg')])) out.push(r);
    expect(out.map((r) => [r.width, r.height])).toEqual([
      [100, 100],
      [800, 300],
      [1000, 1000],
      [0, 0],
    ]);
    expect(out[3]).toMatchObject({ code: 'FILE_NOT_FOUND', error: 'no such file' });
    for (const r of out.slice(0, 3)) {
      expect(r.hands, r.file).toHaveLength(1);
      for (const [x, y] of r.hands[0].landmarks) {
        expect(x).toBeGreaterThan(-0.05 * r.width);
        expect(x).toBeLessThan(1.05 * r.width);
        expect(y).toBeGreaterThan(-0.05 * r.height);
        expect(y).toBeLessThan(1.05 * r.height);
      }
    }
    // the hand pasted at x 500..700 of the wide frame
    const xs = out[1].hands[0].landmarks.map((p) => p[0]);
    expect(Math.min(...xs)).toBeGreaterThan(480);
    expect(Math.max(...xs)).toBeLessThan(720);
    // the 10x upscaled digit gives the same landmarks x10 as the original
    const a = out[0].hands[0].landmarks;
    const b = out[2].hands[0].landmarks;
    const d = a.reduce((s, p, i) => s + Math.hypot(p[0] * 10 - b[i][0], p[1] * 10 - b[i][1]), 0) / 21;
    expect(d).toBeLessThan(40); // < 4% of the 1000 px image
  });

  it('reads the mirror image too when asked, and puts that hand back into the photo: the same hand, a second reading', async () => {
    const twice = await createRecognizer({ modelDir: await testModels() }, { readMirrored: true });
    const mirroredOnly = await createRecognizer({ modelDir: await testModels() }, { onlyMirrored: true });
    try {
      const out = [];
      for await (const r of twice.recognize([DIGIT, HARD[1]])) out.push(r);
      const only: FileResult[] = [];
      for await (const r of mirroredOnly.recognize([DIGIT, HARD[1]])) only.push(r);
      out.forEach((r, k) => {
        const a = r.hands[0];
        const m = r.mirroredHands![0];
        const palm = palmSize(a.landmarks.flatMap(([x, y]) => [x, y]));
        // the same hand: every point within a fifth of a palm of the first reading's
        const worst = Math.max(
          ...a.landmarks.map((p, i) => Math.hypot(p[0] - m.landmarks[i][0], p[1] - m.landmarks[i][1])),
        );
        expect(worst / palm, r.file).toBeLessThan(0.2);
        // but a reading of its own, not a copy
        expect(worst, r.file).toBeGreaterThan(0);
        // the mirror image shows the other hand; put back, it is this photo's hand again
        expect(m.handedness, r.file).toBe(a.handedness);
        // onlyMirrored gives that reading alone
        expect(only[k].hands[0].landmarks, r.file).toEqual(m.landmarks);
        expect(only[k].mirroredHands, r.file).toBeUndefined();
      });
      // without the option there is no second reading
      for await (const r of rec.recognize([DIGIT])) expect(r.mirroredHands).toBeUndefined();
    } finally {
      await twice.close();
      await mirroredOnly.close();
    }
  });
});
