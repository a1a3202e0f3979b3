import { describe, expect, it } from 'vitest';
import { roleCanAccess } from '../src/permissions.ts';
import { isActivePath, SIDEBAR_ITEMS, sidebarItemsFor } from '../src/sidebar.ts';

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
      '/admin/avaliacoes',
      '/admin/lixeira',
      '/admin/mapa',
      '/admin/roles',
      '/admin/settings',
      '/admin/configuracoes',
    ]);
    expect(SIDEBAR_ITEMS.find((item) => item.path === '/admin/lixeira')?.label).toBe('Lixeira');
    expect(SIDEBAR_ITEMS.find((item) => item.path === '/admin/avaliacoes')?.label).toBe(
      'Avaliações',
    );
    // The two labels the menu must show.
    expect(SIDEBAR_ITEMS.find((item) => item.path === '/admin/roles')?.label).toBe('Funções');
    expect(SIDEBAR_ITEMS.find((item) => item.path === '/admin/configuracoes')?.label).toBe(
      'Configurações do Site',
    );
  });
});

describe('the menu by role', () => {
  it('an administrator sees every item', () => {
    expect(sidebarItemsFor('admin')).toEqual(SIDEBAR_ITEMS);
  });

  it('a moderator sees the content and the Lixeira, not the map key, roles or settings', () => {
    expect(sidebarItemsFor('moderator').map((item) => item.label)).toEqual([
      'Dashboard',
      'Hospedagens',
      'Comércios',
      'Passeios',
      'Categorias',
      'Destaques',
      'Ordenar Topo',
      'Carrossel',
      'Avaliações',
      'Lixeira',
    ]);
  });

  it('a moderator moderates reviews as an administrator does', () => {
    expect(roleCanAccess('moderator', { resource: 'avaliacoes', action: 'list' })).toBe(true);
    expect(roleCanAccess('admin', { resource: 'avaliacoes', action: 'list' })).toBe(true);
  });

  it("a moderator opens the Lixeira and restores from it, but never 'Excluir definitivamente'", () => {
    expect(roleCanAccess('moderator', { resource: 'lixeira', action: 'list' })).toBe(true);
    expect(roleCanAccess('moderator', { resource: 'lixeira', action: 'purge' })).toBe(false);
    expect(roleCanAccess('admin', { resource: 'lixeira', action: 'purge' })).toBe(true);
  });

  it('a moderator edits, deletes and reads the history of listings, categories and slides', () => {
    for (const resource of [
      'hospedagens',
      'comercios',
      'passeios',
      'categorias',
      'carousel',
      'historico',
    ]) {
      for (const action of ['list', 'create', 'edit', 'delete']) {
        expect([resource, action, roleCanAccess('moderator', { resource, action })]).toEqual([
          resource,
          action,
          true,
        ]);
      }
    }
  });

  it('the screens a moderator may not open, whatever the action', () => {
    for (const resource of ['roles', 'mapa', 'settings', 'configuracoes']) {
      for (const action of ['list', 'edit']) {
        expect([resource, action, roleCanAccess('moderator', { resource, action })]).toEqual([
          resource,
          action,
          false,
        ]);
        expect(roleCanAccess('admin', { resource, action })).toBe(true);
      }
    }
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
