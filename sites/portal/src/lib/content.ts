// Typed access to the site's data, for pages and endpoints, from one source (siteData): in the
// static build the content collections (content.config.ts), read once; in an on-demand render
// (the site Worker's PageRenderer, src/worker.ts) the data that render was given (middleware.ts).
// The listings' public order and the slides' order are applied here, once.

import { getCollection } from 'astro:content';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import {
  type CarouselSlide,
  compareById,
  comparePublicOrder,
  LISTING_TABLE,
  type ListingKind,
  type ListingOfKind,
  type PublishedReview,
  type Settings,
} from '@guia-fortim/domain';
import { listingKey, reviewsByListing } from './reviews/by-listing.ts';
import type { SiteData } from './site-data.ts';

/** The data of the on-demand render in progress (middleware.ts runs each render inside it). */
export const renderData = new AsyncLocalStorage<Promise<SiteData>>();
let collections: Promise<SiteData> | undefined;

/**
 * Everything the pages show. Both sources are one settled promise by the time a page renders
 * (middleware.ts awaits it first), so a page's reads take the same turns of the event loop in
 * both builds: Astro renders a page's components concurrently and the React renderer numbers its
 * islands in the order they start, so this keeps a render byte-identical to the static build.
 */
export function siteData(): Promise<SiteData> {
  const given = renderData.getStore();
  if (given) return given;
  collections ??= fromCollections();
  return collections;
}

async function fromCollections(): Promise<SiteData> {
  const [version, hospedagens, comercios, passeios, slides, categories, settings, reviews] =
    await Promise.all([
      getCollection('version'),
      getCollection('hospedagens'),
      getCollection('comercios'),
      getCollection('passeios'),
      getCollection('slides'),
      getCollection('categories'),
      getCollection('settings'),
      getCollection('reviews'),
    ]);
  const names = (kind: ListingKind) => categories.find((e) => e.id === kind)?.data.names ?? [];
  // Never a made-up version in a build of the site: recorded as 0, it would lose to every page
  // ever rendered. (The site Worker's build reads no content: its few prerendered files, the
  // icons, show none.)
  const read = version[0]?.data.version;
  if (read === undefined && process.env.PORTAL_CONTENT !== 'none') {
    throw new Error('O build não leu a versão dos dados do site.');
  }
  return {
    version: read ?? 0,
    hospedagens: hospedagens.map((entry) => entry.data),
    comercios: comercios.map((entry) => entry.data),
    passeios: passeios.map((entry) => entry.data),
    slides: slides.map((entry) => entry.data),
    categories: {
      hospedagem: names('hospedagem'),
      comercio: names('comercio'),
      passeio: names('passeio'),
    },
    // Complete as read (settingsFromRows gave the missing keys their defaults, in site-data.ts).
    // Only the Worker's build, which reads no content, has no entry: it renders no page showing them.
    settings: settings[0]?.data as Settings,
    reviews: reviews.map((entry) => entry.data),
  };
}

/** Each list sorted once per data object (a list page and the data files read the same). */
const sorted = new WeakMap<object, unknown[]>();
function inOrder<T>(rows: T[], compare: (a: T, b: T) => number): T[] {
  let out = sorted.get(rows) as T[] | undefined;
  if (!out) {
    out = [...rows].sort(compare);
    sorted.set(rows, out);
  }
  return out;
}

/** The listings of one kind in public order (pinned first, then the newest). */
export async function listings<K extends ListingKind>(kind: K): Promise<ListingOfKind[K][]> {
  const data = await siteData();
  return inOrder(data[LISTING_TABLE[kind]] as ListingOfKind[K][], comparePublicOrder);
}

const bySlug = new WeakMap<object, Map<string, unknown>>();
/** One listing by its slug (a listing page, in the static build and on demand alike). */
export async function listing<K extends ListingKind>(
  kind: K,
  slug: string | undefined,
): Promise<ListingOfKind[K] | undefined> {
  const rows = (await siteData())[LISTING_TABLE[kind]];
  let index = bySlug.get(rows);
  if (!index) {
    index = new Map(rows.map((row) => [row.slug, row]));
    bySlug.set(rows, index);
  }
  return index.get(slug ?? '') as ListingOfKind[K] | undefined;
}

export async function allListings(): Promise<{
  hospedagem: ListingOfKind['hospedagem'][];
  comercio: ListingOfKind['comercio'][];
  passeio: ListingOfKind['passeio'][];
}> {
  const [hospedagem, comercio, passeio] = await Promise.all([
    listings('hospedagem'),
    listings('comercio'),
    listings('passeio'),
  ]);
  return { hospedagem, comercio, passeio };
}

export async function slides(): Promise<CarouselSlide[]> {
  return inOrder(
    (await siteData()).slides,
    (a, b) => a.order_position - b.order_position || compareById(a, b),
  );
}

export async function categories(kind: ListingKind): Promise<string[]> {
  return (await siteData()).categories[kind];
}

export async function settings(): Promise<Settings> {
  return (await siteData()).settings;
}

const reviewIndex = new WeakMap<object, Map<string, PublishedReview[]>>();
/** A listing's approved reviews, newest first (its page's 'Avaliações dos visitantes'). */
export async function listingReviews(kind: ListingKind, id: string): Promise<PublishedReview[]> {
  const rows = (await siteData()).reviews;
  let index = reviewIndex.get(rows);
  if (!index) {
    index = reviewsByListing(rows);
    reviewIndex.set(rows, index);
  }
  return index.get(listingKey(kind, id)) ?? [];
}

/** The data's version the pages show (public.site_version() as read before the data). */
export async function dataVersion(): Promise<number> {
  return (await siteData()).version;
}

/**
 * Each listing page's path and the key under which Astro's incremental build keeps the
 * page between builds (astro.config.ts): a digest of everything the page shows that is data (its
 * row, its approved reviews and the site settings the layout and breadcrumb read). Astro's own hash covers the code
 * (content data is left out of it), so a page is rendered again when its row or the settings
 * change, and restored from the previous build otherwise. The whole row rather than only its
 * `updated_at`: a row changed without that column moving still gets its page rendered again.
 */
export async function listingPaths<K extends ListingKind>(kind: K) {
  const [rows, shared] = await Promise.all([listings(kind), settings()]);
  const settingsDigest = digest(shared);
  return Promise.all(
    rows.map(async (row) => ({
      params: { slug: row.slug },
      cacheKey: digest({ row, settingsDigest, reviews: await listingReviews(kind, row.id) }),
    })),
  );
}

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}
