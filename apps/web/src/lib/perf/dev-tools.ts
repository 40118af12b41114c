import { MONITORING, PERF_TESTS } from '@asl/protocol';
import { checkLeak, healthReport, isMemoryHigh, readMemoryMb, type HealthReport, type MemorySample } from './analysis';
import { transitions, type TransitionTracker } from './transitions';

/**
 * Development-only performance tools (spec section 9). main.tsx loads this module only
 * when import.meta.env.DEV, so none of it reaches the production bundle.
 */

const SAMPLES_KEPT = 120;
const log = (...args: unknown[]) => console.info('[perf]', ...args);
const warn = (...args: unknown[]) => console.warn('[perf]', ...args);

export interface DevTools {
  stop(): void;
  samples(): readonly MemorySample[];
  report(): HealthReport;
  memoryLeakTest(durationMs?: number): Promise<HealthReport>;
  routeSwitchTest(navigate: (path: string) => void, durationMs?: number): Promise<HealthReport>;
  fullSuite(navigate: (path: string) => void): Promise<{ memory: HealthReport; routes: HealthReport }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startDevTools(tracker: TransitionTracker = transitions): DevTools {
  const samples: MemorySample[] = [];
  const sample = () => {
    const usedMb = readMemoryMb();
    if (usedMb === null) return;
    samples.push({ at: Date.now(), usedMb });
    if (samples.length > SAMPLES_KEPT) samples.shift();
    if (isMemoryHigh(usedMb)) warn(`memory use ${usedMb} MB is above the warning level`);
  };
  const windowSince = (ms: number) => samples.filter((s) => s.at >= Date.now() - ms);
  const report = () => healthReport({ memory: samples, slowTransitions: tracker.slow().length });

  const timers = [
    setInterval(sample, MONITORING.memorySamplingMs),
    setInterval(() => {
      const leak = checkLeak(windowSince(MONITORING.memoryLeakCheckMs));
      if (leak.suspected) warn('possible memory leak', leak);
    }, MONITORING.memoryLeakCheckMs),
    setInterval(() => log('report', report()), MONITORING.performanceReportMs),
  ];
  const unsub = tracker.subscribe((t) => {
    if (t.slow) warn(`slow route transition ${t.from ?? '(start)'} -> ${t.to}: ${Math.round(t.durationMs ?? 0)} ms`);
  });
  sample();

  async function memoryLeakTest(durationMs: number = PERF_TESTS.memoryLeakTestMs): Promise<HealthReport> {
    const local: MemorySample[] = [];
    const end = Date.now() + durationMs;
    while (Date.now() < end) {
      const usedMb = readMemoryMb();
      if (usedMb !== null) local.push({ at: Date.now(), usedMb });
      await sleep(Math.min(1000, Math.max(0, end - Date.now())));
    }
    const r = healthReport({ memory: local });
    log('memory leak test', r);
    return r;
  }

  async function routeSwitchTest(
    navigate: (path: string) => void,
    durationMs = PERF_TESTS.routes.length * PERF_TESTS.routeSwitchIntervalMs * 2,
  ): Promise<HealthReport> {
    const result = { attempts: 0, successes: 0, durationsMs: [] as number[] };
    const memory: MemorySample[] = [];
    const end = Date.now() + durationMs;
    let i = 0;
    while (Date.now() < end) {
      const path = `/${PERF_TESTS.routes[i++ % PERF_TESTS.routes.length]}`;
      result.attempts++;
      const done = new Promise<number | null>((resolve) => {
        const stop = tracker.subscribe((t) => {
          if (t.to === path) {
            stop();
            resolve(t.durationMs);
          }
        });
        setTimeout(() => {
          stop();
          resolve(null);
        }, PERF_TESTS.routeSwitchIntervalMs);
      });
      const started = Date.now();
      navigate(path);
      const ms = await done;
      if (ms !== null) {
        result.successes++;
        result.durationsMs.push(ms);
      }
      const usedMb = readMemoryMb();
      if (usedMb !== null) memory.push({ at: Date.now(), usedMb });
      await sleep(Math.max(0, PERF_TESTS.routeSwitchIntervalMs - (Date.now() - started)));
    }
    const r = healthReport({ routeSwitch: result, memory });
    log('route switching test', r);
    return r;
  }

  return {
    stop() {
      timers.forEach(clearInterval);
      unsub();
    },
    samples: () => samples,
    report,
    memoryLeakTest,
    routeSwitchTest,
    async fullSuite(navigate) {
      const memory = await memoryLeakTest(PERF_TESTS.memoryLeakTestInSuiteMs);
      const routes = await routeSwitchTest(navigate);
      return { memory, routes };
    },
  };
}
