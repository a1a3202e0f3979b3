// The site settings' Portuguese names, stated once: the settings screens label their fields with
// them and the history names the setting that changed.
import {
  LEGAL_PAGES,
  MAPS_KEY_SETTING,
  type SettingKey,
  SOCIAL_PROFILES,
} from '@guia-fortim/domain';

export const SETTING_LABELS = {
  contact_email: 'E-mail de contato',
  contact_phone: 'Telefone de contato',
  contact_address: 'Endereço',
  site_description: 'Descrição do site',
  nav_label_inicio: 'Menu: Início',
  nav_label_hospedagem: 'Menu: Hospedagem',
  nav_label_comercio: 'Menu: Comércio',
  nav_label_passeios: 'Menu: Passeios',
  nav_label_mapa: 'Menu: Mapa',
  header_title_hospedagem: 'Título da página de hospedagens',
  header_title_comercio: 'Título da página de comércios',
  header_title_passeios: 'Título da página de passeios',
  [MAPS_KEY_SETTING]: 'Chave da API do Google Maps',
  history_retention_days: 'Guardar o histórico de alterações por (dias)',
  // The footer's names of the social profiles; the legal pages by title and address.
  ...(Object.fromEntries(SOCIAL_PROFILES.map((profile) => [profile.key, profile.label])) as Record<
    (typeof SOCIAL_PROFILES)[number]['key'],
    string
  >),
  ...(Object.fromEntries(
    LEGAL_PAGES.map((page) => [page.key, `${page.title} (/${page.slug})`]),
  ) as Record<(typeof LEGAL_PAGES)[number]['key'], string>),
} satisfies Record<SettingKey, string>;

/** A setting's name; a key this panel does not know is shown as it is. */
export function settingLabel(key: string): string {
  return (SETTING_LABELS as Record<string, string>)[key] ?? key;
}
