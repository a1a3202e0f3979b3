// The three kinds of listing and how each is named in tables, folders, routes and labels.
import type { ListingKind } from './types.ts';

export const LISTING_KINDS = ['hospedagem', 'comercio', 'passeio'] as const satisfies ListingKind[];

export const LISTING_TABLE = {
  hospedagem: 'hospedagens',
  comercio: 'comercios',
  passeio: 'passeios',
} as const satisfies Record<ListingKind, string>;

/** Storage folder of a kind's photos (also the admin resource name). */
export const LISTING_FOLDER = LISTING_TABLE;

/** Public list page of each kind; a listing's own page is `${path}/${slug}`. */
export const LISTING_PATH = {
  hospedagem: '/hospedagem',
  comercio: '/comercio',
  passeio: '/passeios',
} as const satisfies Record<ListingKind, string>;

export const LISTING_LABEL = {
  hospedagem: 'Hospedagem',
  comercio: 'Comércio',
  passeio: 'Passeio',
} as const satisfies Record<ListingKind, string>;

export function listingPath(kind: ListingKind, slug: string): string {
  return `${LISTING_PATH[kind]}/${slug}`;
}

export function isListingKind(value: unknown): value is ListingKind {
  return typeof value === 'string' && (LISTING_KINDS as readonly string[]).includes(value);
}
