import type { Story } from '@asl/protocol';
import { describe, expect, it } from 'vitest';
import { PracticeEngine, type PracticeEvent } from './engine';
import { summarise, type ScoredAttempt } from './scoring';
import { framesOf, SCRIPTED_CASES, signWord, type Step } from './scripted';

const story = (...words: string[]): Story => ({
  id: 't',
  level: 1,
  title: 't',
  summary: '',
  tags: [],
  sentences: words.map((w) => ({ text: w, targets: [w] })),
});

function run(words: string[], steps: Step[]) {
  const engine = new PracticeEngine(story(...words));
  const events: PracticeEvent[] = [];
  for (const f of framesOf(steps)) {
    const e = engine.frame(f);
    if (e) events.push(e);
  }
  const attempts: ScoredAttempt[] = events
    .filter((e) => e.counted)
    .map((e) => ({ ...e.target, target: e.target.letter, correct: e.correct }));
  return { engine, events, attempts, counted: events.filter((e) => e.counted) };
}

describe('practice engine: the scripted cases (the offline engine runs the same)', () => {
  it.each(SCRIPTED_CASES)('$name', (c) => {
    const { events } = run(c.words, c.steps);
    expect(events.filter((e) => e.counted).map((e) => `${e.target.letter}:${e.detected}:${e.correct}`)).toEqual(
      c.counted,
    );
    expect(events.filter((e) => !e.counted).map((e) => e.kind)).toEqual(c.hints);
  });
});

