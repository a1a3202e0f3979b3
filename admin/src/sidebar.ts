import { KINDS, LISTING_KINDS, panelRoute } from '@guia-fortim/domain';
import { kindLabel } from './kindLabels.ts';
import {
  MAP_SETTINGS,
  ROLES,
  roleCanAccess,
  SETTINGS,
  SITE_SETTINGS,
  type StaffRole,
} from './permissions.ts';
import { CATEGORIES, REVIEWS, SLIDES, TRASH } from './resources.ts';

/** A sidebar item is highlighted when the path equals it or continues below it. */
export function isActivePath(currentPath: string, itemPath: string): boolean {
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}

/** Each item names what react-admin's canAccess is asked about (its list). */
export const SIDEBAR_ITEMS = [
  { path: '/admin/dashboard', label: 'Dashboard', resource: 'dashboard' },
  ...LISTING_KINDS.map((kind) => ({
    path: panelRoute(kind),
    label: kindLabel(kind),
    resource: KINDS[kind].resource,
  })),
  { path: `/admin/${CATEGORIES}`, label: 'Categorias', resource: CATEGORIES },
  { path: '/admin/destaques', label: 'Destaques', resource: 'destaques' },
  { path: '/admin/ordenar-topo', label: 'Ordenar Topo', resource: 'ordenar-topo' },
  { path: `/admin/${SLIDES}`, label: 'Carrossel', resource: SLIDES },
  { path: `/admin/${REVIEWS}`, label: 'Avaliações', resource: REVIEWS },
  // After the content, before the settings: what was deleted, for 30 days.
  { path: `/admin/${TRASH}`, label: 'Lixeira', resource: TRASH },
  { path: `/admin/${MAP_SETTINGS}`, label: 'Mapa', resource: MAP_SETTINGS },
  { path: `/admin/${ROLES}`, label: 'Funções', resource: ROLES },
  { path: `/admin/${SETTINGS}`, label: 'Configurações', resource: SETTINGS },
  { path: `/admin/${SITE_SETTINGS}`, label: 'Configurações do Site', resource: SITE_SETTINGS },
];

/** The menu a role sees: the items whose screen it may open. */
export function sidebarItemsFor(role: StaffRole): typeof SIDEBAR_ITEMS {
  return SIDEBAR_ITEMS.filter((item) =>
    roleCanAccess(role, { resource: item.resource, action: 'list' }),
  );
}
