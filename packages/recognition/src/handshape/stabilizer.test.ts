import { describe, expect, it } from 'vitest';
import { Stabilizer } from './stabilizer.js';

const A = { A: 0.9, S: 0.1 };
const S = { A: 0.1, S: 0.9 };

describe('Stabilizer', () => {
  it('reports a letter only after it has been held for holdMs, and commits it once', () => {
    const st = new Stabilizer({ holdMs: 400 });
    const results = [];
    for (let t = 0; t <= 1000; t += 33) results.push({ t, r: st.update(t, A) });
    const firstStable = results.find((x) => x.r.label === 'A')!;
    expect(firstStable.t).toBeGreaterThanOrEqual(400);
    expect(firstStable.t).toBeLessThan(500);
    expect(results.filter((x) => x.t < 400).every((x) => x.r.label === null)).toBe(true);
    expect(results.filter((x) => x.r.committed).length).toBe(1);
    expect(results[results.length - 1].r.heldMs).toBeGreaterThanOrEqual(990);
  });

  it('does not commit a flickering prediction', () => {
    const st = new Stabilizer();
    let committed = 0;
    for (let i = 0; i < 60; i++) if (st.update(i * 33, i % 2 ? A : S).committed) committed++;
    expect(committed).toBe(0);
  });

  it('switches to a new letter after it is held, counting each once', () => {
    const st = new Stabilizer({ holdMs: 300 });
    const commits: string[] = [];
    let t = 0;
    for (; t < 600; t += 33) {
      const r = st.update(t, A);
      if (r.committed) commits.push(r.label!);
    }
    for (; t < 1400; t += 33) {
      const r = st.update(t, S);
      if (r.committed) commits.push(r.label!);
    }
    expect(commits).toEqual(['A', 'S']);
  });

  it('resets after a no-hand gap longer than the grace period, but bridges a short one', () => {
    const st = new Stabilizer({ holdMs: 400, noHandGraceMs: 200 });
    for (let t = 0; t <= 300; t += 33) st.update(t, A);
    st.update(333, null);
    expect(st.update(366, A).heldMs).toBeGreaterThan(300); // short gap bridged
    for (let t = 399; t <= 800; t += 33) st.update(t, null);
    const r = st.update(833, A);
    expect(r.heldMs).toBe(0);
    expect(r.label).toBeNull();
  });

  it('clamps the hold time to 300..500 ms', () => {
    expect(new Stabilizer({ holdMs: 50 }).holdMs).toBe(300);
    expect(new Stabilizer({ holdMs: 5000 }).holdMs).toBe(500);
  });
});
