import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';

// No environment is baked in: the panel reads /admin/config.json at runtime (src/config.ts), so
// one build serves every stack and production. PANEL_BUNDLE_REPORT=dir writes what each chunk is
// made of (rollup-plugin-visualizer: a treemap to open and the raw data the bench sums up).
const report = process.env.PANEL_BUNDLE_REPORT;

export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    ...(report
      ? [
          visualizer({ filename: `${report}/panel-bundle.html`, gzipSize: true }),
          visualizer({
            filename: `${report}/panel-bundle.json`,
            template: 'raw-data',
            gzipSize: true,
          }),
        ]
      : []),
  ],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
