// Where the project's shared material lives (../shared: SPEC.md and data/ with the real ASL
// photos and landmark sets, not part of the repository): $ASL_SHARED_DIR, else `shared` beside
// this checkout, else `shared` beside the repository it was cloned from (a clean clone made
// elsewhere on the same machine, as CI does). `npm test` resolves it once and passes it on to
// every test process in ASL_SHARED_DIR.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..');

function originCheckout() {
  try {
    const url = execFileSync('git', ['config', '--get', 'remote.origin.url'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim();
    const path = url.startsWith('file://') ? url.slice('file://'.length) : url;
    return isAbsolute(path) ? resolve(path) : null; // resolve: a clone of `.` records `/dir/.`
  } catch {
    return null;
  }
}

/** The shared folder (it holds SPEC.md or data/), or null when none is found. */
export function findSharedDir() {
  const origin = originCheckout();
  const candidates = [
    process.env.ASL_SHARED_DIR,
    join(dirname(repoRoot), 'shared'),
    origin && join(dirname(origin), 'shared'),
  ];
  return candidates.find((d) => d && (existsSync(join(d, 'data')) || existsSync(join(d, 'SPEC.md')))) ?? null;
}

/** The shared folder, or its default place beside the checkout (so error messages name a path). */
export function sharedDir() {
  return findSharedDir() ?? join(dirname(repoRoot), 'shared');
}
