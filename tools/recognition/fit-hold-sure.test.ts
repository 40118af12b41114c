import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import committed from '../../packages/recognition/src/handshape/hold-sure.json';
import type { HoldSureFile } from '../../packages/recognition/src/handshape/hold-sure.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

describe('npm run fit:hold-sure', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads held signs of the validation signers live and chooses a threshold near the committed one', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hold-sure-'));
    const out = path.join(dir, 'hold-sure.json');
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'tools/recognition/fit-hold-sure.ts', '--every', '3', '--out', out],
      { cwd: root },
    );
    expect(stdout).toMatch(/held signs of the validation signers/);
    const fitted = JSON.parse(await readFile(out, 'utf8')) as HoldSureFile;
    expect(fitted.signs).toBeGreaterThan(200);
    expect(fitted.sureWrongRate).toBeLessThanOrEqual(0.01);
    expect(Math.abs(fitted.threshold - (committed as HoldSureFile).threshold)).toBeLessThan(0.1);
    expect(fitted.calibration).toEqual((committed as HoldSureFile).calibration);
  }, 120_000);
});
