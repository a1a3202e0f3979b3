// Site settings: the fixed set of keys and their Portuguese defaults. The schema migrations insert
// the same defaults (a test compares them), except the legal pages' long texts, which live only
// here: the site and the panel fall back to these when a value is missing.
import { DEFAULT_COOKIES_TEXT, DEFAULT_PRIVACY_TEXT, DEFAULT_TERMS_TEXT } from './legal-texts.ts';
import type { SiteSetting } from './types.ts';

export const SETTINGS_DEFAULTS = {
  contact_email: 'contato@guiafortim.com.br',
  contact_phone: '+55 (88) 99999-0000',
  contact_address: 'Fortim, Ceará - Brasil',
  site_description:
    'Seu guia para descobrir Fortim, no litoral leste do Ceará: praias de águas mornas, passeios pelo Rio Jaguaribe, pousadas aconchegantes e o melhor do comércio local.',
  nav_label_inicio: 'Início',
  nav_label_hospedagem: 'Hospedagem',
  nav_label_comercio: 'Comércio Local',
  nav_label_passeios: 'Passeios',
  nav_label_mapa: 'Mapa',
  header_title_hospedagem: 'Hospedagens em Fortim',
  header_title_comercio: 'Comércio Local',
  header_title_passeios: 'Passeios e Experiências',
  /** Public browser key for the maps service (a deliberate deviation: a site setting). */
  google_maps_api_key: '',
  /** Social profiles: http(s) addresses; the footer shows only those that are set. */
  social_instagram: '',
  social_facebook: '',
  social_youtube: '',
  /** The legal pages' texts (LEGAL_TEXT_FORMAT). */
  legal_privacidade: DEFAULT_PRIVACY_TEXT,
  legal_termos: DEFAULT_TERMS_TEXT,
  legal_cookies: DEFAULT_COOKIES_TEXT,
  /** Days the history of changes is kept (HISTORY_RETENTION_DAYS bounds it). */
  history_retention_days: '365',
} as const;

export type SettingKey = keyof typeof SETTINGS_DEFAULTS;
export type Settings = Record<SettingKey, string>;
/** Every setting's key: the database accepts exactly these (private.setting_keys(), a test compares). */
export const SETTING_KEYS = Object.keys(SETTINGS_DEFAULTS) as SettingKey[];

/**
 * The maps key: a public site setting every visitor's map uses. A browser keeps its own override
 * in local storage under the same name, which the panel sets on saving.
 */
export const MAPS_KEY_SETTING = 'google_maps_api_key' satisfies SettingKey;
export const MAPS_API_KEY_STORAGE_KEY = MAPS_KEY_SETTING;

/** The social profiles, in the footer's order, with the names the footer and the panel show. */
export const SOCIAL_PROFILES = [
  { key: 'social_instagram', label: 'Instagram', example: 'https://instagram.com/…' },
  { key: 'social_facebook', label: 'Facebook', example: 'https://facebook.com/…' },
  { key: 'social_youtube', label: 'YouTube', example: 'https://youtube.com/@…' },
] as const satisfies readonly { key: SettingKey; label: string; example: string }[];
export const SOCIAL_SETTING_KEYS = SOCIAL_PROFILES.map((profile) => profile.key);

/** The legal pages: their address, the footer's link, the page's title, and their text's key. */
export const LEGAL_PAGES = [
  {
    key: 'legal_termos',
    slug: 'termos',
    link: 'Termos',
    title: 'Termos de Uso',
    description: 'As regras de uso do Guia Fortim, o guia turístico de Fortim, Ceará.',
  },
  {
    key: 'legal_privacidade',
    slug: 'privacidade',
    link: 'Privacidade',
    title: 'Política de Privacidade',
    description:
      'Quais dados pessoais o Guia Fortim guarda, por que, por quanto tempo e como exercer os seus direitos (LGPD).',
  },
  {
    key: 'legal_cookies',
    slug: 'cookies',
    link: 'Cookies',
    title: 'Política de Cookies',
    description:
      'O que o Guia Fortim guarda no seu navegador: só o que o acesso à conta precisa, sem cookies de rastreamento.',
  },
] as const satisfies readonly {
  key: SettingKey;
  slug: string;
  link: string;
  title: string;
  description: string;
}[];
export const LEGAL_SETTING_KEYS = LEGAL_PAGES.map((page) => page.key);

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === 'string' && Object.hasOwn(SETTINGS_DEFAULTS, value);
}

/** Settings from the table's rows; a missing key keeps its default, unknown keys are ignored. */
export function settingsFromRows(
  rows: readonly Pick<SiteSetting, 'setting_key' | 'setting_value'>[],
): Settings {
  const settings: Settings = { ...SETTINGS_DEFAULTS };
  for (const row of rows) {
    if (isSettingKey(row.setting_key)) settings[row.setting_key] = row.setting_value;
  }
  return settings;
}
