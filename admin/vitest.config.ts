import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    setupFiles: ['test/setup.ts'],
    // Screens render against db/local: on a loaded 2-core runner Vitest's 5 s default is too short.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
