import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/security/**', '**/node_modules/**'],
        },
      },
      {
        // The security suite over HTTP: one db/local, one deploy hook and one worker (wrangler
        // dev) for all its files, started by the worker suite's own global setup; the files run
        // one after another because they compare snapshots of the shared database and bucket.
        extends: true,
        test: {
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          globalSetup: [
            fileURLToPath(import.meta.resolve('@guia-fortim/api/testing/global-setup')),
          ],
          fileParallelism: false,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
