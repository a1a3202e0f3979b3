import {
  LEGAL_PAGES,
  LEGAL_TEXT_FORMAT,
  type SettingKey,
  SOCIAL_PROFILES,
} from '@guia-fortim/domain';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { dataProvider } from '../dataProvider.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { messageOf, useToast } from '../toast.tsx';
import { useSiteSettings } from './useSiteSettings.ts';

interface SettingField {
  key: SettingKey;
  label: string;
  type?: 'email' | 'url';
  multiline?: boolean;
  /** Rows shown for a multiline field (2 unless said). */
  rows?: number;
  helperText?: string;
  placeholder?: string;
}

const CONTACT: readonly SettingField[] = [
  { key: 'contact_email', label: 'E-mail de contato', type: 'email' },
  { key: 'contact_phone', label: 'Telefone de contato' },
  { key: 'contact_address', label: 'Endereço' },
  { key: 'site_description', label: 'Descrição do site', multiline: true },
];

const LABELS: readonly SettingField[] = [
  { key: 'nav_label_inicio', label: 'Menu: Início' },
  { key: 'nav_label_hospedagem', label: 'Menu: Hospedagem' },
  { key: 'nav_label_comercio', label: 'Menu: Comércio' },
  { key: 'nav_label_passeios', label: 'Menu: Passeios' },
  { key: 'nav_label_mapa', label: 'Menu: Mapa' },
  { key: 'header_title_hospedagem', label: 'Título da página de hospedagens' },
  { key: 'header_title_comercio', label: 'Título da página de comércios' },
  { key: 'header_title_passeios', label: 'Título da página de passeios' },
];

const SOCIAL: readonly SettingField[] = SOCIAL_PROFILES.map((profile) => ({
  key: profile.key,
  label: profile.label,
  placeholder: profile.example,
  type: 'url',
  helperText: 'Deixe em branco para não exibir.',
}));

const LEGAL: readonly SettingField[] = LEGAL_PAGES.map((page) => ({
  key: page.key,
  label: `${page.title} (/${page.slug})`,
  multiline: true,
  rows: 10,
  helperText: LEGAL_TEXT_FORMAT,
}));

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
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.saveSettings(
        Object.fromEntries(fields.map((field) => [field.key, (values[field.key] ?? '').trim()])),
      );
      toast('Configurações salvas com sucesso!');
    } catch (error) {
      toast('Erro ao salvar configurações', messageOf(error, ''), 'error');
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
              helperText={field.helperText}
              placeholder={field.placeholder}
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
  const toast = useToast();
  const { settings, isPending } = useSiteSettings(() =>
    toast('Erro ao carregar configurações', undefined, 'error'),
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
        </>
      )}
    </Box>
  );
}
