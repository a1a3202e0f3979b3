import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ListingResource } from '../rules/constants.ts';
import { comparePublicOrder } from '../rules/ordering.ts';
import { useToast } from '../toast.tsx';

export type ListingRow = Record<string, unknown> & {
  id: string;
  name: string;
  is_featured?: boolean;
  featured_order?: number;
  is_pinned?: boolean;
  pin_order?: number;
};

/** Every listing of a kind in the public order; reload after each change. */
export function useListings(kind: ListingResource, failureMessage: string) {
  const toast = useToast();
  const dataProvider = useDataProvider();
  const [rows, setRows] = useState<ListingRow[] | null>(null);
  const load = useCallback(async () => {
    try {
      const { data } = await dataProvider.getList(kind, {
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'created_at', order: 'DESC' },
        filter: {},
      });
      setRows((data as ListingRow[]).slice().sort(comparePublicOrder));
    } catch {
      setRows([]);
      toast(failureMessage, undefined, 'error');
    }
  }, [dataProvider, kind, toast, failureMessage]);
  useEffect(() => {
    setRows(null);
    void load();
  }, [load]);
  return { rows, reload: load };
}
