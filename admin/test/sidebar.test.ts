import { describe, expect, it } from 'vitest';
import { isActivePath, SIDEBAR_ITEMS } from '../src/sidebar.ts';

describe('sidebar', () => {
  it("lists the menu's items in order, with the Lixeira after the content", () => {
    expect(SIDEBAR_ITEMS.map((item) => item.path)).toEqual([
      '/admin/dashboard',
      '/admin/hospedagens',
      '/admin/comercios',
      '/admin/passeios',
      '/admin/categorias',
      '/admin/destaques',
      '/admin/ordenar-topo',
      '/admin/carousel',
      '/admin/lixeira',
      '/admin/mapa',
      '/admin/roles',
      '/admin/settings',
      '/admin/configuracoes',
    ]);
    expect(SIDEBAR_ITEMS.find((item) => item.path === '/admin/lixeira')?.label).toBe('Lixeira');
    // The two labels the menu must show.
    expect(SIDEBAR_ITEMS.find((item) => item.path === '/admin/roles')?.label).toBe('Funções');
    expect(SIDEBAR_ITEMS.find((item) => item.path === '/admin/configuracoes')?.label).toBe(
      'Configurações do Site',
    );
  });
});

describe('isActivePath', () => {
  it('matches the item itself and its sub-paths, not look-alike prefixes', () => {
    expect(isActivePath('/admin/hospedagens', '/admin/hospedagens')).toBe(true);
    expect(isActivePath('/admin/hospedagens/novo', '/admin/hospedagens')).toBe(true);
    expect(isActivePath('/admin/hospedagens-x', '/admin/hospedagens')).toBe(false);
    expect(isActivePath('/admin/hospedagen', '/admin/hospedagens')).toBe(false);
  });
});
