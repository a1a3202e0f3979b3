import {
  MAPS_API_KEY_STORAGE_KEY,
  MAPS_KEY_SETTING,
  type Settings,
  settingsUpdateSchema,
} from '@guia-fortim/domain';
import { Stack } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { Confirm } from 'react-admin';
import type { SubmitHandler } from 'react-hook-form';
import { dataProvider } from '../dataProvider.ts';
import { messageOf } from '../errorMessage.ts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { KEEP_TYPED, SettingInput, SubmitButton } from './inputs.tsx';
import { SETTING_LABELS } from './settingLabels.ts';
import { useSiteSettings } from './useSiteSettings.ts';

/** What the confirmation before clearing the key says happens to the site's map. */
export const CLEARED_KEY_EFFECT =
  'Sem a chave, o mapa do site mostra apenas a lista de lugares para todos os visitantes, até que uma nova chave seja salva.';

/**
 * The maps key: saved as the public site setting every visitor uses and kept as this browser's
 * local override. Saving it blank clears both, after a confirmation: one wrong key would otherwise
 * keep every visitor's map broken until someone found a valid one.
 */
export function MapsKeyForm({
  buttonLabel,
  onSaved,
}: {
  buttonLabel: string;
  /** `cleared`: the key was removed. */
  onSaved: (cleared: boolean) => void;
}) {
  const notify = useTitledNotify();
  const failed = useCallback(
    (message: string) => notify('Erro ao salvar', message, 'error'),
    [notify],
  );
  // The open confirmation, with what answers it: the save waits for the admin's choice.
  const [confirming, setConfirming] = useState<((confirmed: boolean) => void) | null>(null);
  const answer = (confirmed: boolean) => {
    confirming?.(confirmed);
    setConfirming(null);
  };
  // This browser's override; without one, the site setting every visitor uses.
  const { settings } = useSiteSettings();
  const shared = settings?.[MAPS_KEY_SETTING];
  const values = useMemo(
    () => ({ [MAPS_KEY_SETTING]: localStorage.getItem(MAPS_API_KEY_STORAGE_KEY) || shared || '' }),
    [shared],
  );
  const save: SubmitHandler<Partial<Settings>> = async (form) => {
    const value = String(form[MAPS_KEY_SETTING] ?? '');
    if (value === '' && !(await new Promise<boolean>((resolve) => setConfirming(() => resolve)))) {
      return;
    }
    try {
      await dataProvider.saveSettings({ [MAPS_KEY_SETTING]: value });
      if (value === '') localStorage.removeItem(MAPS_API_KEY_STORAGE_KEY);
      else localStorage.setItem(MAPS_API_KEY_STORAGE_KEY, value);
      onSaved(value === '');
    } catch (error) {
      failed(messageOf(error, 'Não foi possível salvar a chave da API.'));
    }
  };
  return (
    <SchemaForm
      schema={settingsUpdateSchema}
      defaultValues={values}
      // The shared key, read after the form showed, fills it unless the admin typed already.
      resetOptions={KEEP_TYPED}
      onSubmit={save}
      onInvalid={failed}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
        <SettingInput
          source={MAPS_KEY_SETTING}
          label={SETTING_LABELS[MAPS_KEY_SETTING]}
          helperText={false}
          margin="none"
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 360 } }}
          autoComplete="off"
        />
        {/* Waiting for the admin's answer is not saving yet. */}
        <SubmitButton label={buttonLabel} busy={confirming ? false : undefined} />
        <Confirm
          isOpen={confirming !== null}
          title="Remover a chave da API?"
          content={CLEARED_KEY_EFFECT}
          confirm="Remover chave"
          cancel="Cancelar"
          onConfirm={() => answer(true)}
          onClose={() => answer(false)}
        />
      </Stack>
    </SchemaForm>
  );
}
