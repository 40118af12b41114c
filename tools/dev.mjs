// `npm run dev`: the server from source in watch mode (tsx watch: restarts on a change) and Vite
// with hot reload (proxying /api and /ws to that server), together. One Ctrl-C stops both.
//   PORT          the server's port (8080)
//   DEV_WEB_PORT  Vite's port (5173)
// Plain Node: runs before any install.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root, run } from './ensure-ready.mjs';

const serverPort = process.env.PORT ?? '8080';
const webPort = process.env.DEV_WEB_PORT ?? '5173';

try {
  ensureDependencies();
  run('npm', ['run', 'models', '--silent']); // the converted hand models (cached: quick when present)
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}

/** @type {Map<string, import('node:child_process').ChildProcess>} */
const children = new Map();
let stopping = false;
let exitCode = 0;

function start(name, args, opts) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', ...opts });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      // One side died on its own: the dev loop is broken, so stop the other and say which.
      console.error(`\n[dev] ${name} exited (${signal ?? `code ${code}`}); stopping.`);
      exitCode = code || 1;
      stop('SIGTERM');
    }
    if (children.size === 0) process.exit(exitCode);
  });
  return child;
}

function stop(signal) {
  stopping = true;
  for (const child of children.values()) child.kill(signal);
}

start('server', [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/main.ts'], {
  cwd: join(root, 'apps/server'),
  env: {
    ...process.env,
    PORT: serverPort,
    DATA_DIR: process.env.DATA_DIR ?? join(root, 'data'),
    MODEL_DIR: process.env.MODEL_DIR ?? join(root, '.cache/models'),
  },
});
start('web', [join(root, 'node_modules/vite/bin/vite.js'), '--port', webPort, '--strictPort'], {
  cwd: join(root, 'apps/web'),
  env: { ...process.env, BACKEND_URL: `http://localhost:${serverPort}` },
});
console.log(`\n  [dev] app with hot reload: http://localhost:${webPort}  (server: http://localhost:${serverPort})\n`);

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
