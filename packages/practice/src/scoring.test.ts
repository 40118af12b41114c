import { describe, expect, it } from 'vitest';
import { summarise, type ScoredAttempt } from './scoring';

const at = (letter_index: number, target: string, correct: boolean): ScoredAttempt => ({
  sentence_index: 0,
  word_index: 0,
  letter_index,
  target,
  correct,
});

describe('summarise (letters, not raw attempts)', () => {
  it('counts letters right at the first try over letters attempted', () => {
    // C right; A wrong twice then right; T right; A (second one) right
    const s = summarise(
      [at(0, 'C', true), at(1, 'A', false), at(1, 'A', false), at(1, 'A', true), at(2, 'T', true), at(3, 'A', true)],
      4,
    );
    expect(s).toMatchObject({
      letters_total: 4,
      letters_attempted: 4,
      letters_signed: 4,
      letters_first_try: 3,
      wrong_attempts: 2,
      overall_score: 75,
      completed: true,
    });
    expect(s.accuracy_by_letter).toEqual({ A: 0.5, C: 1, T: 1 });
    expect(s.final_suggestions[0]).toBe('Practise A: it took more than one try.');
  });

  it('leaves out wrong readings the learner reported (withdrawn), as if never made', () => {
    const withdrawn = { ...at(1, 'A', false), withdrawn: true };
    const s = summarise([at(0, 'C', true), withdrawn, withdrawn, at(1, 'A', true), at(2, 'T', false)], 3);
    expect(s).toMatchObject({ letters_attempted: 3, letters_first_try: 2, wrong_attempts: 1, overall_score: 67 });
    expect(s.accuracy_by_letter).toEqual({ A: 1, C: 1, T: 0 });
    // a letter whose only try was withdrawn is not tried at all
    expect(summarise([withdrawn], 3)).toMatchObject({ letters_attempted: 0, wrong_attempts: 0 });
  });

  it('says a story ended with letters left is not finished', () => {
    const s = summarise([at(0, 'C', true), at(1, 'A', true)], 12);
    expect(s).toMatchObject({ completed: false, letters_signed: 2, overall_score: 100 });
    // the score is of the letters tried, and the message says so; no praise for a story not finished
    expect(s.completion_message).toBe('The score counts the 2 letters you tried.');
    expect(s.final_suggestions).toEqual([
      'Every letter you signed was right at the first try.',
      'Try this story again to practise every letter in it.',
    ]);
    expect(summarise([at(0, 'C', false), at(0, 'C', true)], 12).completion_message).toBe(
      'The score counts the 1 letter you tried.',
    );
    expect(summarise([at(0, 'C', true)], 1).completion_message).toMatch(/finished the story/);
    expect(summarise([at(0, 'C', true)], 1).final_suggestions).toEqual([
      'Every letter was right at the first try. Try a story at the next level.',
    ]);
    expect(summarise([], 1).completion_message).toBe('No letter was tried, so there is no score yet.');
  });

  it('says which letters were never read right, apart from those that took more than one try', () => {
    // C right; A wrong then right; T wrong twice, never right (the story ended there)
    const s = summarise(
      [at(0, 'C', true), at(1, 'A', false), at(1, 'A', true), at(2, 'T', false), at(2, 'T', false)],
      12,
    );
    expect(s.accuracy_by_letter).toEqual({ A: 0, C: 1, T: 0 });
    expect(s.final_suggestions).toEqual([
      'Practise T: it was not read as T yet.',
      'Practise A: it took more than one try.',
      'Before you hold a letter, check your hand against its picture on the practice screen.',
      'Try this story again to practise every letter in it.',
    ]);
    // the letters named, in the order named: what the result's drill practises
    expect(s.practise_letters).toEqual(['T', 'A']);
    // 3 letters tried, 2 signed ("2 of 12 letters" on the screen): the message says why the score counts 3
    expect(s.completion_message).toBe('The score counts the 3 letters you tried, one not read right yet.');
    const two = summarise([at(0, 'M', false), at(1, 'T', false)], 12);
    expect(two.final_suggestions[0]).toBe('Practise M, T: they were not read right yet.');
  });

  it('names at most three letters to practise, the weakest', () => {
    const s = summarise(
      ['A', 'B', 'C', 'D'].flatMap((l, i) => [at(i, l, false), ...(i < 2 ? [at(i, l, true)] : [])]),
      12,
    );
    expect(s.practise_letters).toEqual(['C', 'D', 'A']);
  });

  it('handles a session with no attempts', () => {
    expect(summarise([], 3)).toMatchObject({
      overall_score: 0,
      letters_attempted: 0,
      completed: false,
      practise_letters: [],
    });
  });
});
