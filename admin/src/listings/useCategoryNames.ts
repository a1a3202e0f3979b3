import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { CATEGORY_FALLBACKS, CATEGORY_OTHER, type CategoryType } from '../rules/constants.ts';

/** Active categories of a type in order; the spec's fallback list when none exist. */
export function useCategoryNames(type: CategoryType): string[] {
  const dataProvider = useDataProvider();
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let active = true;
    dataProvider
      .getList('categories', {
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
  const base = names.length > 0 ? names : [...CATEGORY_FALLBACKS[type]];
  return type === 'hospedagem' || base.includes(CATEGORY_OTHER) ? base : [...base, CATEGORY_OTHER];
}
