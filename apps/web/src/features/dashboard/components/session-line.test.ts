import { describe, expect, it } from 'vitest';
import { practiceTime } from '../../../lib/words';
import { practiseLabel, sessionLine, statusWords } from './ProgressPanel';

const s = {
  session_id: 'x',
  story_id: 'l1-a-sunny-day',
  story_title: 'A Sunny Day',
  status: 'completed',
  started_at: '2026-11-24T01:00:00.000Z',
  duration_ms: 60_000,
  overall_score: 100,
  attempts: 1,
  letters_done: 12,
  letters_total: 12,
  counting: 'letters' as const,
};

describe('dashboard words', () => {
  it('says a session status in plain words', () => {
    expect(statusWords('completed')).toBe('finished');
    expect(statusWords('ended_early')).toBe('ended early');
    expect(statusWords('stopped')).toBe('ended early');
    expect(statusWords('active')).toBe('in progress');
  });
  it('writes a recent session with letters, score and correct plurals; old sessions say how they were counted', () => {
    expect(sessionLine(s)).toMatch(/ · finished · 12 of 12 letters · 100% right first time · 1 attempt$/);
    expect(sessionLine({ ...s, counting: 'attempts', overall_score: 30, attempts: 30, status: 'active' })).toMatch(
      / · in progress · score 30% \(old count, per attempt\) · 30 attempts$/,
    );
  });
  it('says practice time honestly: none for a new account, rounded to the nearest minute', () => {
    expect(practiceTime(0)).toBe('none yet');
    expect(practiceTime(20_000)).toBe('under a minute');
    expect(practiceTime(89_000)).toBe('1 minute');
    expect(practiceTime(91_000)).toBe('2 minutes');
  });
});

describe('practiseLabel', () => {
  it('names the weakest letters, or offers the next story when none is weak', () => {
    expect(practiseLabel(['M', 'N'])).toBe('Practise your weakest letters (M, N)');
    // the drill it opens has three letters: the label names those
    expect(practiseLabel(['H', 'N', 'O', 'T', 'U'])).toBe('Practise your weakest letters (H, N, O)');
    expect(practiseLabel([])).toBe('Practise the next story');
    // a learner who has not practised yet
    expect(practiseLabel([], 0)).toBe('Start your first story');
  });
});
