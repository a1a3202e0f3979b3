import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One db/local and one worker for the whole suite; files run one after another because they
    // share the database (featured caps, the last slide, roles).
    globalSetup: ['test/global-setup.ts'],
    fileParallelism: false,
    // The slowest test without a budget of its own took 14 s in a whole CI run at rest on a 2-core
    // runner, and about twice that at load 8.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
