import type { PracticeTarget, Story } from '@asl/protocol';

/** Every letter the learner signs in a story, in order: sentence -> target word -> letter. */
export function storyTargets(story: Pick<Story, 'sentences'>): PracticeTarget[] {
  const out: PracticeTarget[] = [];
  story.sentences.forEach((sentence, sentence_index) => {
    sentence.targets.forEach((word, word_index) => {
      [...word].forEach((letter, letter_index) => {
        out.push({
          sentence_index,
          word_index,
          letter_index,
          word,
          letter,
          kind: /[0-9]/.test(letter) ? 'digit' : 'letter',
        });
      });
    });
  });
  return out;
}

export function letterCount(story: Pick<Story, 'sentences'>): number {
  return story.sentences.reduce((n, s) => n + s.targets.reduce((m, t) => m + t.length, 0), 0);
}

/** Index into storyTargets of a saved position, or -1 when the position is past the end. */
export function targetIndexOf(
  targets: PracticeTarget[],
  pos: { sentenceIndex: number; wordIndex: number; letterIndex: number },
): number {
  return targets.findIndex(
    (t) =>
      t.sentence_index === pos.sentenceIndex && t.word_index === pos.wordIndex && t.letter_index === pos.letterIndex,
  );
}

/** The first target of the sentence after `sentenceIndex`, or -1 at the end of the story. */
export function firstTargetOfNextSentence(targets: PracticeTarget[], sentenceIndex: number): number {
  return targets.findIndex((t) => t.sentence_index > sentenceIndex);
}

/** The first target of the word the target at `index` belongs to. */
export function firstTargetOfWord(targets: PracticeTarget[], index: number): number {
  const t = targets[index];
  if (!t) return index;
  return index - t.letter_index;
}
