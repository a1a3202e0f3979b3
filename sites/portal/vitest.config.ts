import { defineConfig } from 'vitest/config';

// Builds, the renderer and db/local run inside these tests: on a loaded 2-core runner a test that
// takes 1 s at rest takes several, so Vitest's 5 s default fails tests that are not wrong.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
