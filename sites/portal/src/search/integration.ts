// The site search's index: Pagefind reads the built listing pages (the only pages marked
// `data-pagefind-body`, see ListingPage.astro) and writes a static index under /pagefind/, which
// the search page loads in pieces as a query needs them (and the service worker keeps offline).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';
import { SEARCH_INDEX_DIR, SEARCH_MAX_FRAGMENT_FILES } from './config.ts';

/**
 * What Pagefind writes that this site never loads: its ready-made interfaces (the search page
 * draws its own results), its web worker (the search runs on the page's thread, search-page.ts)
 * and the index of pages without a language (every page is pt-BR).
 */
const UNUSED = [
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-highlight.js',
  'pagefind-worker.js',
  'wasm.unknown.pagefind',
];

export function searchIndex(): AstroIntegration {
  return {
    name: 'guia-fortim:search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const started = performance.now();
        try {
          const { index, errors } = await createIndex({ maxFragments: SEARCH_MAX_FRAGMENT_FILES });
          if (!index) throw new Error(errors.join('; '));
          const added = await index.addDirectory({ path: site });
          if (added.errors.length > 0) throw new Error(added.errors.join('; '));
          const outputPath = join(site, SEARCH_INDEX_DIR);
          const written = await index.writeFiles({ outputPath });
          if (written.errors.length > 0) throw new Error(written.errors.join('; '));
          for (const file of UNUSED) rmSync(join(outputPath, file), { force: true });
          logger.info(
            `índice de busca: ${added.page_count} páginas em ${Math.round(performance.now() - started)} ms`,
          );
        } finally {
          await close();
        }
      },
    },
  };
}
