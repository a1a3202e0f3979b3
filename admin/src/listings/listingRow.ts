import type { Listing } from '@guia-fortim/domain';

/** A listing as the panel's lists read it (every column, whatever its kind). */
export type ListingRow = Record<string, unknown> &
  Pick<
    Listing,
    'id' | 'name' | 'is_featured' | 'featured_order' | 'is_pinned' | 'pin_order' | 'created_at'
  >;
