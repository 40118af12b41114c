import { describe, expect, it } from 'vitest';
import { listed, plural, practiceTime } from './words';

describe('words', () => {
  it('lists with "and" before the last', () => {
    expect(listed([])).toBe('');
    expect(listed(['C'])).toBe('C');
    expect(listed(['C', 'O'])).toBe('C and O');
    expect(listed(['M', 'N', 'S'])).toBe('M, N and S');
  });
  it('counts and rounds practice time', () => {
    expect(plural(1, 'letter')).toBe('1 letter');
    expect(plural(2, 'letter')).toBe('2 letters');
    expect(practiceTime(0)).toBe('none yet');
    expect(practiceTime(20_000)).toBe('under a minute');
    expect(practiceTime(33_217)).toBe('under a minute'); // not "1 minute"
    expect(practiceTime(60_000)).toBe('1 minute');
    expect(practiceTime(95_000)).toBe('2 minutes');
  });
});
