/** A sidebar item is highlighted when the path equals it or continues below it. */
export function isActivePath(currentPath: string, itemPath: string): boolean {
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}

export const SIDEBAR_ITEMS = [
  { path: '/admin/dashboard', label: 'Dashboard' },
  { path: '/admin/hospedagens', label: 'Hospedagens' },
  { path: '/admin/comercios', label: 'Comércios' },
  { path: '/admin/passeios', label: 'Passeios' },
  { path: '/admin/categorias', label: 'Categorias' },
  { path: '/admin/destaques', label: 'Destaques' },
  { path: '/admin/ordenar-topo', label: 'Ordenar Topo' },
  { path: '/admin/carousel', label: 'Carrossel' },
  { path: '/admin/mapa', label: 'Mapa' },
  { path: '/admin/roles', label: 'Funções' },
  { path: '/admin/settings', label: 'Configurações' },
  { path: '/admin/configuracoes', label: 'Configurações do Site' },
] as const;
