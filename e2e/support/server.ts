import { removeDir, startBuiltServer, type BuiltServer } from '../../apps/server/src/test/built-server';

export { removeDir };
export type E2EServer = BuiltServer;

/** The built server for the browser tests: production mode, always on its own PGlite. */
export function startE2EServer(
  opts: { dataDir?: string; port?: number; env?: Record<string, string> } = {},
): Promise<E2EServer> {
  return startBuiltServer({
    dataDir: opts.dataDir,
    port: opts.port,
    env: { NODE_ENV: 'production', DATABASE_URL: '', ...opts.env },
  });
}
