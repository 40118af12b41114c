import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeDir, startBuiltServer, type BuiltServer } from './built-server';

const serverDir = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Bundles the server (esbuild, a second or two) so spawned processes run the current source. */
export function buildServerBundle(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'pipe' });
}

export type ServerProcess = BuiltServer;

/** The built server as its own OS process on a free port, with only PATH and `env` for
 * environment; `stop()` also removes its data folder. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startBuiltServer({ inheritEnv: false, env: { NODE_ENV: 'test', ...env } });
  return {
    ...server,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      const code = await server.stop(signal);
      await removeDir(server.dataDir);
      return code;
    },
  };
}
