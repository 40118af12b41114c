/**
 * Confidence calibration of the handshape classifier: temperature scaling of the members' logits,
 * the reliability figure (expected calibration error) and the `sure` threshold. Pure functions;
 * the trainer fits them on validation data and stores the result in weights.json.
 */

/** One scored example: each ensemble member's logits, the allowed output indices, and the truth. */
export interface ScoredExample {
  /** logits per member (over all shape classes) */
  logits: readonly ArrayLike<number>[];
  /** output indices the answer is restricted to (e.g. the letters) */
  allowed: readonly number[];
  /** index (into the model's classes) of the true shape */
  truth: number;
}

/** Mean over members of softmax(logits / T), restricted to `allowed` and renormalised (same order). */
export function restrictedProbs(logits: readonly ArrayLike<number>[], allowed: readonly number[], temperature: number) {
  const out = new Float64Array(allowed.length);
  for (const z of logits) {
    let mx = -Infinity;
    for (let k = 0; k < z.length; k++) if (z[k] / temperature > mx) mx = z[k] / temperature;
    let s = 0;
    const e = new Float64Array(z.length);
    for (let k = 0; k < z.length; k++) s += e[k] = Math.exp(z[k] / temperature - mx);
    for (let i = 0; i < allowed.length; i++) out[i] += e[allowed[i]] / s;
  }
  let total = 0;
  for (const v of out) total += v;
  for (let i = 0; i < out.length; i++) out[i] = total > 0 ? out[i] / total : 1 / out.length;
  return out;
}

/** Top-1 answer and its confidence for each example at temperature T. */
export function predictAll(examples: readonly ScoredExample[], temperature: number) {
  return examples.map((e) => {
    const p = restrictedProbs(e.logits, e.allowed, temperature);
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i;
    return { confidence: p[best], correct: e.allowed[best] === e.truth, pTruth: p[e.allowed.indexOf(e.truth)] ?? 0 };
  });
}

/** Mean negative log-likelihood of the truth. */
export function nll(examples: readonly ScoredExample[], temperature: number): number {
  const r = predictAll(examples, temperature);
  return r.reduce((s, x) => s - Math.log(Math.max(x.pTruth, 1e-12)), 0) / Math.max(r.length, 1);
}

/** The temperature that minimises the NLL (golden-section search on log T over [0.2, 10]). */
export function fitTemperature(examples: readonly ScoredExample[]): number {
  let a = Math.log(0.2);
  let b = Math.log(10);
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = nll(examples, Math.exp(c));
  let fd = nll(examples, Math.exp(d));
  for (let i = 0; i < 40; i++) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = nll(examples, Math.exp(c));
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = nll(examples, Math.exp(d));
    }
  }
  return Math.exp((a + b) / 2);
}

export interface ReliabilityBin {
  from: number;
  to: number;
  n: number;
  confidence: number;
  accuracy: number;
}

/** Expected calibration error over equal-width confidence bins, with the bins (reliability diagram). */
export function expectedCalibrationError(
  predictions: readonly { confidence: number; correct: boolean }[],
  bins = 10,
): { ece: number; bins: ReliabilityBin[] } {
  const acc = Array.from({ length: bins }, (_, i) => ({ from: i / bins, to: (i + 1) / bins, n: 0, c: 0, ok: 0 }));
  for (const p of predictions) {
    const b = acc[Math.min(bins - 1, Math.floor(p.confidence * bins))];
    b.n++;
    b.c += p.confidence;
    if (p.correct) b.ok++;
  }
  const total = predictions.length || 1;
  let ece = 0;
  const out: ReliabilityBin[] = [];
  for (const b of acc) {
    if (!b.n) continue;
    ece += (b.n / total) * Math.abs(b.ok / b.n - b.c / b.n);
    out.push({ from: b.from, to: b.to, n: b.n, confidence: b.c / b.n, accuracy: b.ok / b.n });
  }
  return { ece, bins: out };
}

