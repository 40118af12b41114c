import type { DetectedHand } from '@asl/protocol';
import { classify, handshapeInput, holdSureThreshold, sureThreshold, targetDoubtThreshold } from '@asl/recognition';
import { describe, expect, it } from 'vitest';
import { ADJUST } from './adjust';
import { HandReader } from './hand-reader';

/** A real C (Massey hand1, read by the project's pipeline from the 400x400 photo; z on MediaPipe's scale). */
const C: DetectedHand = {
  handedness: 'right',
  score: 0.99,
  landmarks: [
    [102.01, 358.91, 0],
    [198.16, 287.47, 42.35],
    [246.66, 221.48, 46.75],
    [289.64, 186.14, 33.68],
    [337.69, 159.28, 20.23],
    [122.79, 131.62, 50.95],
    [174.61, 44.03, 29.77],
    [243.26, 42.13, 8.77],
    [295.31, 62.22, -4.22],
    [109.78, 136.51, 8.18],
    [178.54, 23.57, -20.3],
    [259.07, 27.59, -44.52],
    [308.05, 58.28, -56.1],
    [110.92, 148.73, -34.75],
    [169.88, 43.92, -54.47],
    [249.58, 40.24, -62.05],
    [300.47, 65.83, -63.38],
    [135.17, 172.38, -76.08],
    [181.07, 88.87, -88.62],
    [243.5, 69.85, -90.88],
    [292.22, 76.15, -90.45],
  ],
};
/** The same hand with the thumb's tip moved a little: the reading's confidence drops. */
const C2: DetectedHand = {
  ...C,
  landmarks: C.landmarks.map(([x, y, z], i) => (i === 4 ? [x - 60, y + 40, z] : [x, y, z])),
};
const TARGET = { letter: 'C', kind: 'letter' as const };
const FRAME = { width: 400, height: 400 };
const p = (h: DetectedHand) => {
  const { landmarks, handedness } = handshapeInput(h);
  return classify(landmarks, handedness, 'letters').probabilities.C!;
};

