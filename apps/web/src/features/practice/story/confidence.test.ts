import { describe, expect, it } from 'vitest';
import { confidenceWords } from './confidence';

describe('confidenceWords', () => {
  it('says how sure the reading is', () => {
    expect(confidenceWords(0.95)).toBe('Very sure');
    expect(confidenceWords(0.8)).toBe('Fairly sure');
    expect(confidenceWords(0.6)).toBe('Not very sure');
    expect(confidenceWords(0.2)).toBe('Unsure');
  });
});
