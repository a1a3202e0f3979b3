// The header's five links (labels from the site settings) and the footer's link lists.
import { LEGAL_PAGES, type Settings, SOCIAL_PROFILES } from '@guia-fortim/domain';

export type NavLink = { href: string; label: string };

export function mainNavigation(settings: Settings): NavLink[] {
  return [
    { href: '/', label: settings.nav_label_inicio },
    { href: '/hospedagem', label: settings.nav_label_hospedagem },
    { href: '/comercio', label: settings.nav_label_comercio },
    { href: '/passeios', label: settings.nav_label_passeios },
    { href: '/mapa', label: settings.nav_label_mapa },
  ];
}

/**
 * A page's address as visitors see it: a static build names pages by file (Astro.url.pathname is
 * '/passeios.html', '/index.html'), the site serves them without the extension.
 */
export function pagePath(pathname: string): string {
  const clean = pathname.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1');
  return clean === '' ? '/' : clean;
}

/** The path a navigation link counts as current for (a listing page counts for its list). */
export function currentSection(pathname: string): string {
  const first = pagePath(pathname).split('/')[1] ?? '';
  return `/${first}`;
}

export const FOOTER_CATEGORIES: NavLink[] = [
  { href: '/hospedagem', label: 'Hotéis' },
  { href: '/hospedagem', label: 'Pousadas' },
  { href: '/comercio', label: 'Restaurantes' },
  { href: '/comercio', label: 'Artesanato' },
  { href: '/passeios', label: 'Praias' },
  { href: '/passeios', label: 'Buggy' },
];

/** The social profiles an admin has set ('Configurações do Site'), in this order. */
export function socialLinks(settings: Settings): NavLink[] {
  return SOCIAL_PROFILES.filter((profile) => settings[profile.key] !== '').map((profile) => ({
    href: settings[profile.key],
    label: profile.label,
  }));
}

export const LEGAL_LINKS: NavLink[] = LEGAL_PAGES.map((page) => ({
  href: `/${page.slug}`,
  label: page.link,
}));
