import { comparePublicOrder as compareListings, type Listing } from '@guia-fortim/domain';

export interface Orderable {
  is_pinned?: boolean | null;
  pin_order?: number | null;
  created_at?: string | null;
}

/** Public lists: pinned first, then pin_order ascending, then newest first (db's rule). */
export function comparePublicOrder(a: Orderable, b: Orderable): number {
  const row = (o: Orderable) =>
    ({
      is_pinned: Boolean(o.is_pinned),
      pin_order: o.pin_order ?? 0,
      created_at: o.created_at ?? '',
    }) as Pick<Listing, 'is_pinned' | 'pin_order' | 'created_at'>;
  return compareListings(row(a), row(b));
}

/** Case-insensitive substring match (the spec's searches). */
export function matchesSearch(text: unknown, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  if (needle === '') return true;
  return String(text ?? '')
    .toLocaleLowerCase('pt-BR')
    .includes(needle);
}

/** Category chips in list rows: at most two, then an ellipsis. */
export function chipsToShow(categories: readonly string[]): { shown: string[]; more: boolean } {
  return { shown: categories.slice(0, 2), more: categories.length > 2 };
}
