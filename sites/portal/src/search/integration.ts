// The site search's index: Pagefind reads the built listing pages (the only pages marked
// `data-pagefind-body`, see ListingPage.astro) and writes a static index under /pagefind/, which
// the search page loads in pieces as a query needs them (and the service worker keeps offline).
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';
import { SEARCH_INDEX_DIR, SEARCH_MAX_FRAGMENT_FILES } from './config.ts';

export function searchIndex(): AstroIntegration {
  return {
    name: 'guia-fortim:search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        try {
          const { index, errors } = await createIndex({ maxFragments: SEARCH_MAX_FRAGMENT_FILES });
          if (!index) throw new Error(errors.join('; '));
          const added = await index.addDirectory({ path: site });
          if (added.errors.length > 0) throw new Error(added.errors.join('; '));
          const written = await index.writeFiles({ outputPath: `${site}${SEARCH_INDEX_DIR}` });
          if (written.errors.length > 0) throw new Error(written.errors.join('; '));
          logger.info(`índice de busca: ${added.page_count} páginas`);
        } finally {
          await close();
        }
      },
    },
  };
}
