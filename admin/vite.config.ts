import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin } from 'vite';

// No environment is baked in: the panel reads /admin/config.json at runtime (src/config.ts), so
// one build serves every stack and production. PANEL_BUNDLE_REPORT=dir writes what each chunk is
// made of (rollup-plugin-visualizer: a treemap to open and the raw data the bench sums up).
const report = process.env.PANEL_BUNDLE_REPORT;

/**
 * The panel's page is also its 404.html: Pages answers an address that is no file with the nearest
 * 404.html, so an unknown /admin/… address opens the panel (its 'Não encontrado' in its layout,
 * under the panel's Content Security Policy, which the site's own 404 page breaks) with a 404.
 */
function notFoundPage(): Plugin {
  let outDir = '';
  return {
    name: 'panel-not-found-page',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      copyFileSync(join(outDir, 'index.html'), join(outDir, '404.html'));
    },
  };
}

export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    notFoundPage(),
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
