/** test-only helpers shared by the pipeline tests */
import os from 'node:os';
import path from 'node:path';
import { ensureModels } from '../../../../../tools/recognition/convert/ensure-models.js';

export const PHOTO_DIR = '/work/shared/data/photos';
export const TEST_MODEL_DIR = path.join(os.tmpdir(), 'asl-landmarks-models-test');
export async function testModels(): Promise<string> {
  await ensureModels(TEST_MODEL_DIR);
  return TEST_MODEL_DIR;
}
export const meanDist = (a: number[][], b: number[][]): number =>
  a.reduce((s, p, i) => s + Math.hypot(p[0] - b[i][0], p[1] - b[i][1]), 0) / a.length;
