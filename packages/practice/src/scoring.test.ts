import { describe, expect, it } from 'vitest';
import { summarise } from './scoring';

describe('summarise', () => {
  it('scores attempts and names the weakest letters', () => {
    const s = summarise([
      { target: 'C', correct: true },
      { target: 'A', correct: false },
      { target: 'A', correct: false },
      { target: 'A', correct: true },
      { target: 'T', correct: true },
    ]);
    expect(s.overall_score).toBe(60);
    expect(s.letters_attempted).toBe(5);
    expect(s.letters_correct).toBe(3);
    expect(s.accuracy_by_letter).toEqual({ A: 0.33, C: 1, T: 1 });
    expect(s.final_suggestions[0]).toContain('A');
  });
  it('handles a session with no attempts', () => {
    expect(summarise([]).overall_score).toBe(0);
  });
});