describe('practice engine: what counts as an attempt', () => {
  it('does not count the accepted letter, still held, against the next target', () => {
    const { counted, engine, attempts } = run(['SUN'], signWord('SUN', 700, 800));
    expect(counted.map((e) => `${e.target.letter}:${e.detected}:${e.correct}`)).toEqual([
      'S:S:true',
      'U:U:true',
      'N:N:true',
    ]);
    expect(engine.finished).toBe(true);
    expect(summarise(attempts, 3)).toMatchObject({
      overall_score: 100,
      completed: true,
      letters_signed: 3,
      letters_first_try: 3,
      wrong_attempts: 0,
    });
  });

  it('taking over from another engine, the letter it just counted, still held, is not counted against the next', () => {
    // live practice accepted S, then the connection dropped: the device's engine continues at U
    const from = { sentence_index: 0, word_index: 0, letter_index: 1 };
    const steps: Step[] = [
      { hand: 'S', ms: 1500 },
      { hand: 'U', ms: 800 },
    ];
    const count = (engine: PracticeEngine) =>
      framesOf(steps)
        .map((f) => engine.frame(f))
        .filter((e): e is PracticeEvent => !!e?.counted)
        .map((e) => `${e.target.letter}:${e.detected}:${e.correct}`);
    expect(count(new PracticeEngine(story('SUN'), { from, spent: ['S'] }))).toEqual(['U:U:true']);
    // without it, the S still held was a wrong attempt at U
    expect(count(new PracticeEngine(story('SUN'), { from }))).toEqual(['U:S:false', 'U:U:true']);
  });

  it('handed back from the device (moveTo, then spend), the letter the device just counted is not counted against the next', () => {
    const steps: Step[] = [
      { hand: 'S', ms: 1500 },
      { hand: 'U', ms: 800 },
    ];
    const handedBack = (spent: string[]) => {
      const engine = new PracticeEngine(story('SUN'));
      engine.moveTo({ sentence_index: 0, word_index: 0, letter_index: 1 });
      engine.spend(spent);
      return framesOf(steps)
        .map((f) => engine.frame(f))
        .filter((e): e is PracticeEvent => !!e?.counted)
        .map((e) => `${e.target.letter}:${e.detected}:${e.correct}`);
    };
    expect(handedBack(['S'])).toEqual(['U:U:true']);
    expect(handedBack([])).toEqual(['U:S:false', 'U:U:true']);
  });

  it("praises each letter, and the word's last letter names the word spelled", () => {
    const { counted } = run(['SUN', 'A'], [...signWord('SUN', 700, 800), ...signWord('A', 700, 800)]);
    expect(counted.map((e) => e.hint)).toEqual([
      "That's S. Well done!",
      "That's U. Well done!",
      "That's N. Well done! You spelled SUN.",
      "That's A. Well done!",
    ]);
  });

  it('takes back the last counted attempt (its save failed): the letter is asked again, first try and not done', () => {
    const { engine } = run(['SUN'], signWord('SU', 700, 800));
    expect(engine.target?.letter).toBe('N');
    engine.undoLast();
    expect(engine.target?.letter).toBe('U');
    expect(engine.lettersDone).toBe(1);
    const again = run(['SUN'], []).engine;
    let e: PracticeEvent | null = null;
    for (const f of framesOf([{ hand: 'U', ms: 700 }])) e = again.frame(f) ?? e;
    expect(e).toMatchObject({ correct: false, firstTry: true });
    again.undoLast();
    // a wrong try taken back: the next try at S is still the first
    for (const f of framesOf(
      [
        { hand: null, ms: 300 },
        { hand: 'S', ms: 700 },
      ],
      2_000,
    ))
      e = again.frame(f) ?? e;
    expect(e).toMatchObject({ target: { letter: 'S' }, correct: true, firstTry: true });
    again.undoLast();
    again.undoLast(); // once only
    expect(again.target?.letter).toBe('S');
    expect(again.lettersDone).toBe(0);
  });

  it('keeps the accepted letter spent however long it is held (3 s)', () => {
    const { counted } = run(['AB'], [{ hand: 'A', ms: 3500 }]);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({ correct: true, advanced: true });
  });

  it('accepts doubled letters after a bounce of the hand (HELLO, BOOK)', () => {
    const hello = run(['HELLO'], signWord('HELLO'));
    expect(hello.counted.map((e) => e.correct)).toEqual([true, true, true, true, true]);
    expect(hello.engine.finished).toBe(true);
    const book = run(['BOOK'], signWord('BOOK'));
    expect(book.counted.map((e) => e.detected)).toEqual(['B', 'O', 'O', 'K']);
    expect(book.engine.finished).toBe(true);
  });

  it('accepts a doubled letter after the hand relaxes, and not while it is held still', () => {
    const still = run(['LL'], [{ hand: 'L', ms: 2000 }]);
    expect(still.counted).toHaveLength(1);
    const relaxed = run(
      ['LL'],
      [
        { hand: 'L', ms: 600 },
        { hand: null, ms: 0 },
        { hand: 'B', ms: 300 },
        { hand: 'L', ms: 600 },
      ],
    );
    // B (the relaxed hand) was read for less than a hold: only the two L count
    expect(relaxed.counted.map((e) => `${e.detected}:${e.correct}`)).toEqual(['L:true', 'L:true']);
  });

  it('counts a wrong handshape held 2 s once, and again only after the hand changes', () => {
    const { counted } = run(['CAT'], [{ hand: 'Y', ms: 2000 }]);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({ target: { letter: 'C' }, detected: 'Y', correct: false, firstTry: true });
    const again = run(
      ['CAT'],
      [
        { hand: 'Y', ms: 2000 },
        { hand: 'B', ms: 600 },
        { hand: 'C', ms: 600 },
      ],
    );
    expect(again.counted.map((e) => `${e.detected}:${e.correct}`)).toEqual(['Y:false', 'B:false', 'C:true']);
    expect(summarise(again.attempts, 3)).toMatchObject({
      letters_attempted: 1,
      letters_signed: 1,
      letters_first_try: 0,
      wrong_attempts: 2,
      overall_score: 0,
      completed: false,
    });
  });

  it('counts the same shape again when the hand is dropped and raised', () => {
    const { counted } = run(
      ['CAT'],
      [
        { hand: 'Y', ms: 700 },
        { hand: null, ms: 400 },
        { hand: 'Y', ms: 700 },
      ],
    );
    expect(counted.map((e) => e.detected)).toEqual(['Y', 'Y']);
    // a dropped frame or two is not the hand leaving
    const blink = run(
      ['CAT'],
      [
        { hand: 'Y', ms: 700 },
        { hand: null, ms: 66 },
        { hand: 'Y', ms: 700 },
      ],
    );
    expect(blink.counted).toHaveLength(1);
  });

  it('a bounce does not make a held letter count against a different next letter', () => {
    const { counted } = run(
      ['SU'],
      [
        { hand: 'S', ms: 700 },
        { hand: 'S', ms: 300, with: { at: { x: 260, y: 120, size: 60 } } },
        { hand: 'S', ms: 700 },
      ],
    );
    expect(counted).toHaveLength(1);
  });

  it('J or Z half drawn is a hint with a typed motion-pending state, never a wrong attempt', () => {
    const check = { matches: true, hint: 'irrelevant text' };
    const half = run(['JAM'], [{ hand: 'I', ms: 2000, with: { check } }]);
    expect(half.counted).toHaveLength(0);
    expect(half.events).toHaveLength(1);
    expect(half.events[0]).toMatchObject({ kind: 'motion_pending', counted: false, correct: false });
    expect(half.events[0]!.hint).toMatch(/draw a J/);

    const drawn = run(
      ['JAM'],
      [
        { hand: 'I', ms: 1000, with: { check, motionAtEnd: 'J' } },
        { hand: 'I', ms: 1500 },
      ],
    );
    expect(drawn.events.map((e) => e.kind)).toEqual(['motion_pending', 'attempt']);
    expect(drawn.counted[0]).toMatchObject({ detected: 'J', correct: true, advanced: true });
    // the I shape the J ends in is spent with it: not a wrong attempt at A
    expect(drawn.counted).toHaveLength(1);
    expect(drawn.engine.target?.letter).toBe('A');
  });

  it('a Z whose hand the camera lost mid-stroke: told once to draw it more slowly, nothing counted', () => {
    const check = { matches: true, hint: 'irrelevant text' };
    const lost = run(
      ['ZAP'],
      [
        { hand: 'D', ms: 700, with: { check } },
        { hand: null, ms: 400 },
        { hand: 'D', ms: 1500, with: { check, drawnTooFast: true } },
      ],
    );
    expect(lost.counted).toHaveLength(0);
    expect(lost.events.map((e) => e.kind)).toEqual(['motion_pending', 'motion_pending']);
    expect(lost.events[1]!.hint).toBe('Draw the Z a little more slowly: the camera lost your hand while it moved');
    // not when J or Z is not the letter asked for
    const other = run(['AB'], [{ hand: 'A', ms: 700, with: { drawnTooFast: true } }]);
    expect(other.events.map((e) => e.hint)).toEqual(["That's A. Well done!"]);
  });

  it('a wrong handshape for J is a counted attempt with the correction', () => {
    const { counted } = run(
      ['JAM'],
      [{ hand: 'A', ms: 700, with: { check: { matches: false, hint: 'Straighten your pinky finger' } } }],
    );
    expect(counted[0]).toMatchObject({ kind: 'attempt', correct: false, hint: 'Straighten your pinky finger' });
  });

  it('a reading the recogniser is not sure of asks for an adjustment, names no letter, counts nothing', () => {
    const { events, counted } = run(['CAT'], [{ hand: 'Y', ms: 2000, with: { sure: false } }]);
    expect(counted).toHaveLength(0);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'adjust', detected: null, counted: false });
    expect(events[0]!.hint).toMatch(/hold your hand still/i);
    const said = run(['CAT'], [{ hand: 'Y', ms: 700, with: { sure: false, adjust: 'Move closer to the camera' } }]);
    expect(said.events[0]!.hint).toBe('Move closer to the camera');
    // once sure, the same hold counts (after a hold of its own)
    const then = run(
      ['CAT'],
      [
        { hand: 'C', ms: 500, with: { sure: false } },
        { hand: 'C', ms: 300 },
        { hand: 'C', ms: 300 },
      ],
    );
    expect(then.events.map((e) => e.kind)).toEqual(['adjust', 'attempt']);
    expect(then.counted[0]).toMatchObject({ correct: true });
  });

  it('a hand in view that reads as no clear handshape for a second is told what to adjust, once', () => {
    const unclear = (ms: number): Step => ({
      hand: '?',
      ms,
      with: { label: null, adjust: 'Hold your hand still for a moment' },
    });
    expect(run(['CAT'], [unclear(600)]).events).toHaveLength(0); // passing through between two letters
    const { events, counted } = run(['CAT'], [unclear(3000)]);
    expect(counted).toHaveLength(0);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'adjust', detected: null, hint: 'Hold your hand still for a moment' });
  });

  it('a missing sure flag is sure', () => {
    const { counted } = run(['CAT'], [{ hand: 'C', ms: 700 }]);
    expect(counted[0]).toMatchObject({ correct: true });
  });

  it('Try Again goes back to the word start; the held letter must change before it counts again', () => {
    const engine = new PracticeEngine(story('CAT'));
    for (const f of framesOf(signWord('CA'))) engine.frame(f);
    expect(engine.target?.letter).toBe('T');
    engine.tryAgain();
    expect(engine.target?.letter).toBe('C');
    const events = framesOf([{ hand: 'A', ms: 1000 }], 100_000)
      .map((f) => engine.frame(f))
      .filter(Boolean);
    expect(events).toHaveLength(0);
  });

  it('Restart Story: the handshape held as it was pressed does not count against the first letter', () => {
    const engine = new PracticeEngine(story('CAT'));
    for (const f of framesOf(signWord('CAT'))) engine.frame(f);
    expect(engine.finished).toBe(true);
    engine.restart();
    expect(engine.lettersDone).toBe(0);
    const held = framesOf([{ hand: 'T', ms: 3000 }], 100_000)
      .map((f) => engine.frame(f))
      .filter(Boolean);
    expect(held).toHaveLength(0);
    // a new session on the server (Restart Story there) is told the spent handshape
    const fresh = new PracticeEngine(story('CAT'), { spent: engine.spent });
    expect(engine.spent).toEqual(['T']);
    expect(framesOf([{ hand: 'T', ms: 3000 }], 200_000).filter((f) => fresh.frame(f)?.counted)).toHaveLength(0);
  });

  it('counts only the letters signed as done: a sentence skipped is not', () => {
    const engine = new PracticeEngine(story('CAT', 'RED', 'MAT'));
    for (const f of framesOf(signWord('CA'))) engine.frame(f);
    expect(engine.lettersDone).toBe(2);
    engine.nextSentence(); // T skipped
    expect(engine.target).toMatchObject({ word: 'RED', letter: 'R' });
    expect(engine.lettersDone).toBe(2);
    // resumed: the signed letters given, or (taking over from another engine) those before `from`
    const from = { sentence_index: 2, word_index: 0, letter_index: 0 };
    const signed = [0, 1].map((letter_index) => ({ sentence_index: 0, word_index: 0, letter_index }));
    expect(new PracticeEngine(story('CAT', 'RED', 'MAT'), { from, signed }).lettersDone).toBe(2);
    expect(new PracticeEngine(story('CAT', 'RED', 'MAT'), { from }).lettersDone).toBe(6);
  });
});
