// After an admin's change to listings, the site Worker renders the pages that show them at once
// (its PageRenderer, through the SITE_PAGES service binding: db/domain/src/site-pages.ts), so the
// change is live in seconds; the full build that the same change requests (content-changed.ts)
// still follows, for everything else (search index, sitemap, service worker). Like that request,
// it runs after the answer (waitUntil) and its failures are logged, never thrown: the admin's
// answer and the saved data are the same whether the site Worker renders, fails or is absent.
//
// Which slugs each change names is decided here, once (`changed`):
//  - create, edit, quick edit, a version restored from the history: the row's slug. A slug never
//    changes after the insert (private.keep_slug keeps it on every update, and restore_version
//    never restores it), so an edit has no old slug to mark gone;
//  - delete, bulk delete: the deleted rows' slugs (their pages answer as gone);
//  - featured and pinned (set, move, bulk): the listings named, their slugs read after the answer;
//  - restored from the trash: the restored listing's slug, read after the answer
//    (restore_from_trash answers its table and id; the slug may be a new one if another listing
//    took the old one meanwhile — that old address then belongs to the other listing); a
//    restored published review: its place's slug;
//  - a visitor's review (routes/reviews.ts): its place's slug, when a published review changed.
import {
  kindOfResource,
  LISTING_RESOURCES,
  LISTING_TABLE,
  type ListingKind,
  type ListingPagesChange,
  type ListingResource,
} from '@guia-fortim/domain';
import type { Context } from 'hono';
import { database, dataOf } from './database.ts';
import type { AppEnv } from './env.ts';
import { log } from './log.ts';

/** Longer than the site Worker should need. */
const RENDER_TIMEOUT_MS = 12_000;
/**
 * A call that fails (the site Worker's isolate replaced by a deploy, a network hiccup) is made
 * once more: otherwise the save waits for the whole build. Both fit in the 30 s waitUntil gives
 * after the answer.
 */
const RENDER_ATTEMPTS = 2;
const RETRY_AFTER_MS = 1_000;

/** What a route knows of the listings it changed: their slugs, or only their ids. */
export type ChangedListings =
  | { kind: ListingKind; slugs: string[] }
  | { kind: ListingKind; ids: string[] };

/** The changes known only after a read (which table a history entry belongs to). */
type Pending = () => Promise<ChangedListings[]>;

const isListingTable = (table: string): table is ListingResource =>
  (LISTING_RESOURCES as string[]).includes(table);

/** The rule of which listings each route's change names (see the top of this file). */
export const changed = {
  /** Created, edited (in full or quickly): the row's slug, unchanged by any edit. */
  saved: (kind: ListingKind, row: { slug: string }): ChangedListings[] => [
    { kind, slugs: [row.slug] },
  ],
  /** Deleted (one or several): the deleted rows' slugs. */
  deleted: (kind: ListingKind, rows: { slug: string }[]): ChangedListings[] => [
    { kind, slugs: rows.map((row) => row.slug) },
  ],
  /** Featured or pinned, moved in either order (one or several): the listings named (none: none). */
  reordered: (kind: ListingKind, ids: string[]): ChangedListings[] =>
    ids.length > 0 ? [{ kind, ids }] : [],
  /**
   * Back from the trash: the listing restored; a review's place when the review is a published
   * one (read after the answer); a category or slide is the full build's.
   */
  restored: (
    c: Context<AppEnv>,
    item: { table_name: string; id: string },
  ): ChangedListings[] | Pending => {
    if (isListingTable(item.table_name)) {
      return [{ kind: kindOfResource(item.table_name), ids: [item.id] }];
    }
    if (item.table_name !== 'reviews') return [];
    return async () => {
      const [review] = await dataOf<
        { listing_kind: ListingKind; listing_id: string; status: string }[]
      >(database(c).from('reviews').select('listing_kind, listing_id, status').eq('id', item.id));
      return review?.status === 'approved'
        ? [{ kind: review.listing_kind, ids: [review.listing_id] }]
        : [];
    };
  },
  /**
   * A version restored from the history: the row answered carries its slug, not its table; the
   * entry names the table (read after the answer). Settings, slides and categories: nothing here.
   */
  reverted:
    (c: Context<AppEnv>, entryId: number, row: Record<string, unknown>): Pending =>
    async () => {
      if (typeof row.slug !== 'string') return [];
      const [entry] = await dataOf<{ table_name: string }[]>(
        database(c).from('audit_log').select('table_name').eq('id', entryId),
      );
      return entry && isListingTable(entry.table_name)
        ? changed.saved(kindOfResource(entry.table_name), { slug: row.slug })
        : [];
    },
};

/**
 * Asks the site Worker, after the answer, to render the pages of the listings changed. Nothing to
 * render (no listing named) asks nothing.
 */
export function renderListingPages(c: Context<AppEnv>, changes: ChangedListings[] | Pending): void {
  if (Array.isArray(changes) && changes.length === 0) return;
  c.executionCtx.waitUntil(
    render(c, changes).catch((err: unknown) =>
      log(c, 'error', 'site pages render failed', { error: String(err) }),
    ),
  );
}

async function render(c: Context<AppEnv>, pending: ChangedListings[] | Pending): Promise<void> {
  const known = typeof pending === 'function' ? await pending() : pending;
  if (known.length === 0) return;
  const changes = await withSlugs(c, known);
  const renderer = c.env.SITE_PAGES;
  if (!renderer) {
    log(c, 'warn', 'site pages not rendered: no SITE_PAGES binding', { changes });
    return;
  }
  for (let attempt = 1; attempt <= RENDER_ATTEMPTS; attempt++) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const rendered = await Promise.race([
        renderer.renderListings(changes),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer in ${RENDER_TIMEOUT_MS} ms`)),
            RENDER_TIMEOUT_MS,
          );
        }),
      ]);
      log(c, 'info', 'site pages rendered', {
        changes,
        version: rendered.version,
        paths: rendered.paths.length,
      });
      return;
    } catch (err) {
      const last = attempt === RENDER_ATTEMPTS;
      log(c, last ? 'error' : 'warn', 'site pages render failed', {
        changes,
        attempt,
        error: String(err),
      });
      if (!last) await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }
}

/** One change per kind (in the order first named), each slug once; ids read as their slugs. */
async function withSlugs(
  c: Context<AppEnv>,
  changes: ChangedListings[],
): Promise<ListingPagesChange[]> {
  const byKind = new Map<ListingKind, Set<string>>();
  for (const change of changes) {
    const slugs = 'slugs' in change ? change.slugs : await slugsOf(c, change.kind, change.ids);
    const set = byKind.get(change.kind) ?? new Set<string>();
    for (const slug of slugs) set.add(slug);
    byKind.set(change.kind, set);
  }
  return [...byKind].map(([kind, slugs]) => ({ kind, slugs: [...slugs] }));
}

/** The slugs of these listings now (in the order of `ids`; one no longer there is left out). */
async function slugsOf(c: Context<AppEnv>, kind: ListingKind, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await dataOf<{ id: string; slug: string }[]>(
    database(c).from(LISTING_TABLE[kind]).select('id, slug').in('id', ids),
  );
  const slug = new Map(rows.map((row) => [row.id, row.slug]));
  return ids.flatMap((id) => slug.get(id) ?? []);
}
