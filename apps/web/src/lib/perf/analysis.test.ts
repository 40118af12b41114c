import { describe, expect, it } from 'vitest';
import { checkLeak, growthSeverity, healthReport, isMemoryHigh, readMemoryMb } from './analysis';

const s = (...mb: number[]) => mb.map((usedMb, i) => ({ at: i * 5000, usedMb }));

describe('performance analysis', () => {
  it('reads Chromium memory and warns above 100 MB', () => {
    expect(readMemoryMb({ memory: { usedJSHeapSize: 50 * 1024 * 1024 } })).toBe(50);
    expect(readMemoryMb({})).toBeNull();
    expect(isMemoryHigh(100)).toBe(false);
    expect(isMemoryHigh(100.1)).toBe(true);
  });

  it('grades memory growth: high above 100, medium above 50', () => {
    expect(growthSeverity(50)).toBe('none');
    expect(growthSeverity(51)).toBe('medium');
    expect(growthSeverity(100)).toBe('medium');
    expect(growthSeverity(101)).toBe('high');
    expect(checkLeak(s(10, 40, 70))).toMatchObject({ growthMb: 60, severity: 'medium', suspected: true });
    expect(checkLeak(s(10, 12, 11))).toMatchObject({ suspected: false, steadilyRising: false });
  });

  it('flags a success rate under 80 and grades the health', () => {
    const ok = healthReport({
      routeSwitch: { attempts: 10, successes: 8, durationsMs: [100, 300] },
      memory: s(20, 21),
    });
    expect(ok).toMatchObject({ grade: 'excellent', successRate: 80, averageTransitionMs: 200, flags: [] });
    const bad = healthReport({
      routeSwitch: { attempts: 10, successes: 7, durationsMs: [] },
      memory: s(20, 140),
      slowTransitions: 3,
    });
    expect(bad.flags.map((f) => [f.kind, f.severity])).toEqual([
      ['success_rate', 'high'],
      ['memory_growth', 'high'],
      ['memory_high', 'medium'],
      ['slow_transitions', 'medium'],
    ]);
    expect(bad.grade).toBe('fair');
  });
});
