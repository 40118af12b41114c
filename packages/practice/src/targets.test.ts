import { describe, expect, it } from 'vitest';
import { firstTargetOfNextSentence, firstTargetOfWord, letterCount, storyTargets, targetIndexOf } from './targets';

const story = {
  sentences: [
    { text: 'I see a cat.', targets: ['CAT'] },
    { text: 'It is 12 and hi.', targets: ['12', 'HI'] },
  ],
};

describe('story targets', () => {
  it('walks sentence, word and letter in order', () => {
    const t = storyTargets(story);
    expect(t.map((x) => x.letter).join('')).toBe('CAT12HI');
    expect(t[3]).toMatchObject({ sentence_index: 1, word_index: 0, letter_index: 0, word: '12', kind: 'digit' });
    expect(t[6]).toMatchObject({ sentence_index: 1, word_index: 1, letter_index: 1, letter: 'I', kind: 'letter' });
    expect(letterCount(story)).toBe(7);
  });
  it('finds positions, the next sentence and the start of a word', () => {
    const t = storyTargets(story);
    expect(targetIndexOf(t, { sentenceIndex: 1, wordIndex: 1, letterIndex: 0 })).toBe(5);
    expect(firstTargetOfNextSentence(t, 0)).toBe(3);
    expect(firstTargetOfNextSentence(t, 1)).toBe(-1);
    expect(firstTargetOfWord(t, 6)).toBe(5);
  });
});
