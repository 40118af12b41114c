import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SentenceView } from './SentenceView';

describe('SentenceView', () => {
  it('marks the practice words and highlights the current letter', () => {
    render(
      <SentenceView
        sentence={{ text: 'I see a cat and a dog.', targets: ['CAT', 'DOG'] }}
        target={{ sentence_index: 0, word_index: 0, letter_index: 1, word: 'CAT', letter: 'A', kind: 'letter' }}
      />,
    );
    const marks = document.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['cat', 'dog']);
    // the punctuation after a word is not part of its mark
    expect(screen.getByLabelText('Sentence: I see a cat and a dog.')).toHaveTextContent('I see a cat and a dog.');
    expect(marks[0]).toHaveClass('is-current');
    expect(screen.getByLabelText('Spell CAT: letter 2 of 3')).toBeInTheDocument();
    const current = document.querySelector('[aria-current="step"]');
    expect(current?.textContent).toBe('A');
    expect(document.querySelectorAll('.letter-box.is-done')).toHaveLength(1);
  });

  it('marks each practice word once, where it first appears, in any order', () => {
    render(
      <SentenceView
        sentence={{ text: 'Practise H: sign H, then hi. 8 planets and 8 moons.', targets: ['H', 'PLANETS', '8'] }}
        target={null}
      />,
    );
    expect([...document.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['H', '8', 'planets']);
  });
});
