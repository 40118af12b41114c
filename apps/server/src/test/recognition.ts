/** Test support for the recognition tests: the real photos, the converted models, a landmark distance. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
/** The real ASL photos (ASL_SHARED_DIR is set by vitest.config.ts). */
export const PHOTO_DIR = path.resolve(process.env.ASL_SHARED_DIR!, 'data', 'photos');
/** Converted by the test projects' global setup (tools/recognition/convert/global-setup.ts). */
export const TEST_MODEL_DIR = path.join(repoRoot, '.cache', 'models');
export async function testModels(): Promise<string> {
  return TEST_MODEL_DIR;
}
export const meanDist = (a: number[][], b: number[][]): number =>
  a.reduce((s, p, i) => s + Math.hypot(p[0] - b[i][0], p[1] - b[i][1]), 0) / a.length;
