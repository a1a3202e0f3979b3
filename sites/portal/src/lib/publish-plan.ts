// Which pages a save changes, for the site Worker that renders only those (src/worker.ts,
// PageRenderer): a listing's data shows on its own page, its list (and the rest of that list in
// its data file), the home page's featured sections and the map's places. A slug that no longer
// names a listing is among them too: its page is then marked gone. Anything else — settings,
// slides, categories (every layout, the home hero, the filters), the sitemap and the search
// index — waits for the whole build.
import {
  LISTING_KINDS,
  LISTING_PATH,
  type ListingPagesChange,
  listingPath,
} from '@guia-fortim/domain';
import { remainingListingsPath } from './listing-view.ts';
import { MAP_PLACES_PATH } from './map-places.ts';

/**
 * Listing pages one render makes at most. A bulk action names up to 250 listings: rendering each
 * in one call of the site Worker would near its CPU and subrequest limits; past this, the lists,
 * the home page and the map are rendered at once and the other listings' own pages wait for the
 * whole build.
 */
export const MAX_LISTING_PAGES = 50;

/** The pages that show the listings in `changes`, each once: '/' and the map first, then by kind. */
export function pagesOfListings(changes: readonly ListingPagesChange[]): string[] {
  const changed = changes.filter((change) => change.slugs.length > 0);
  if (changed.length === 0) return [];
  const paths = new Set<string>(['/', MAP_PLACES_PATH]);
  const listingPages = new Set<string>();
  for (const kind of LISTING_KINDS) {
    const slugs = changed.filter((change) => change.kind === kind).flatMap((c) => c.slugs);
    if (slugs.length === 0) continue;
    paths.add(LISTING_PATH[kind]);
    paths.add(remainingListingsPath(kind));
    for (const slug of slugs) {
      if (listingPages.size < MAX_LISTING_PAGES) listingPages.add(listingPath(kind, slug));
    }
  }
  return [...paths, ...listingPages];
}

/** Whether `path` is a listing's own page (`/<kind>/<slug>`). */
export function isListingPage(path: string): boolean {
  return LISTING_KINDS.some((kind) => {
    const slug = path.startsWith(`${LISTING_PATH[kind]}/`)
      ? path.slice(LISTING_PATH[kind].length + 1)
      : '';
    return slug !== '' && !slug.includes('/');
  });
}

/**
 * Whether `path` is one pagesOfListings may give: the addresses the site Worker may serve a
 * rendered page at (and wrangler.jsonc's `run_worker_first`, which sends them to it).
 */
export function isRenderedPath(path: string): boolean {
  if (path === '/' || path === MAP_PLACES_PATH || isListingPage(path)) return true;
  return LISTING_KINDS.some(
    (kind) => path === LISTING_PATH[kind] || path === remainingListingsPath(kind),
  );
}
