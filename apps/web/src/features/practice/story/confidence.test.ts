import { holdSureThreshold } from '@asl/recognition';
import { describe, expect, it } from 'vitest';
import { confidenceWords, FAIRLY_SURE_FROM } from './confidence';

describe('confidenceWords', () => {
  it('says how sure the reading is', () => {
    expect(confidenceWords(0.95)).toBe('Very sure');
    expect(confidenceWords(0.8)).toBe('Fairly sure');
    expect(confidenceWords(0.6)).toBe('Not very sure');
    expect(confidenceWords(0.2)).toBe('Unsure');
  });

  it('never calls a sign practice counts "not very sure": the hold threshold is fairly sure', () => {
    const hold = holdSureThreshold();
    expect(FAIRLY_SURE_FROM).toBeLessThanOrEqual(hold);
    expect(confidenceWords(hold)).toBe('Fairly sure');
    expect(confidenceWords(0.74)).toBe('Fairly sure');
  });
});
