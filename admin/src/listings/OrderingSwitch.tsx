import type { ListingResource } from '@guia-fortim/domain';
import { Switch } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { applyChange } from './applyChange.ts';
import type { ListingRow } from './listingRow.ts';

const SWITCHES = {
  featured: {
    flag: 'is_featured',
    label: 'Destaque',
    failure: 'Não foi possível atualizar o destaque.',
  },
  pinned: {
    flag: 'is_pinned',
    label: 'Fixar no topo',
    failure: 'Não foi possível atualizar o item.',
  },
} as const;

/** A row's 'Destaque' or 'Topo' switch, through the worker's atomic ordering routes. */
export function OrderingSwitch({
  kind,
  row,
  ordering,
}: {
  kind: ListingResource;
  row: ListingRow;
  ordering: keyof typeof SWITCHES;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const notify = useTitledNotify();
  const [saving, setSaving] = useState(false);
  const { flag, label, failure } = SWITCHES[ordering];
  const change = (on: boolean) => {
    setSaving(true);
    void applyChange(
      notify,
      () =>
        ordering === 'featured'
          ? dataProvider.setFeatured(kind, row.id, on)
          : dataProvider.setPinned(kind, row.id, on),
      { failure },
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
      slotProps={{ input: { 'aria-label': `${label}: ${row.name}` } }}
      onChange={(event) => change(event.target.checked)}
    />
  );
}
