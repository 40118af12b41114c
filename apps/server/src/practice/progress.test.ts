import { describe, expect, it } from 'vitest';
import { dayIn, streakFromDays, weakestLetters } from './progress';

describe('streakFromDays', () => {
  const today = '2026-11-22';
  it('counts consecutive days ending today or yesterday', () => {
    expect(streakFromDays(['2026-11-22', '2026-11-21', '2026-11-20', '2026-11-18'], today)).toBe(3);
    expect(streakFromDays(['2026-11-21', '2026-11-20'], today)).toBe(2);
    expect(streakFromDays(['2026-11-19'], today)).toBe(0);
    expect(streakFromDays([], today)).toBe(0);
    // across a month's end and a leap day
    expect(streakFromDays(['2028-03-01', '2028-02-29', '2028-02-28'], '2028-03-01')).toBe(3);
  });
});

describe('dayIn', () => {
  it("gives a moment's calendar day in a time zone", () => {
    const t = Date.parse('2026-11-27T03:30:00Z');
    expect(dayIn('UTC')(t)).toBe('2026-11-27');
    expect(dayIn('America/Los_Angeles')(t)).toBe('2026-11-26'); // 19:30 the evening before
    expect(dayIn('Asia/Kathmandu')(t)).toBe('2026-11-27'); // 09:15, a +5:45 zone
    expect(dayIn('Pacific/Kiritimati')(Date.parse('2026-11-27T11:00:00Z'))).toBe('2026-11-28'); // +14
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
