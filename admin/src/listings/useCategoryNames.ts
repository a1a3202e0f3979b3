import {
  CATEGORIES_CACHE_MS,
  FALLBACK_CATEGORIES,
  hasManyCategories,
  type ListingKind,
} from '@guia-fortim/domain';
import { useGetList } from 'react-admin';
import { CATEGORIES } from '../resources.ts';
import { OTHER_CATEGORY } from './constants.ts';

/** Active categories of a type in order; the domain's fallback list when none exist (or while they
 * load, or when they cannot be read). A kind of one category also offers 'Outro'. A read is reused
 * for CATEGORIES_CACHE_MS; react-admin's own writes to the categories invalidate it at once. */
export function useCategoryNames(type: ListingKind): string[] {
  const { data } = useGetList(
    CATEGORIES,
    {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'order_position', order: 'ASC' },
      filter: { type, is_active: true },
    },
    { staleTime: CATEGORIES_CACHE_MS },
  );
  const names = data?.map((row) => String(row.name)) ?? [];
  const base = names.length > 0 ? names : [...FALLBACK_CATEGORIES[type]];
  return hasManyCategories(type) || base.includes(OTHER_CATEGORY)
    ? base
    : [...base, OTHER_CATEGORY];
}
