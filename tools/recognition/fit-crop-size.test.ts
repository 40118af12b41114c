import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import committed from '../../packages/recognition/src/landmarks/crop-readings.json';
import type { CropReadingsFile } from '../../packages/recognition/src/landmarks/crop-size.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

describe('npm run fit:crop-size', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('fits the 192 crop map on a few photos of training signers: close to the committed one, and it brings x nearer the 224 reading', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fit-crop-'));
    const out = path.join(dir, 'maps.json');
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'tools/recognition/fit-crop-size.ts', '--size', '192', '--photos', '24', '--out', out],
      { cwd: root },
    );
    expect(stdout).toMatch(/192 px crop, \d+ crops/);
    const fitted = (JSON.parse(await readFile(out, 'utf8')) as CropReadingsFile).maps['192']!;
    const mine = (committed as unknown as CropReadingsFile).maps['192']!;
    expect(Math.abs(fitted.x[0] - mine.x[0])).toBeLessThan(0.04);
    expect(Math.abs(fitted.x[1] - mine.x[1])).toBeLessThan(1.5);
    expect(Math.abs(fitted.y[0] - mine.y[0])).toBeLessThan(0.04);
    expect(fitted.meanAbsError.after[0]!).toBeLessThan(fitted.meanAbsError.before[0]! * 0.6);
  }, 120_000);
});
