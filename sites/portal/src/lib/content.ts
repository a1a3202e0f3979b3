// Typed access to the build's collections, for pages and endpoints. A collection gives its entries
// by id: the listings' public order and the slides' order are applied here, once.

import { getCollection, getEntry } from 'astro:content';
import { createHash } from 'node:crypto';
import {
  type CarouselSlide,
  type Comercio,
  comparePublicOrder,
  type Hospedagem,
  type ListingKind,
  type ListingOfKind,
  type Passeio,
  SETTINGS_DEFAULTS,
  type Settings,
} from '@guia-fortim/domain';

const COLLECTION = {
  hospedagem: 'hospedagens',
  comercio: 'comercios',
  passeio: 'passeios',
} as const;

/** The listings of one kind in public order (pinned first, then the newest). */
export async function listings<K extends ListingKind>(kind: K): Promise<ListingOfKind[K][]> {
  const entries = await getCollection(COLLECTION[kind]);
  return (entries.map((entry) => entry.data) as ListingOfKind[K][]).sort(comparePublicOrder);
}

export async function allListings(): Promise<{
  hospedagem: Hospedagem[];
  comercio: Comercio[];
  passeio: Passeio[];
}> {
  const [hospedagem, comercio, passeio] = await Promise.all([
    listings('hospedagem'),
    listings('comercio'),
    listings('passeio'),
  ]);
  return { hospedagem, comercio, passeio };
}

export async function slides(): Promise<CarouselSlide[]> {
  const entries = await getCollection('slides');
  return entries.map((entry) => entry.data).sort((a, b) => a.order_position - b.order_position);
}

export async function categories(kind: ListingKind): Promise<string[]> {
  return (await getEntry('categories', kind))?.data.names ?? [];
}

export async function settings(): Promise<Settings> {
  const entry = await getEntry('settings', 'site');
  return { ...SETTINGS_DEFAULTS, ...entry?.data };
}

/**
 * Each listing page's path, its row, and the key under which Astro's incremental build keeps the
 * page between builds (astro.config.ts): a digest of everything the page shows that is data (its
 * row and the site settings the layout and breadcrumb read). Astro's own hash covers the code
 * (content data is left out of it), so a page is rendered again when its row or the settings
 * change, and restored from the previous build otherwise. The whole row rather than only its
 * `updated_at`: a row changed without that column moving still gets its page rendered again.
 */
export async function listingPaths<K extends ListingKind>(kind: K) {
  const [rows, shared] = await Promise.all([listings(kind), settings()]);
  const settingsDigest = digest(shared);
  return rows.map((row) => ({
    params: { slug: row.slug },
    props: { row },
    cacheKey: digest({ row, settingsDigest }),
  }));
}

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}
