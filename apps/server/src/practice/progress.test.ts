import { describe, expect, it } from 'vitest';
import { streakFromDays, weakestLetters } from './progress';

describe('streakFromDays', () => {
  const today = new Date('2026-11-22T10:00:00Z');
  it('counts consecutive days ending today or yesterday', () => {
    expect(streakFromDays(['2026-11-22', '2026-11-21', '2026-11-20', '2026-11-18'], today)).toBe(3);
    expect(streakFromDays(['2026-11-21', '2026-11-20'], today)).toBe(2);
    expect(streakFromDays(['2026-11-19'], today)).toBe(0);
    expect(streakFromDays([], today)).toBe(0);
  });
});

describe('weakestLetters', () => {
  it('orders by accuracy and ignores letters already strong', () => {
    const rows = [
      { letter: 'A', attempted: 10, accuracy: 0.5 },
      { letter: 'S', attempted: 4, accuracy: 0.25 },
      { letter: 'T', attempted: 1, accuracy: 0 },
      { letter: 'R', attempted: 1, accuracy: 1 },
      { letter: 'B', attempted: 10, accuracy: 0.95 },
    ];
    // T, missed in its one try, is what the story's result names: it is drilled too
    expect(weakestLetters(rows)).toEqual(['T', 'S', 'A']);
    expect(weakestLetters(rows, 5, 2)).toEqual(['S', 'A']);
  });
});
