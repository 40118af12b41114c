import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAIN_SOURCES, recipeFromArgs, V3_TRAIN_SOURCES } from './recipe.js';

describe('training recipe', () => {
  it('trains on every source by default, v3 on its five', () => {
    expect(recipeFromArgs([], { epochs: 9, seeds: 1 }).sources).toEqual([...DEFAULT_TRAIN_SOURCES]);
    expect(DEFAULT_TRAIN_SOURCES).toEqual(['boris', 'siruyy', 'signn', 'aslnow', 'massey', 'digits', 'aslhg']);
    expect(recipeFromArgs(['--train-sources', 'v3'], { epochs: 9, seeds: 1 }).sources).toEqual([...V3_TRAIN_SOURCES]);
    expect(() => recipeFromArgs(['--train-sources', 'boris,nope'], { epochs: 9, seeds: 1 })).toThrow(
      /unknown source nope/,
    );
  });

  it('reads the camera-like augmentation knobs', () => {
    const r = recipeFromArgs(['--rot3d', '30', '--rot3d-x', '40', '--noise', '0.03', '--source-weight', 'aslhg:2'], {
      epochs: 9,
      seeds: 1,
    });
    expect(r.pipe.rot3dDeg).toBe(30);
    expect(r.pipe.rot3dTiltDeg).toBe(40);
    expect(r.pipe.augment?.noise).toBe(0.03);
    expect(r.pipe.sourceWeight).toEqual({ aslhg: 2 });
    expect(recipeFromArgs([], { epochs: 9, seeds: 1 }).pipe.rot3dTiltDeg).toBe(15);
  });
});
