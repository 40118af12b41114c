/**
 * Temporal smoothing of per-frame class probabilities. A label becomes stable once its
 * smoothed probability has led (above minConfidence) for holdMs; it is reported as
 * `committed` on exactly one frame, so a held letter counts once.
 */

export interface StabilizerOptions {
  /** how long a label must lead before it counts (ms); clamped to 300..500 */
  holdMs: number;
  /** EMA time constant (ms) */
  tauMs: number;
  /** smoothed probability the leader needs */
  minConfidence: number;
  /** a gap of no-hand frames longer than this resets the state (ms) */
  noHandGraceMs: number;
}

export const DEFAULT_STABILIZER: StabilizerOptions = {
  holdMs: 400,
  tauMs: 120,
  minConfidence: 0.6,
  noHandGraceMs: 200,
};

export interface StableResult {
  /** the stable label, or null while nothing has been held long enough */
  label: string | null;
  /** how long the current leader has led (ms) */
  heldMs: number;
  /** current leader (may not be stable yet) */
  candidate: string | null;
  confidence: number;
  /** true only on the frame where label first became stable */
  committed: boolean;
}

export class Stabilizer {
  private readonly o: StabilizerOptions;
  private ema = new Map<string, number>();
  private lastT: number | null = null;
  private lastHandT: number | null = null;
  private candidate: string | null = null;
  private since = 0;
  private committed = false;

  constructor(options: Partial<StabilizerOptions> = {}) {
    const o = { ...DEFAULT_STABILIZER, ...options };
    o.holdMs = Math.min(500, Math.max(300, o.holdMs));
    this.o = o;
  }

  get holdMs(): number {
    return this.o.holdMs;
  }

  reset(): void {
    this.ema.clear();
    this.lastT = null;
    this.lastHandT = null;
    this.candidate = null;
    this.committed = false;
  }

  /** probabilities === null means no hand in this frame. */
  update(timeMs: number, probabilities: Readonly<Record<string, number>> | null): StableResult {
    if (probabilities === null) {
      if (this.lastHandT === null || timeMs - this.lastHandT > this.o.noHandGraceMs) this.reset();
      return { label: null, heldMs: 0, candidate: null, confidence: 0, committed: false };
    }
    const dt = this.lastT === null ? Infinity : Math.max(0, timeMs - this.lastT);
    const a = dt === Infinity ? 1 : 1 - Math.exp(-dt / this.o.tauMs);
    const keys = new Set([...this.ema.keys(), ...Object.keys(probabilities)]);
    for (const k of keys) {
      const prev = this.ema.get(k) ?? 0;
      this.ema.set(k, prev + a * ((probabilities[k] ?? 0) - prev));
    }
    this.lastT = timeMs;
    this.lastHandT = timeMs;

    let leader: string | null = null;
    let best = 0;
    for (const [k, v] of this.ema) {
      if (v > best) {
        best = v;
        leader = k;
      }
    }
    if (best < this.o.minConfidence) leader = null;
    if (leader !== this.candidate) {
      this.candidate = leader;
      this.since = timeMs;
      this.committed = false;
    }
    const heldMs = leader === null ? 0 : timeMs - this.since;
    const stable = leader !== null && heldMs >= this.o.holdMs;
    const committed = stable && !this.committed;
    if (committed) this.committed = true;
    return { label: stable ? leader : null, heldMs, candidate: leader, confidence: leader ? best : 0, committed };
  }
}
