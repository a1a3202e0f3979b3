// Which pages a save changes, for the publish that renders only those (scripts/renderer.ts): a
// listing's data shows on its own page, its list (and the rest of that list in its data file),
// the home page's featured sections and the map's places. Anything else — settings, slides,
// categories (every layout, the home hero, the filters), a listing created or deleted (the
// sitemap, the search index) — asks for a whole build.
import { LISTING_KINDS, LISTING_PATH, LISTING_TABLE, listingPath } from '@guia-fortim/domain';
import { remainingListingsPath } from './listing-view.ts';
import { MAP_PLACES_PATH } from './map-places.ts';
import type { SiteData } from './site-data.ts';

export type PublishPlan = { paths: string[] } | { full: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function publishPlan(before: SiteData, after: SiteData): PublishPlan {
  if (!same(before.settings, after.settings)) return { full: 'as configurações mudaram' };
  if (!same(before.slides, after.slides)) return { full: 'os slides mudaram' };
  if (!same(before.categories, after.categories)) return { full: 'as categorias mudaram' };
  const paths: string[] = [];
  for (const kind of LISTING_KINDS) {
    const previous = new Map<string, string>(
      before[LISTING_TABLE[kind]].map((row) => [row.slug, JSON.stringify(row)]),
    );
    const rows = after[LISTING_TABLE[kind]];
    if (rows.length !== previous.size || rows.some((row) => !previous.has(row.slug))) {
      return { full: 'anúncios foram criados ou excluídos' };
    }
    const changed = rows.filter((row) => previous.get(row.slug) !== JSON.stringify(row));
    if (changed.length === 0) continue;
    paths.push(
      LISTING_PATH[kind],
      remainingListingsPath(kind),
      ...changed.map((row) => listingPath(kind, row.slug)),
    );
  }
  return { paths: paths.length === 0 ? [] : ['/', MAP_PLACES_PATH, ...paths] };
}
