// Order of listings: public lists show pinned items first (pin_order 1..n), then the newest;
// featured lists follow featured_order.
import type { Listing } from './types.ts';

type Ordered = Pick<Listing, 'is_pinned' | 'pin_order' | 'created_at'>;

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
  return aTime === bTime ? 0 : aTime > bTime ? -1 : 1;
}

/** Featured items of one kind, in their order (featured_order ascending). */
export function featuredInOrder<T extends Pick<Listing, 'is_featured' | 'featured_order'>>(
  items: readonly T[],
): T[] {
  return items
    .filter((item) => item.is_featured)
    .sort((a, b) => a.featured_order - b.featured_order);
}
