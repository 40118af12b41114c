import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { sharedDir } from './tools/shared-dir.mjs';

// The real ASL data and SPEC.md: found once here (npm test has already set it), read by the tests
// from ASL_SHARED_DIR.
process.env.ASL_SHARED_DIR ??= sharedDir();

/**
 * Two projects: `unit` (one module at a time, mocks allowed) and `integration`
 * (the real server on an ephemeral port with real PGlite, and PostgreSQL when available).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'tools/**/*.test.ts',
            // web code that runs in Node (the in-browser recogniser checked against the server's)
            'apps/web/src/**/*.node.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/*.attack.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Pipeline and converter tests run the real models: convert them once when missing.
          globalSetup: ['tools/recognition/convert/global-setup.ts'],
          // The ONNX-vs-TF.js check runs the palm detector in pure-JS TF.js: slow on a busy 2-core machine.
          testTimeout: 240_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'unit-web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.node.test.ts', '**/node_modules/**'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts', 'tools/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts', 'tools/recognition/convert/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          // `npm run test:attack`: each attack an outsider made, replayed against the real server.
          name: 'attack',
          include: ['apps/server/src/**/*.attack.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts', 'tools/recognition/convert/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
