import { type ListingResource, ORDERED_LIST, type OrderedList } from '@guia-fortim/domain';
import { Switch } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { applyChange } from './applyChange.ts';
import type { ListingRow } from './listingRow.ts';

/** A row's 'Destaque' or 'Topo' switch: the row in or out of that ordered list, by the worker. */
export function OrderingSwitch({
  kind,
  row,
  ordering,
}: {
  kind: ListingResource;
  row: ListingRow;
  ordering: OrderedList;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const notify = useTitledNotify();
  const [saving, setSaving] = useState(false);
  const { flag, texts } = ORDERED_LIST[ordering];
  const change = (on: boolean) => {
    setSaving(true);
    void applyChange(
      notify,
      () => dataProvider.setInList(ordering, kind, row.id, on),
      { failure: texts.switchFailure },
      async () => {
        refresh();
        setSaving(false);
      },
    );
  };
  return (
    <Switch
      checked={Boolean(row[flag])}
      disabled={saving}
      slotProps={{ input: { 'aria-label': `${texts.switchLabel}: ${row.name}` } }}
      onChange={(event) => change(event.target.checked)}
    />
  );
}
