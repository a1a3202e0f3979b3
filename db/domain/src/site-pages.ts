// What the API worker asks of the site Worker after a listing changed, through a service binding
// (RPC to the site Worker's PageRenderer entrypoint): render again the pages that show these
// listings — each one's own page, its kind's list and data file, the home page and the map's
// places — from the data as the anonymous visitor reads it now, and keep them until a full build
// of a newer version replaces them. A slug that no longer names a listing (deleted, renamed)
// leaves its page answering as gone. Settings, slides and categories change every page: those go
// to the full build only.
import type { ListingKind } from './types.ts';

export type ListingPagesChange = { kind: ListingKind; slugs: string[] };

export type RenderedPages = {
  /** The data version the pages show (public.site_version(), read before the data). */
  version: number;
  /** Every path rendered (or marked gone). */
  paths: string[];
};

export interface PageRenderer {
  renderListings(changes: ListingPagesChange[]): Promise<RenderedPages>;
}
