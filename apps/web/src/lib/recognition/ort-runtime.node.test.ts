/// <reference types="node" />
/**
 * The browser recogniser against the server's: onnxruntime-web (its Node build runs the same wasm
 * backend) through this folder's model-loading code, and onnxruntime-node as the server binds it,
 * on real letter photos. Landmarks must agree within a small tolerance and the classifier must
 * give the same letter. Runs in the `unit` (Node) project.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  classify,
  createHandPipelineWith,
  handshapeInput,
  type HandPipeline,
  type ModelName,
  type RgbImage,
  sessionRunner,
} from '@asl/recognition';
import * as ortNode from 'onnxruntime-node';
import * as ortWeb from 'onnxruntime-web';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrtHandPipeline, LIVE_PIPELINE_OPTIONS, toDetectedHand } from './ort-runtime';

const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../..');
const MODEL_DIR = path.join(repoRoot, '.cache', 'models');
const DATA = path.resolve(process.env.ASL_SHARED_DIR!, 'data'); // set by vitest.config.ts
// Real photos (Massey ASL data set) the recogniser reads as their letter (apps/server/src/test/letter-photos.ts).
const PHOTOS: Record<string, string> = {
  B: 'photos/massey/asl_dataset/b/hand2_b_dif_seg_4_cropped.jpeg',
  H: 'photos/massey/asl_dataset/h/hand2_h_top_seg_2_cropped.jpeg',
  I: 'photos/massey/asl_dataset/i/hand1_i_top_seg_4_cropped.jpeg',
  L: 'photos/massey/asl_dataset/l/hand1_l_left_seg_3_cropped.jpeg',
  O: 'photos/massey/asl_dataset/o/hand2_o_left_seg_2_cropped.jpeg',
  Y: 'photos/massey/asl_dataset/y/hand2_y_bot_seg_4_cropped.jpeg',
};

/** As the browser's worker hands a frame to the pipeline: RGBA pixels from a canvas, read in place. */
async function photoRgb(file: string): Promise<RgbImage> {
  const { data, info } = await sharp(path.join(DATA, file))
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 4 };
}

/** The server's binding (apps/server/src/recognition/landmarks/pipeline.ts), inlined: apps don't import each other. */
function serverPipeline(): Promise<HandPipeline> {
  return createHandPipelineWith(
    {
      async loadModel(name: ModelName) {
        const session = await ortNode.InferenceSession.create(path.join(MODEL_DIR, `${name}.onnx`), {
          intraOpNumThreads: 1,
          interOpNumThreads: 1,
          executionMode: 'sequential',
          graphOptimizationLevel: 'all',
        });
        return sessionRunner(session, ortNode.Tensor);
      },
    },
    LIVE_PIPELINE_OPTIONS,
  );
}

describe('in-browser recogniser (onnxruntime-web) matches the server (onnxruntime-node)', () => {
  it('has its photos and models (a missing one is a failure, never a skip)', () => {
    const needed = [...Object.values(PHOTOS).map((p) => path.join(DATA, p)), path.join(MODEL_DIR, 'handdetect.onnx')];
    expect(needed.filter((p) => !existsSync(p))).toEqual([]);
  });
  let web: HandPipeline;
  let node: HandPipeline;
  beforeAll(async () => {
    ortWeb.env.wasm.numThreads = 1;
    web = await createOrtHandPipeline(
      ortWeb,
      async (name) => new Uint8Array(await readFile(path.join(MODEL_DIR, `${name}.onnx`))),
    );
    node = await serverPipeline();
  });
  afterAll(async () => {
    await web?.close();
    await node?.close();
  });

  it.each(Object.entries(PHOTOS))('letter %s: same landmarks (< 0.5 px) and the same letter', async (letter, file) => {
    const rgb = await photoRgb(file);
    const a = await web.process({ rgb });
    const b = await node.process({ rgb });
    // (live-frame options: no refinement pass, so not every cropped photo is found; these are)
    expect(a.hands).toHaveLength(1);
    expect(b.hands).toHaveLength(1);
    const wa = a.hands[0]!;
    const nb = b.hands[0]!;
    expect(wa.handedness).toBe(nb.handedness);
    expect(Math.abs(wa.score - nb.score)).toBeLessThan(0.01);
    let maxXy = 0;
    let maxZ = 0;
    wa.landmarks.forEach(([x, y, z], i) => {
      const [x2, y2, z2] = nb.landmarks[i]!;
      maxXy = Math.max(maxXy, Math.abs(x - x2), Math.abs(y - y2));
      maxZ = Math.max(maxZ, Math.abs(z - z2));
    });
    expect(maxXy).toBeLessThan(0.5);
    expect(maxZ).toBeLessThan(0.5);
    // the classifier on the wire-shaped hand, as the practice rules take it
    const ca = handshapeInput(toDetectedHand(wa));
    const cb = handshapeInput(toDetectedHand(nb));
    const la = classify(ca.landmarks, ca.handedness, 'letters');
    const lb = classify(cb.landmarks, cb.handedness, 'letters');
    expect(la.label).toBe(lb.label);
    expect(la.label).toBe(letter);
    expect(Math.abs(la.confidence - lb.confidence)).toBeLessThan(0.02);
    // tracking the next frame gives the same again
    const a2 = await web.process({ rgb }, a.track);
    const b2 = await node.process({ rgb }, b.track);
    expect(a2.timings.detectorRuns).toBe(0);
    expect(Math.abs(a2.hands[0]!.landmarks[8]![0] - b2.hands[0]!.landmarks[8]![0])).toBeLessThan(0.5);
  });
});
