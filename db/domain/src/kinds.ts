// The three kinds of listing and every name each one has, stated once. The database table, the
// panel's resource and its route (/admin/{resource}), the worker's write path and the photo folder
// all use one name, `resource`; a category's `type` is the kind itself; the nouns and their gender
// make the texts ('Nova hospedagem', 'o comércio').
import type { ListingKind } from './types.ts';

export const LISTING_KINDS = ['hospedagem', 'comercio', 'passeio'] as const satisfies ListingKind[];

export type Gender = 'feminine' | 'masculine';

export interface KindInfo {
  /** The table, the panel's resource (ra-supabase reads the table of that name), the worker's
   * write path and the storage folder of the photos. */
  resource: string;
  /** Public list page; a listing's own page is `${path}/${slug}`. */
  path: string;
  singular: string;
  plural: string;
  gender: Gender;
}

export const KINDS = {
  hospedagem: {
    resource: 'hospedagens',
    path: '/hospedagem',
    singular: 'hospedagem',
    plural: 'hospedagens',
    gender: 'feminine',
  },
  comercio: {
    resource: 'comercios',
    path: '/comercio',
    singular: 'comércio',
    plural: 'comércios',
    gender: 'masculine',
  },
  passeio: {
    resource: 'passeios',
    path: '/passeios',
    singular: 'passeio',
    plural: 'passeios',
    gender: 'masculine',
  },
} as const satisfies Record<ListingKind, KindInfo>;

type Column<C extends keyof KindInfo> = { [K in ListingKind]: (typeof KINDS)[K][C] };

function column<C extends keyof KindInfo>(name: C): Column<C> {
  return Object.fromEntries(LISTING_KINDS.map((kind) => [kind, KINDS[kind][name]])) as Column<C>;
}

export const LISTING_TABLE = /* @__PURE__ */ column('resource');
/** Storage folder of a kind's photos. */
export const LISTING_FOLDER = /* @__PURE__ */ column('resource');
export const LISTING_PATH = /* @__PURE__ */ column('path');

/** The panel's resources, in menu order. */
export const LISTING_RESOURCES = /* @__PURE__ */ LISTING_KINDS.map(
  (kind) => KINDS[kind].resource,
) as ListingResource[];
export type ListingResource = (typeof KINDS)[ListingKind]['resource'];

export function kindOfResource(resource: ListingResource): ListingKind {
  return LISTING_KINDS.find((kind) => KINDS[kind].resource === resource) as ListingKind;
}

/** The panel's list screen; its form is `${route}/novo` and `${route}/editar/:id`. */
export function panelRoute(kind: ListingKind): string {
  return `/admin/${KINDS[kind].resource}`;
}

export function listingPath(kind: ListingKind, slug: string): string {
  return `${LISTING_PATH[kind]}/${slug}`;
}

export function isListingKind(value: unknown): value is ListingKind {
  return typeof value === 'string' && (LISTING_KINDS as readonly string[]).includes(value);
}

/** The word that agrees with a noun of this gender: byGender('feminine', 'o', 'a') is 'a'. */
export function byGender(gender: Gender, masculine: string, feminine: string): string {
  return gender === 'feminine' ? feminine : masculine;
}

/** The word that agrees with the kind's noun: agree('hospedagem', 'Novo', 'Nova') is 'Nova'. */
export function agree(kind: ListingKind, masculine: string, feminine: string): string {
  return byGender(KINDS[kind].gender, masculine, feminine);
}
