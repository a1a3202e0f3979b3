// The service worker's build: sw.ts bundled by esbuild (astro's own), then Serwist's
// injectManifest writes the list of this build's files into it, each with its content hash, so
// every publish that changes a file is a new worker and returning visitors get the new build.
import { fileURLToPath } from 'node:url';
import { injectManifest } from '@serwist/build';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { SEARCH_INDEX_DIR } from '../search/config.ts';
import { OFFLINE_PATH, SERVICE_WORKER_PATH } from './config.ts';

/** Precached per build: what every page needs, the offline page and the search index. */
const PRECACHED = [
  '_astro/**/*.{js,css}',
  `${OFFLINE_PATH.slice(1)}.html`,
  // The whole index (search/integration.ts leaves only what the search page loads).
  `${SEARCH_INDEX_DIR}/**/*`,
  '{favicon,icon-192}.png',
  'manifest.webmanifest',
  'placeholder.svg',
];

export function serviceWorker(): AstroIntegration {
  return {
    name: 'guia-fortim:service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const started = performance.now();
        const worker = `${site}${SERVICE_WORKER_PATH.slice(1)}`;
        await build({
          entryPoints: [fileURLToPath(new URL('./sw.ts', import.meta.url))],
          outfile: worker,
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2022',
          define: { 'process.env.NODE_ENV': '"production"' },
          logLevel: 'warning',
        });
        const { count, size, warnings } = await injectManifest({
          swSrc: worker,
          swDest: worker,
          globDirectory: site,
          globPatterns: PRECACHED,
          // Astro's file names carry their content hash already.
          dontCacheBustURLsMatching: /^_astro\//,
          // The site serves pages without `.html` (offline.html is /offline).
          manifestTransforms: [
            async (entries) => ({
              manifest: entries.map((entry) => ({
                ...entry,
                url: entry.url.replace(/\.html$/, ''),
              })),
              warnings: [],
            }),
          ],
        });
        for (const warning of warnings) logger.warn(warning);
        logger.info(
          `service worker: ${count} arquivos pré-carregados (${Math.round(size / 1024)} KB) em ${Math.round(performance.now() - started)} ms`,
        );
      },
    },
  };
}
