import { describe, expect, it } from 'vitest';
import { LIGHT_ENOUGH_ABOVE, meanLight, TOO_DARK_BELOW, tooDark } from './frame-light';

const pixels = (rgb: [number, number, number], n = 4) => Array.from({ length: n }, () => [...rgb, 255]).flat();

describe('frame light', () => {
  it('is the mean luma of the pixels, alpha ignored', () => {
    expect(meanLight(pixels([255, 255, 255]))).toBeCloseTo(1);
    expect(meanLight(pixels([0, 0, 0]))).toBe(0);
    // green weighs most, blue least
    expect(meanLight(pixels([0, 255, 0]))).toBeCloseTo(0.587);
    expect(meanLight(pixels([0, 0, 255]))).toBeCloseTo(0.114);
    expect(meanLight([...pixels([255, 255, 255], 1), ...pixels([0, 0, 0], 3)])).toBeCloseTo(0.25);
  });

  it('says too dark below the line, and light enough again only clearly above it', () => {
    expect(tooDark(TOO_DARK_BELOW - 0.01, false)).toBe(true);
    expect(tooDark(TOO_DARK_BELOW + 0.01, false)).toBe(false);
    // once dark, a picture a little over the line is still dark: no flicker
    expect(tooDark(TOO_DARK_BELOW + 0.01, true)).toBe(true);
    expect(tooDark(LIGHT_ENOUGH_ABOVE + 0.01, true)).toBe(false);
  });
});
