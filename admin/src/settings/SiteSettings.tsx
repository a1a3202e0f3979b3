import {
  HISTORY_RETENTION_DAYS,
  LEGAL_PAGES,
  LEGAL_TEXT_FORMAT,
  type SettingKey,
  type Settings,
  SOCIAL_PROFILES,
  settingsUpdateSchema,
  TRASH_RETENTION_DAYS,
} from '@guia-fortim/domain';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Title } from 'react-admin';
import { type FieldValues, useFormContext } from 'react-hook-form';
import { ApiError } from '../api.ts';
import { dataProvider } from '../dataProvider.ts';
import { messageOf } from '../errorMessage.ts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { Loading } from '../layout/AdminLayout.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { KEEP_TYPED, SettingInput, SubmitButton } from './inputs.tsx';
import { SETTING_LABELS } from './settingLabels.ts';
import { useSiteSettings } from './useSiteSettings.ts';

interface SettingField {
  key: SettingKey;
  label: string;
  type?: 'email' | 'url' | 'number';
  multiline?: boolean;
  /** Rows shown for a multiline field (2 unless said). */
  rows?: number;
  helperText?: string;
  placeholder?: string;
  /** Bounds of a number field. */
  min?: number;
  max?: number;
}

/** A field labelled with the setting's name (settingLabels.ts, which the history uses too). */
const field = (key: SettingKey, extra: Omit<SettingField, 'key' | 'label'> = {}): SettingField => ({
  key,
  label: SETTING_LABELS[key],
  ...extra,
});

const CONTACT: readonly SettingField[] = [
  field('contact_email', { type: 'email' }),
  field('contact_phone'),
  field('contact_address'),
  field('site_description', { multiline: true }),
];

const LABELS: readonly SettingField[] = [
  field('nav_label_inicio'),
  field('nav_label_hospedagem'),
  field('nav_label_comercio'),
  field('nav_label_passeios'),
  field('nav_label_mapa'),
  field('header_title_hospedagem'),
  field('header_title_comercio'),
  field('header_title_passeios'),
];

const SOCIAL: readonly SettingField[] = SOCIAL_PROFILES.map((profile) =>
  field(profile.key, {
    placeholder: profile.example,
    type: 'url',
    helperText: 'Deixe em branco para não exibir.',
  }),
);

const LEGAL: readonly SettingField[] = LEGAL_PAGES.map((page) =>
  field(page.key, { multiline: true, rows: 10, helperText: LEGAL_TEXT_FORMAT }),
);

const RETENTION: readonly SettingField[] = [
  field('history_retention_days', {
    type: 'number',
    min: HISTORY_RETENTION_DAYS.min,
    max: HISTORY_RETENTION_DAYS.max,
    helperText: `De ${HISTORY_RETENTION_DAYS.min} a ${HISTORY_RETENTION_DAYS.max} dias. As alterações mais antigas que isso são apagadas do histórico.`,
  }),
];

/** Puts a value into whichever card's form holds its setting (a restored version). */
type Restorers = Map<string, (value: string) => void>;

/** Lets the page set this form's fields from outside it (the history's 'Restaurar'). */
function RestoreInto({ keys, restorers }: { keys: readonly SettingKey[]; restorers: Restorers }) {
  const { setValue } = useFormContext();
  useEffect(() => {
    for (const key of keys) {
      restorers.set(key, (value) => setValue(key, value, { shouldDirty: true }));
    }
    return () => {
      for (const key of keys) restorers.delete(key);
    };
  }, [keys, restorers, setValue]);
  return null;
}

function SettingsCard({
  title,
  description,
  fields,
  settings,
  restorers,
}: {
  title: string;
  description: string;
  fields: readonly SettingField[];
  /** What was read; undefined when the read failed (the fields start blank). */
  settings: Settings | undefined;
  restorers: Restorers;
}) {
  const notify = useTitledNotify();
  const keys = useMemo(() => fields.map((field) => field.key), [fields]);
  const values = Object.fromEntries(keys.map((key) => [key, settings?.[key] ?? '']));
  const refused = useCallback(
    (message: string) => notify('Erro ao salvar configurações', message, 'error'),
    [notify],
  );
  const save = async (card: FieldValues) => {
    try {
      await dataProvider.saveSettings(card as Partial<Settings>);
      notify('Configurações salvas com sucesso!');
    } catch (error) {
      notify('Erro ao salvar configurações', messageOf(error, ''), 'error');
      // The worker's word on each field it refused, under that field.
      if (error instanceof ApiError) return error.fields;
    }
  };
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {description}
        </Typography>
        <SchemaForm
          schema={settingsUpdateSchema}
          defaultValues={values}
          resetOptions={KEEP_TYPED}
          onSubmit={save}
          onInvalid={refused}
        >
          <Stack spacing={2} sx={{ mt: 1 }}>
            {fields.map((field) => (
              <SettingInput
                key={field.key}
                source={field.key}
                label={field.label}
                type={field.type ?? 'text'}
                multiline={field.multiline}
                minRows={field.multiline ? 2 : undefined}
                maxRows={field.rows}
                helperText={field.helperText ?? false}
                placeholder={field.placeholder}
                margin="none"
                slotProps={
                  field.type === 'number'
                    ? { htmlInput: { min: field.min, max: field.max, step: 1 } }
                    : undefined
                }
              />
            ))}
            <Box>
              <SubmitButton label="Salvar" />
            </Box>
          </Stack>
          <RestoreInto keys={keys} restorers={restorers} />
        </SchemaForm>
      </CardContent>
    </Card>
  );
}

export default function SiteSettings() {
  const notify = useTitledNotify();
  const { settings, isPending } = useSiteSettings(() =>
    notify('Erro ao carregar configurações', undefined, 'error'),
  );
  const restorers = useRef<Restorers>(new Map()).current;
  const card = { settings, restorers };
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Configurações do Site" />
      <Typography variant="h5" component="h1" gutterBottom>
        Configurações do Site
      </Typography>
      {isPending ? (
        <Loading text="Carregando configurações..." />
      ) : (
        <>
          <SettingsCard
            title="Informações de contato"
            description="Exibidas no rodapé do site público."
            fields={CONTACT}
            {...card}
          />
          <SettingsCard
            title="Textos e Rótulos"
            description="Rótulos do menu e títulos das páginas de listagem."
            fields={LABELS}
            {...card}
          />
          <SettingsCard
            title="Redes sociais"
            description="Links exibidos no rodapé do site público, apenas os preenchidos."
            fields={SOCIAL}
            {...card}
          />
          <SettingsCard
            title="Páginas legais"
            description="Textos das páginas de Privacidade, Termos e Cookies, ligadas no rodapé (LGPD)."
            fields={LEGAL}
            {...card}
          />
          <SettingsCard
            title="Histórico e lixeira"
            description={`Os itens excluídos ficam na Lixeira por ${TRASH_RETENTION_DAYS} dias e depois são excluídos definitivamente. O histórico de alterações de cada item e destas configurações é guardado pelo tempo escolhido abaixo.`}
            fields={RETENTION}
            {...card}
          />
          <Card sx={{ mb: 2 }}>
            <CardContent>
              <HistoryPanel
                table="site_settings"
                // A restored value replaces what was typed in that field.
                onRestored={(row) => {
                  if (typeof row.setting_key === 'string') {
                    restorers.get(row.setting_key)?.(String(row.setting_value ?? ''));
                  }
                }}
                unsavedNote="O que foi digitado e ainda não salvo nesse campo será substituído."
              />
            </CardContent>
          </Card>
        </>
      )}
    </Box>
  );
}
