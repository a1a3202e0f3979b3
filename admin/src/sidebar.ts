import { LISTING_KINDS, panelRoute } from '@guia-fortim/domain';
import { kindLabel } from './kindLabels.ts';
import { CATEGORIES, SLIDES, TRASH } from './resources.ts';

/** A sidebar item is highlighted when the path equals it or continues below it. */
export function isActivePath(currentPath: string, itemPath: string): boolean {
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}

export const SIDEBAR_ITEMS = [
  { path: '/admin/dashboard', label: 'Dashboard' },
  ...LISTING_KINDS.map((kind) => ({
    path: panelRoute(kind),
    label: kindLabel(kind),
  })),
  { path: `/admin/${CATEGORIES}`, label: 'Categorias' },
  { path: '/admin/destaques', label: 'Destaques' },
  { path: '/admin/ordenar-topo', label: 'Ordenar Topo' },
  { path: `/admin/${SLIDES}`, label: 'Carrossel' },
  // After the content, before the settings: what was deleted, for 30 days.
  { path: `/admin/${TRASH}`, label: 'Lixeira' },
  { path: '/admin/mapa', label: 'Mapa' },
  { path: '/admin/roles', label: 'Funções' },
  { path: '/admin/settings', label: 'Configurações' },
  { path: '/admin/configuracoes', label: 'Configurações do Site' },
];
