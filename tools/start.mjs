// `npm start`: install what is missing, build what changed, then run the one server process
// (it applies migrations at start-up). Signals are passed on so shutdown stays graceful.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureDependencies, root } from './ensure-ready.mjs';

try {
  ensureDependencies();
  ensureBuilt();
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
