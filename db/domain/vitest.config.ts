import { defineConfig } from 'vitest/config';

// Property tests run hundreds of cases: on a loaded 2-core runner Vitest's 5 s default fails them.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 30_000 },
});
