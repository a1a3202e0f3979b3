// Where the search index lives and how it is cut, for the build (integration.ts), the search page
// and the service worker.

/** The index's folder in the build, served at /pagefind/. */
export const SEARCH_INDEX_DIR = 'pagefind';

/**
 * Above this many listing pages Pagefind bundles the result fragments into shared files, so the
 * service worker's copy of the index stays a few hundred files at any size of the site.
 */
export const SEARCH_MAX_FRAGMENT_FILES = 300;

/** The search page; its query is `?q=`. */
export const SEARCH_PATH = '/busca';
