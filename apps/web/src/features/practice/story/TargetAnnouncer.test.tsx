import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TargetAnnouncer, targetWords } from './TargetAnnouncer';

const target = (word: string, letter_index: number) => ({
  sentence_index: 0,
  word_index: 0,
  letter_index,
  word,
  letter: word[letter_index]!,
  kind: 'letter' as const,
});

describe('TargetAnnouncer', () => {
  it('says the letter to sign, where it is in its word, in a polite live region', () => {
    expect(targetWords(target('RED', 0))).toBe('Sign R: letter 1 of 3 of RED.');
    expect(targetWords(target('C', 0))).toBe('Sign C.');
    const { rerender } = render(<TargetAnnouncer target={target('CAT', 2)} />);
    const region = screen.getByTestId('target-announcer');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('Sign T: letter 3 of 3 of CAT.');
    rerender(<TargetAnnouncer target={target('RED', 0)} />);
    expect(region).toHaveTextContent('Sign R: letter 1 of 3 of RED.');
    rerender(<TargetAnnouncer target={null} />);
    expect(region).toHaveTextContent('');
  });
});