describe('HandReader: sure is decided on the held hand, not on one frame', () => {
  it("uses the threshold fitted for a hold by default, not the classifier's one-answer threshold", () => {
    expect(holdSureThreshold()).toBeGreaterThan(0.5);
    expect(holdSureThreshold()).toBeLessThan(sureThreshold());
    expect(new HandReader()['threshold']).toBe(holdSureThreshold());
  });

  it('a hand whose frames scatter around the threshold is sure when their average reaches it', () => {
    const [lo, hi] = [p(C), p(C2)].sort();
    expect(hi! - lo!).toBeGreaterThan(0.02); // the two frames really differ
    const threshold = (lo! + (hi! + lo!) / 2) / 2; // above the low frame, below the average
    const reader = new HandReader(threshold);
    const low = p(C) < p(C2) ? C : C2;
    const high = low === C ? C2 : C;
    const reads = Array.from({ length: 16 }, (_, i) => reader.read(i * 66, [i % 2 ? low : high], TARGET, FRAME));
    // frame by frame, every other reading is under the hold's threshold (each frame's own `sure`
    // is the classifier's, for one answer)...
    expect(reads.map((r) => r.prediction!.confidence >= threshold).slice(8)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    const oneAnswer = (h: typeof C) => {
      const { landmarks, handedness } = handshapeInput(h);
      return classify(landmarks, handedness, 'letters').sure;
    };
    expect(reads.slice(8).map((r) => r.prediction!.sure)).toEqual(
      Array.from({ length: 8 }, (_, i) => oneAnswer(i % 2 ? low : high)),
    );
    // ...but the held hand is sure, on every frame once the hold has begun
    expect(reads.slice(8).every((r) => r.frame.hand!.sure === true)).toBe(true);
    expect(reads.at(-1)!.frame.hand).toMatchObject({ label: 'C', sure: true });
    expect(reads.at(-1)!.frame.hand!.adjust).toBeUndefined();
  });

  it('a hand whose average stays under the threshold is not sure, with advice on what to adjust', () => {
    const reader = new HandReader(Math.min(0.999, p(C) + 0.001));
    let last;
    // the same hand in the middle of a big picture: small in it
    const far = {
      ...C,
      landmarks: C.landmarks.map(([x, y, z]) => [x + 1800, y + 1800, z] as [number, number, number]),
    };
    for (let i = 0; i < 10; i++) last = reader.read(i * 66, [far], TARGET, { width: 4000, height: 4000 });
    expect(last!.frame.hand).toMatchObject({ label: 'C', sure: false, adjust: ADJUST.tooFar });
  });

  it('asks to turn the palm toward the camera when the letter asked is signed palm-on and this palm is side-on', () => {
    // the real C is photographed side-on (its palm 84 degrees from the camera)
    const unsure = (letter: string) => {
      const reader = new HandReader(0.9999, 1);
      let last;
      for (let i = 0; i < 10; i++)
        last = reader.read(i * 66, [C], { letter, kind: 'letter' }, { width: 800, height: 800 });
      return last!.frame.hand!;
    };
    expect(unsure('E')).toMatchObject({ sure: false, adjust: ADJUST.turnPalm });
    expect(unsure('O').adjust).toBe(ADJUST.otherAsPictured); // O is signed side-on too: held as its picture shows
    expect(unsure('A').adjust).toBe(ADJUST.turnPalm);
  });
});

describe('HandReader: the benefit of the doubt toward the letter asked', () => {
  const probs = () => {
    const { landmarks, handedness } = handshapeInput(C);
    return classify(landmarks, handedness, 'letters').probabilities;
  };
  // the letter the C hand is most like after C itself, and how much of it the reading gives
  const [runnerUp, pRunnerUp] = Object.entries(probs())
    .filter(([l]) => l !== 'C')
    .sort((a, b) => b[1] - a[1])[0]!;
  const hold = (reader: HandReader, letter: string) => {
    let last;
    // a frame in which the hand is neither too close nor cut off: nothing about the picture to advise
    for (let i = 0; i < 10; i++)
      last = reader.read(i * 66, [C], { letter, kind: 'letter' }, { width: 800, height: 800 });
    return last!.frame.hand!;
  };

  it('uses the committed threshold by default, a few percent', () => {
    expect(targetDoubtThreshold()).toBeGreaterThan(0);
    expect(targetDoubtThreshold()).toBeLessThan(0.1);
    expect(new HandReader()['doubt']).toBe(targetDoubtThreshold());
  });

  it('a hand read as another letter is not sure while the asked letter keeps enough of the reading', () => {
    expect(pRunnerUp).toBeGreaterThan(1e-5);
    const doubted = hold(new HandReader(0.5, pRunnerUp / 2), runnerUp);
    expect(doubted).toMatchObject({ label: 'C', sure: false });
    // nothing about the picture stands out: what to change toward the asked letter, from its template
    expect(doubted.check).toMatchObject({ matches: false });
    expect(doubted.adjust).toBe(doubted.check!.hint);
    expect(doubted.adjust).not.toBe(ADJUST.other);
    // the same hand, the asked letter given less than the threshold: told as C
    expect(hold(new HandReader(0.5, Math.min(1, pRunnerUp * 2)), runnerUp)).toMatchObject({ label: 'C', sure: true });
    // a letter the reading gives almost nothing
    const unlike = Object.entries(probs()).sort((a, b) => a[1] - b[1])[0]![0];
    expect(hold(new HandReader(0.5, pRunnerUp / 2), unlike)).toMatchObject({ label: 'C', sure: true });
  });

  it("a hand cut off at the picture's edge read as another letter is not sure: the learner is told to come into view", () => {
    // the same hand, its thumb side at the right edge of the frame
    const right = Math.max(...C.landmarks.map(([x]) => x));
    const cut = (letter: string) => {
      const reader = new HandReader(0.5, 1);
      let last;
      for (let i = 0; i < 10; i++)
        last = reader.read(i * 66, [C], { letter, kind: 'letter' }, { width: right + 1, height: 800 });
      return last!.frame.hand!;
    };
    // in full view (the same reader thresholds) the C read for a U counts as a sure wrong reading
    expect(hold(new HandReader(0.5, 1), 'U')).toMatchObject({ label: 'C', sure: true });
    expect(cut('U')).toMatchObject({ label: 'C', sure: false, adjust: ADJUST.outOfView });
    // read as the letter asked, it is sure even cut off
    expect(cut('C')).toMatchObject({ label: 'C', sure: true });
  });

  it('never doubts the letter asked itself, nor toward J or Z (drawn, not held)', () => {
    expect(hold(new HandReader(0.5, 1e-9), 'C')).toMatchObject({ label: 'C', sure: true });
    expect(hold(new HandReader(0.5, 1e-9), 'J')).toMatchObject({ label: 'C', sure: true });
  });
});

describe('HandReader: a J or Z stroke the camera lost', () => {
  const moved = (dx: number): DetectedHand => ({ ...C, landmarks: C.landmarks.map(([x, y, z]) => [x + dx, y, z]) });
  /** held, then three frames moving 60 px each (15 fps: about 6 palms a second), gone for 5 frames, found again */
  function lostStroke(target: { letter: string; kind: 'letter' }) {
    const reader = new HandReader();
    const frame = { width: 1000, height: 400 };
    let t = 0;
    for (let i = 0; i < 5; i++) reader.read((t += 67), [moved(0)], target, frame);
    for (let i = 1; i <= 3; i++) reader.read((t += 67), [moved(60 * i)], target, frame);
    for (let i = 0; i < 5; i++) expect(reader.read((t += 67), [], target, frame).frame.hand).toBeNull();
    return reader.read(t + 67, [moved(200)], target, frame).frame.hand;
  }

  it('tells the learner drawing Z or J that the hand was lost mid-stroke', () => {
    expect(lostStroke({ letter: 'Z', kind: 'letter' })?.drawnTooFast).toBe(true);
    expect(lostStroke({ letter: 'J', kind: 'letter' })?.drawnTooFast).toBe(true);
  });

  it('says nothing of it while a static letter is asked for', () => {
    expect(lostStroke({ letter: 'C', kind: 'letter' })?.drawnTooFast).toBeUndefined();
  });
});
