import {
  firstErrorMessage,
  HISTORY_RETENTION_DAYS,
  LEGAL_PAGES,
  LEGAL_TEXT_FORMAT,
  type SettingKey,
  SOCIAL_PROFILES,
  settingsUpdateSchema,
  TRASH_RETENTION_DAYS,
} from '@guia-fortim/domain';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { ApiError } from '../api.ts';
import { dataProvider } from '../dataProvider.ts';
import { messageOf } from '../errorMessage.ts';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { Loading } from '../layout/AdminLayout.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { SETTING_LABELS } from '../rules/settingLabels.ts';
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

/** A field labelled with the setting's name (rules/settingLabels.ts, which the history uses too). */
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

/** The domain's schema (the worker applies the same): each invalid field with its message. */
function settingsProblems(values: Record<string, string>): Record<string, string> | null {
  const parsed = settingsUpdateSchema.safeParse(values);
  if (parsed.success) return null;
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !problems[key]) problems[key] = issue.message;
  }
  if (Object.keys(problems).length === 0) problems[''] = firstErrorMessage(parsed.error);
  return problems;
}

function SettingsCard({
  title,
  description,
  fields,
  values,
  onChange,
}: {
  title: string;
  description: string;
  fields: readonly SettingField[];
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  const notify = useTitledNotify();
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = async () => {
    const card = Object.fromEntries(
      fields.map((field) => [field.key, (values[field.key] ?? '').trim()]),
    );
    const invalid = settingsProblems(card);
    if (invalid) {
      setProblems(invalid);
      notify('Erro ao salvar configurações', Object.values(invalid)[0], 'error');
      return;
    }
    setProblems({});
    setSaving(true);
    try {
      await dataProvider.saveSettings(card);
      notify('Configurações salvas com sucesso!');
    } catch (error) {
      if (error instanceof ApiError) setProblems(error.fields);
      notify('Erro ao salvar configurações', messageOf(error, ''), 'error');
    } finally {
      setSaving(false);
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
        <Stack spacing={2} sx={{ mt: 1 }}>
          {fields.map((field) => (
            <TextField
              key={field.key}
              label={field.label}
              name={field.key}
              type={field.type ?? 'text'}
              size="small"
              multiline={field.multiline}
              minRows={field.multiline ? 2 : undefined}
              maxRows={field.rows}
              helperText={problems[field.key] ?? field.helperText}
              error={problems[field.key] !== undefined}
              placeholder={field.placeholder}
              slotProps={
                field.type === 'number'
                  ? { htmlInput: { min: field.min, max: field.max, step: 1 } }
                  : undefined
              }
              value={values[field.key] ?? ''}
              onChange={(event) => onChange(field.key, event.target.value)}
            />
          ))}
          <Box>
            <Button variant="contained" onClick={() => void save()} disabled={saving}>
              {saving ? 'Salvando...' : 'Salvar'}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function SiteSettings() {
  const notify = useTitledNotify();
  const { settings, isPending } = useSiteSettings(() =>
    notify('Erro ao carregar configurações', undefined, 'error'),
  );
  // What the admin typed, over what was read.
  const [edited, setEdited] = useState<Record<string, string>>({});
  const values = isPending ? null : { ...settings, ...edited };
  const change = (key: string, value: string) =>
    setEdited((current) => ({ ...current, [key]: value }));
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Configurações do Site" />
      <Typography variant="h5" component="h1" gutterBottom>
        Configurações do Site
      </Typography>
      {values === null ? (
        <Loading text="Carregando configurações..." />
      ) : (
        <>
          <SettingsCard
            title="Informações de contato"
            description="Exibidas no rodapé do site público."
            fields={CONTACT}
            values={values}
            onChange={change}
          />
          <SettingsCard
            title="Textos e Rótulos"
            description="Rótulos do menu e títulos das páginas de listagem."
            fields={LABELS}
            values={values}
            onChange={change}
          />
          <SettingsCard
            title="Redes sociais"
            description="Links exibidos no rodapé do site público, apenas os preenchidos."
            fields={SOCIAL}
            values={values}
            onChange={change}
          />
          <SettingsCard
            title="Páginas legais"
            description="Textos das páginas de Privacidade, Termos e Cookies, ligadas no rodapé (LGPD)."
            fields={LEGAL}
            values={values}
            onChange={change}
          />
          <SettingsCard
            title="Histórico e lixeira"
            description={`Os itens excluídos ficam na Lixeira por ${TRASH_RETENTION_DAYS} dias e depois são excluídos definitivamente. O histórico de alterações de cada item e destas configurações é guardado pelo tempo escolhido abaixo.`}
            fields={RETENTION}
            values={values}
            onChange={change}
          />
          <Card sx={{ mb: 2 }}>
            <CardContent>
              <HistoryPanel
                table="site_settings"
                // A restored value replaces what was typed in that field.
                onRestored={(row) => {
                  if (typeof row.setting_key === 'string') {
                    change(row.setting_key, String(row.setting_value ?? ''));
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
