import { FALLBACK_CATEGORIES, hasManyCategories, type ListingKind } from '@guia-fortim/domain';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { CATEGORIES } from '../resources.ts';
import { OTHER_CATEGORY } from '../rules/constants.ts';

/** Active categories of a type in order; the spec's fallback list when none exist. A kind of one
 * category also offers 'Outro'. */
export function useCategoryNames(type: ListingKind): string[] {
  const dataProvider = useDataProvider();
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let active = true;
    dataProvider
      .getList(CATEGORIES, {
        pagination: { page: 1, perPage: 500 },
        sort: { field: 'order_position', order: 'ASC' },
        filter: { type, is_active: true },
      })
      .then(({ data }) => active && setNames(data.map((row) => String(row.name))))
      .catch(() => active && setNames([]));
    return () => {
      active = false;
    };
  }, [dataProvider, type]);
  const base = names.length > 0 ? names : [...FALLBACK_CATEGORIES[type]];
  return hasManyCategories(type) || base.includes(OTHER_CATEGORY)
    ? base
    : [...base, OTHER_CATEGORY];
}
