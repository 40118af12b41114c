// `npm test`: every test. Installs dependencies if needed, then lint, types, unit tests,
// server integration tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is
// set), the production build with its bundle budget, and the browser end-to-end tests.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureDependencies, root, run } from './ensure-ready.mjs';
import { findSharedDir } from './shared-dir.mjs';

// The tests run on the real ASL data and check texts against SPEC.md: find them once, or stop
// (a test must never pass or be skipped because the data is missing).
const shared = findSharedDir();
if (!shared) {
  console.error(
    'npm test: the shared folder (SPEC.md, data/) was not found beside this checkout or its origin; set ASL_SHARED_DIR.',
  );
  process.exit(1);
}
process.env.ASL_SHARED_DIR = shared;

// The PostgreSQL and Redis legs need servers. CI (.ci/run) always starts both and must run them;
// elsewhere a leg without its server is named at the end, with the reason, never skipped quietly.
const legsNotRun = [];
if (!(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL))
  legsNotRun.push('PostgreSQL (TEST_DATABASE_URL is unset: the integration tests ran on PGlite only)');
if (!process.env.TEST_REDIS_URL) legsNotRun.push('Redis and two-process scale-out (TEST_REDIS_URL is unset)');
if (process.env.CI && legsNotRun.length) {
  console.error(`npm test on CI must run every leg; missing: ${legsNotRun.join('; ')}. See .ci/run.`);
  process.exit(1);
}

const reports = join(root, '.cache', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const counts = { passed: 0, failed: 0, skipped: 0 };
function addVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests;
  counts.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
function addPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  counts.passed += s.expected + s.flaky;
  counts.failed += s.unexpected;
  counts.skipped += s.skipped;
}

/** Runs vitest projects with a JSON report, and counts its tests even when it fails. */
function vitest(report, projects) {
  const file = join(reports, `${report}.json`);
  try {
    run('npx', [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]);
  } finally {
    addVitest(file);
  }
}

const steps = [
  ['dependencies', () => ensureDependencies()],
  ['lint', () => run('npm', ['run', 'lint', '--silent'])],
  ['typecheck', () => run('npx', ['tsc', '-b'])],
  ['unit tests', () => vitest('unit', ['unit', 'unit-web'])],
  ['integration tests', () => vitest('integration', ['integration'])],
  ['attack tests', () => vitest('attack', ['attack'])],
  ['build', () => ensureBuilt()],
  ['bundle budget', () => run('node', ['tools/check-bundle-budget.mjs'])],
  [
    'end-to-end tests',
    () => {
      run('node', ['tools/check-chromium.mjs']);
      try {
        run('npx', ['playwright', 'test', '--reporter=list,json'], {
          env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
        });
      } finally {
        addPlaywright(join(reports, 'e2e.json'));
      }
    },
  ],
];

const started = Date.now();
let failedStep = null;
for (const [name, fn] of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  try {
    fn();
    console.log(`--- ${name}: ok (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (err) {
    console.error(`--- ${name}: FAILED: ${err.message}`);
    failedStep = name;
    break;
  }
}
console.log(
  `\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s${failedStep ? `; failed at: ${failedStep}` : ''}`,
);
for (const leg of legsNotRun)
  console.log(`Not run: ${leg}. Start the server and set the variable (see .ci/run) to run it.`);
if (failedStep && counts.failed === 0) counts.failed = 1; // a failed lint/type/build step counts as a failure
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(failedStep ? 1 : 0);
