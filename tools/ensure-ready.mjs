// Shared by `npm start` and `npm test`: install dependencies when missing or out of date,
// and rebuild when sources changed since the last build. Plain Node: runs before any install.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env, ...opts });
  if (res.status !== 0) {
    const err = new Error(`${cmd} ${args.join(' ')} failed with exit code ${res.status}`);
    err.exitCode = res.status ?? 1;
    throw err;
  }
}

function hashFiles(paths) {
  const h = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(join(p, name));
      }
    } else {
      h.update(p.slice(root.length)).update(readFileSync(p));
    }
  };
  for (const p of paths) walk(join(root, p));
  return h.digest('hex');
}

const INSTALL_STAMP = join(root, 'node_modules', '.asl-install-stamp');

export function ensureDependencies() {
  // set by a test that starts the dev script from inside the running test suite: the suite's own
  // node_modules are in use, and an `npm ci` there would pull them from under it
  if (process.env.ASL_DEPENDENCIES_READY === '1') return;
  const lock = hashFiles([
    'package-lock.json',
    'package.json',
    'apps/web/package.json',
    'apps/server/package.json',
    'packages/protocol/package.json',
  ]);
  if (existsSync(INSTALL_STAMP) && readFileSync(INSTALL_STAMP, 'utf8') === lock) return;
  console.log('Installing dependencies (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(INSTALL_STAMP, lock);
}

const BUILD_INPUTS = [
  'package-lock.json',
  'packages', // every workspace package (protocol, recognition, practice, ...)
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
];
const BUILD_STAMP = join(root, 'node_modules', '.cache', 'asl-build-stamp');

export function ensureBuilt({ force = false } = {}) {
  const stamp = hashFiles(BUILD_INPUTS);
  const built =
    existsSync(join(root, 'apps/web/dist/index.html')) && existsSync(join(root, 'apps/server/dist/main.js'));
  if (!force && built && existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, 'utf8') === stamp) {
    console.log('Build is up to date.');
    return;
  }
  console.log('Building the web app and the server...');
  run('npm', ['run', 'build', '--silent']);
  mkdirSync(dirname(BUILD_STAMP), { recursive: true });
  writeFileSync(BUILD_STAMP, stamp);
}
