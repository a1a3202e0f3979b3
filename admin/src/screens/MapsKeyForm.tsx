import { MAPS_API_KEY_STORAGE_KEY } from '@guia-fortim/domain';
import { Button, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { dataProvider } from '../dataProvider.ts';
import { MAPS_KEY_SETTING } from '../rules/constants.ts';
import { useSiteSettings } from './useSiteSettings.ts';

/**
 * The maps key: saved as the public site setting every visitor uses (deviation) and kept as this
 * browser's local override, as the spec describes. Saved only when non-empty.
 */
export function MapsKeyForm({
  buttonLabel,
  onSaved,
  onFailed,
}: {
  buttonLabel: string;
  onSaved: () => void;
  onFailed: (error: unknown) => void;
}) {
  const [key, setKey] = useState(() => localStorage.getItem(MAPS_API_KEY_STORAGE_KEY) ?? '');
  const [saving, setSaving] = useState(false);
  // Without a local override, show the site setting every visitor uses.
  const { settings } = useSiteSettings();
  const shared = settings?.[MAPS_KEY_SETTING];
  useEffect(() => {
    if (shared && !localStorage.getItem(MAPS_API_KEY_STORAGE_KEY)) {
      setKey((current) => current || shared);
    }
  }, [shared]);
  const save = async () => {
    const value = key.trim();
    if (value === '') return;
    setSaving(true);
    try {
      await dataProvider.saveSettings({ [MAPS_KEY_SETTING]: value });
      localStorage.setItem(MAPS_API_KEY_STORAGE_KEY, value);
      onSaved();
    } catch (error) {
      onFailed(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
      <TextField
        label="Chave da API do Google Maps"
        size="small"
        value={key}
        onChange={(event) => setKey(event.target.value)}
        sx={{ minWidth: 360 }}
        autoComplete="off"
      />
      <Button
        variant="contained"
        onClick={() => void save()}
        disabled={saving || key.trim() === ''}
      >
        {saving ? 'Salvando...' : buttonLabel}
      </Button>
    </Stack>
  );
}
