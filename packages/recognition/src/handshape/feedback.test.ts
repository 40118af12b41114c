import { describe, expect, it } from 'vitest';
import { feedbackFor } from './feedback.js';
import { handState } from './finger-state.js';
import { matchesTemplate } from './template-match.js';
import type { Classification } from './classifier.js';
import { FIXTURES, samplesOf } from './__fixtures__/fixtures.js';

const said = (label: string, confidence = 0.9): Classification => ({
  label,
  confidence,
  sure: true,
  probabilities: { [label]: confidence },
});

describe('feedbackFor', () => {
  it('praises a correct letter', () => {
    const lm = samplesOf('A')[0].landmarks;
    expect(feedbackFor('A', lm, 'Unknown', said('A'))).toEqual({ correct: true, hint: "That's an A — well done!" });
    expect(feedbackFor('b', samplesOf('B')[0].landmarks, 'Unknown', said('B')).hint).toBe("That's a B — well done!");
  });

  it('does not call a low-confidence agreement correct', () => {
    expect(feedbackFor('A', samplesOf('A')[0].landmarks, 'Unknown', said('A', 0.3)).correct).toBe(false);
  });

  it('an open B shown for A: curl the fingers', () => {
    const lm = samplesOf('B', 'boris')[0].landmarks;
    const fb = feedbackFor('A', lm, 'Unknown', said('B'));
    expect(fb.correct).toBe(false);
    expect(fb.hint).toBe('Curl your index, middle, ring and pinky fingers');
  });

  it('a fist shown for C or O: curve the fingers (not "Straighten" them into a B)', () => {
    const fist = samplesOf('T', 'boris')[0].landmarks;
    expect(feedbackFor('C', fist, 'Unknown', said('T')).hint).toBe(
      'Open your fingers into a curve, as if holding a cup',
    );
    const open = samplesOf('B', 'boris')[0].landmarks;
    // a flat B for C: its straight fingers pass the C template; the thumb's hint says the whole shape
    expect(feedbackFor('C', open, 'Unknown', said('B')).hint).toBe(
      'Curve your thumb and fingers into a C shape, as if holding a cup',
    );
    expect(feedbackFor('O', open, 'Unknown', said('B')).hint).toBe(
      'Curve your fingers down to meet your thumb in an O',
    );
  });

  it('V shown for U: bring the fingers together; U shown for V: spread them', () => {
    expect(feedbackFor('U', samplesOf('V', 'boris')[0].landmarks, 'Unknown', said('V')).hint).toBe(
      'Keep your index and middle fingers together',
    );
    expect(feedbackFor('V', samplesOf('U', 'boris')[0].landmarks, 'Unknown', said('U')).hint).toBe(
      'Spread your index and middle fingers',
    );
  });

  it('A shown for L: straighten the index finger', () => {
    expect(feedbackFor('L', samplesOf('A', 'boris')[0].landmarks, 'Unknown', said('A')).hint).toBe(
      'Straighten your index finger',
    );
  });

  it('B shown for 5 asks for the thumb; I shown for Y asks for the thumb', () => {
    expect(feedbackFor('5', samplesOf('B', 'boris')[0].landmarks, 'Unknown', said('4')).hint).toBe(
      'Stick your thumb out',
    );
    expect(feedbackFor('Y', samplesOf('I', 'boris')[0].landmarks, 'Unknown', said('I')).hint).toBe(
      'Stick your thumb out to the side',
    );
  });

  it('falls back to naming the look-alike when the templates see no difference', () => {
    const fb = feedbackFor('S', samplesOf('S', 'boris')[0].landmarks, 'Unknown', said('A', 0.8));
    expect(fb.correct).toBe(false);
    expect(fb.hint).toMatch(/looks more like an A/);
  });

  it('templates accept most correctly labelled real samples', () => {
    const ok = FIXTURES.filter((s) => matchesTemplate(s.label, handState(s.landmarks, 'Unknown'))).length;
    expect(ok / FIXTURES.length).toBeGreaterThanOrEqual(0.8);
  });

  it('rejects unknown targets', () => {
    expect(() => feedbackFor('?', FIXTURES[0].landmarks, 'Unknown', said('A'))).toThrow(/template/);
  });
});