export interface SureFigures {
  threshold: number;
  /** share of answers that are sure */
  sureRate: number;
  /** share of all answers that are sure and wrong */
  sureWrongRate: number;
  /** accuracy among the sure answers */
  sureAccuracy: number;
  n: number;
}

export function sureFigures(predictions: readonly { confidence: number; correct: boolean }[], threshold: number) {
  let sure = 0;
  let sureWrong = 0;
  for (const p of predictions) {
    if (p.confidence < threshold) continue;
    sure++;
    if (!p.correct) sureWrong++;
  }
  const n = predictions.length || 1;
  return {
    threshold,
    sureRate: sure / n,
    sureWrongRate: sureWrong / n,
    sureAccuracy: sure ? (sure - sureWrong) / sure : 1,
    n: predictions.length,
  } satisfies SureFigures;
}

/**
 * The lowest threshold (most answers sure) whose sure-but-wrong share stays at or below
 * `maxSureWrong`, on a grid of 0.01; the threshold is at least `floor`.
 */
export function chooseThreshold(
  predictions: readonly { confidence: number; correct: boolean }[],
  maxSureWrong: number,
  floor = 0.3,
): SureFigures {
  return chooseThresholdCapped(predictions, maxSureWrong, 1, floor);
}

/** The lowest threshold on a grid of 0.01 from `floor` up to 0.99 that passes `ok` (0.99 when none does). */
function lowestThreshold(floor: number, ok: (threshold: number) => boolean): number {
  for (let t = Math.round(floor * 100); t < 99; t++) if (ok(t / 100)) return t / 100;
  return 0.99;
}

/**
 * The lowest threshold at which at most `maxSureWrong` of the answers are sure and wrong and at
 * most `maxSureRate` of them are sure: for a held sign, whose mean probability sits a little lower
 * than one answer, a threshold no more lenient than the classifier's (`maxSureRate` its sure share
 * on the same people).
 */
export function chooseThresholdCapped(
  predictions: readonly { confidence: number; correct: boolean }[],
  maxSureWrong: number,
  maxSureRate: number,
  floor = 0.3,
): SureFigures {
  const passes = (t: number) => {
    const f = sureFigures(predictions, t);
    return f.sureWrongRate <= maxSureWrong && f.sureRate <= maxSureRate;
  };
  return sureFigures(predictions, lowestThreshold(floor, passes));
}

/**
 * The `sure` threshold chosen on held-out groups (e.g. leave-one-source-out answers: each group a
 * kind of camera and people the networks never saw): the lowest threshold (grid of 0.01, at least
 * `floor`) at which the mean over the groups of their sure-but-wrong shares is at most
 * `maxSureWrong`. Each group weighs the same however many answers it has, so one large source
 * cannot make `sure` lenient for the others.
 */
export function chooseThresholdAcross(
  groups: readonly (readonly { confidence: number; correct: boolean }[])[],
  maxSureWrong: number,
  floor = 0.3,
): number {
  const used = groups.filter((g) => g.length > 0);
  if (!used.length) throw new Error('chooseThresholdAcross needs at least one non-empty group');
  const meanSureWrong = (t: number) => used.reduce((s, g) => s + sureFigures(g, t).sureWrongRate, 0) / used.length;
  return lowestThreshold(floor, (t) => meanSureWrong(t) <= maxSureWrong);
}

/**
 * Each group's figures at the threshold chosen on the other groups alone (nested: the group the
 * figure is for took no part in choosing its threshold), as `chooseThresholdAcross` chooses.
 */
export function nestedSureFigures(
  groups: Readonly<Record<string, readonly { confidence: number; correct: boolean }[]>>,
  maxSureWrong: number,
  floor = 0.3,
): Record<string, SureFigures> {
  const names = Object.keys(groups);
  if (names.length < 2) throw new Error('nestedSureFigures needs at least two groups');
  return Object.fromEntries(
    names.map((name) => {
      const others = names.filter((n) => n !== name).map((n) => groups[n]);
      return [name, sureFigures(groups[name], chooseThresholdAcross(others, maxSureWrong, floor))];
    }),
  );
}
