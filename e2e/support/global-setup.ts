import { removeDir, startE2EServer } from './server';

/** One shared server for the browser tests; tests that kill servers start their own. */
export default async function globalSetup() {
  const server = await startE2EServer({
    // Every browser test speaks from 127.0.0.1: per-address limits are raised for the shared server.
    env: {
      RATE_LIMIT_LOGIN_PER_MIN: '200',
      RATE_LIMIT_REGISTER_PER_MIN: '200',
      RATE_LIMIT_FORGOT_PER_MIN: '200',
      RATE_LIMIT_REFRESH_PER_MIN: '600',
      RATE_LIMIT_RESET_PER_MIN: '200',
    },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    await removeDir(server.dataDir);
  };
}
