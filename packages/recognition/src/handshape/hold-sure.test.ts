import { describe, expect, it } from 'vitest';
import weights from './weights.json';
import { HOLD_SURE, holdSureThreshold } from './hold-sure.js';

describe("practice's sure threshold for a held sign", () => {
  it('was fitted against the shipped calibration (after retraining, run `npm run fit:hold-sure`)', () => {
    expect(HOLD_SURE.calibration).toEqual({
      temperature: weights.calibration.temperature,
      sureThreshold: weights.calibration.sureThreshold,
    });
  });

  it('is fitted on held signs of the validation signers, at most 1% sure and wrong there', () => {
    expect(HOLD_SURE.signs).toBeGreaterThan(500);
    expect(HOLD_SURE.sureWrongRate).toBeLessThanOrEqual(0.01);
    // never sure more often than the classifier's single answers on the same validation split
    expect(HOLD_SURE.sureRate).toBeLessThanOrEqual(weights.calibration.sureRate);
    expect(holdSureThreshold()).toBe(HOLD_SURE.threshold);
    expect(holdSureThreshold()).toBeLessThanOrEqual(weights.calibration.sureThreshold);
  });
});
