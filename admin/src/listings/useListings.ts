import { comparePublicOrder, type Listing, type ListingResource } from '@guia-fortim/domain';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useToast } from '../toast.tsx';

export type ListingRow = Record<string, unknown> &
  Pick<
    Listing,
    'id' | 'name' | 'is_featured' | 'featured_order' | 'is_pinned' | 'pin_order' | 'created_at'
  >;

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
