// Order of listings: public lists show pinned items first (pin_order 1..n), then the newest;
// featured lists follow featured_order. Rows that tie (listings created in one statement share
// created_at) go by id, as the panel's lists put id last (admin's dataProvider.ts): one order
// whatever order the rows came in — the static build's collections and the data a page is
// rendered from on demand hold them differently.
import type { Listing } from './types.ts';

type Ordered = Pick<Listing, 'id' | 'is_pinned' | 'pin_order' | 'created_at'>;

/** The last word between rows that tie: their ids, ascending. */
export function compareById(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The public order as the columns a database sorts by (the same order as comparePublicOrder). */
export const PUBLIC_ORDER_COLUMNS = [
  { column: 'is_pinned', ascending: false },
  { column: 'pin_order', ascending: true },
  { column: 'created_at', ascending: false },
] as const satisfies readonly { column: keyof Ordered; ascending: boolean }[];

export function comparePublicOrder(a: Ordered, b: Ordered): number {
  if (a.is_pinned !== b.is_pinned) return a.is_pinned ? -1 : 1;
  if (a.pin_order !== b.pin_order) return a.pin_order - b.pin_order;
  const aTime = Date.parse(a.created_at);
  const bTime = Date.parse(b.created_at);
  if (aTime !== bTime) return aTime > bTime ? -1 : 1;
  return compareById(a, b);
}

/** Featured items of one kind, in their order (featured_order ascending). */
export function featuredInOrder<T extends Pick<Listing, 'is_featured' | 'featured_order'>>(
  items: readonly T[],
): T[] {
  return items
    .filter((item) => item.is_featured)
    .sort((a, b) => a.featured_order - b.featured_order);
}
