import { MEMORY_WARNING_MB, PERF_TESTS, healthGrade } from '@asl/protocol';

/** Pure analysis used by the development-only performance tools. */

export interface MemorySample {
  at: number;
  usedMb: number;
}

const MB = 1024 * 1024;
export const bytesToMb = (b: number) => Math.round((b / MB) * 10) / 10;

/** Used heap in MB (Chromium's performance.memory), or null where the browser does not tell. */
export function readMemoryMb(
  perf: unknown = typeof performance === 'undefined' ? undefined : performance,
): number | null {
  const m = (perf as { memory?: { usedJSHeapSize?: number } } | undefined)?.memory;
  return typeof m?.usedJSHeapSize === 'number' ? bytesToMb(m.usedJSHeapSize) : null;
}

export const isMemoryHigh = (usedMb: number) => usedMb > MEMORY_WARNING_MB;

export type Severity = 'none' | 'medium' | 'high';

/** Memory growth severity: high above 100 MB, medium above 50 MB. */
export function growthSeverity(growthMb: number): Severity {
  if (growthMb > PERF_TESTS.memoryGrowthHighAbove) return 'high';
  if (growthMb > PERF_TESTS.memoryGrowthMediumAbove) return 'medium';
  return 'none';
}

export interface LeakCheck {
  samples: number;
  growthMb: number;
  /** Memory rose between every pair of samples across the window. */
  steadilyRising: boolean;
  severity: Severity;
  suspected: boolean;
}

export function checkLeak(samples: readonly MemorySample[]): LeakCheck {
  if (samples.length < 2)
    return { samples: samples.length, growthMb: 0, steadilyRising: false, severity: 'none', suspected: false };
  const growthMb = Math.round((samples[samples.length - 1]!.usedMb - samples[0]!.usedMb) * 10) / 10;
  const steadilyRising = samples.every((s, i) => i === 0 || s.usedMb >= samples[i - 1]!.usedMb);
  const severity = growthSeverity(growthMb);
  return {
    samples: samples.length,
    growthMb,
    steadilyRising,
    severity,
    suspected: severity !== 'none' || (steadilyRising && growthMb > 10),
  };
}

export interface RouteSwitchResult {
  attempts: number;
  successes: number;
  durationsMs: number[];
}

export interface Flag {
  kind: 'success_rate' | 'memory_growth' | 'slow_transitions' | 'memory_high';
  severity: 'medium' | 'high';
  message: string;
}

export interface HealthReport {
  grade: ReturnType<typeof healthGrade>;
  successRate: number | null;
  averageTransitionMs: number | null;
  memoryGrowthMb: number | null;
  flags: Flag[];
}

/** Flags and the health grade: success rate under 80 %, memory growth above 50 / 100 MB, slow transitions, high memory. */
export function healthReport(input: {
  routeSwitch?: RouteSwitchResult;
  memory?: readonly MemorySample[];
  slowTransitions?: number;
}): HealthReport {
  const flags: Flag[] = [];
  let successRate: number | null = null;
  let averageTransitionMs: number | null = null;
  if (input.routeSwitch && input.routeSwitch.attempts > 0) {
    const r = input.routeSwitch;
    successRate = Math.round((r.successes / r.attempts) * 1000) / 10;
    if (successRate < PERF_TESTS.successRateFlagBelow) {
      flags.push({
        kind: 'success_rate',
        severity: 'high',
        message: `Route switch success rate ${successRate}% is under ${PERF_TESTS.successRateFlagBelow}%`,
      });
    }
    if (r.durationsMs.length)
      averageTransitionMs = Math.round(r.durationsMs.reduce((a, b) => a + b, 0) / r.durationsMs.length);
  }
  let memoryGrowthMb: number | null = null;
  if (input.memory && input.memory.length >= 2) {
    const leak = checkLeak(input.memory);
    memoryGrowthMb = leak.growthMb;
    if (leak.severity !== 'none') {
      flags.push({ kind: 'memory_growth', severity: leak.severity, message: `Memory grew by ${leak.growthMb} MB` });
    }
    const lastMb = input.memory[input.memory.length - 1]!.usedMb;
    if (isMemoryHigh(lastMb))
      flags.push({
        kind: 'memory_high',
        severity: 'medium',
        message: `Memory use ${lastMb} MB is above ${MEMORY_WARNING_MB} MB`,
      });
  }
  if (input.slowTransitions) {
    flags.push({
      kind: 'slow_transitions',
      severity: 'medium',
      message: `${input.slowTransitions} route transitions took longer than 1000 ms`,
    });
  }
  return { grade: healthGrade(flags.length), successRate, averageTransitionMs, memoryGrowthMb, flags };
}
