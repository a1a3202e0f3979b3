// @vitest-environment happy-dom
// The panel as a moderator sees it, against a real db/local with the panel's own authProvider and
// data provider: the menu holds the content and the Lixeira only, and the Lixeira offers
// 'Restaurar' but never 'Excluir definitivamente'. An administrator, signed in next on the same
// page, gets both and the whole menu.
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPanelConfig } from '../src/config.ts';
import { ok, startDatabase, type TestDatabase } from './support/database.ts';

configure({ asyncUtilTimeout: 10_000 });

const MODERATOR = { email: 'mario@teste.local', password: 'senha-forte-1' };
const ADMIN = { email: 'ana@teste.local', password: 'senha-forte-1' };
const CATEGORY = 'Categoria na lixeira';

const CONTENT_MENU = [
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
];
const ADMIN_MENU = [...CONTENT_MENU, 'Mapa', 'Funções', 'Configurações', 'Configurações do Site'];

let db: TestDatabase;
let panel: Awaited<typeof import('../src/supabase.ts')>['supabase'];
let showPanel: (queryClient: QueryClient) => void;

async function account(user: { email: string; password: string }, role: string) {
  const created = ok(
    await db.service.auth.admin.createUser({ ...user, email_confirm: true }),
    `criar ${role}`,
  );
  ok(
    await db.service.from('user_roles').update({ role }).eq('user_id', created.user?.id),
    `função ${role}`,
  );
}

beforeAll(async () => {
  db = await startDatabase();
  setPanelConfig({
    supabaseUrl: db.url,
    publishableKey: db.publishableKey,
    apiUrl: 'http://127.0.0.1:9',
  });
  await account(MODERATOR, 'moderator');
  await account(ADMIN, 'admin');
  // A deleted category waits in the Lixeira.
  const [category] = ok(
    await db.service.from('categories').insert({ name: CATEGORY, type: 'passeio' }).select('id'),
    'categoria',
  );
  ok(await db.service.from('categories').delete().eq('id', category?.id), 'excluir categoria');

  panel = (await import('../src/supabase.ts')).supabase;
  const { authProvider } = await import('../src/authProvider.ts');
  const { dataProvider } = await import('../src/dataProvider.ts');
  const { i18nProvider } = await import('../src/i18n.ts');
  const { AdminMenu } = await import('../src/layout/AdminMenu.tsx');
  const Trash = (await import('../src/trash/TrashList.tsx')).default;
  showPanel = (queryClient) => {
    window.history.replaceState(null, '', '/admin/lixeira');
    render(
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
      >
        <AdminMenu />
        <Trash />
      </AdminContext>,
    );
  };
}, 120_000);

afterAll(() => db?.stop());
afterEach(() => cleanup());

/** The menu's own items (not its links out to the site). */
async function menuItems(expected: number): Promise<string[]> {
  const menu = await screen.findByRole('navigation', { name: 'Menu do painel' });
  await within(menu).findByRole('link', { name: 'Lixeira' });
  const links = within(menu)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('target') !== '_blank')
    .map((link) => link.textContent ?? '');
  expect(links).toHaveLength(expected);
  return links;
}

describe('the panel by role', () => {
  it("a moderator: the content's menu, and the Lixeira's 'Restaurar' without 'Excluir definitivamente'", async () => {
    ok(await panel.auth.signInWithPassword(MODERATOR), 'entrar como moderador');
    const queryClient = new QueryClient();
    showPanel(queryClient);
    expect(await menuItems(CONTENT_MENU.length)).toEqual(CONTENT_MENU);
    const row = (await screen.findByText(CATEGORY)).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Restaurar' })).toBeTruthy();
    // Every question settled, canAccess's included: the button is refused, not still pending.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: 'Excluir definitivamente' })).toBeNull();
    expect((await panel.auth.signOut({ scope: 'local' })).error).toBeNull();
  });

  it("an administrator: the whole menu and 'Excluir definitivamente'", async () => {
    ok(await panel.auth.signInWithPassword(ADMIN), 'entrar como admin');
    showPanel(new QueryClient());
    expect(await menuItems(ADMIN_MENU.length)).toEqual(ADMIN_MENU);
    const row = (await screen.findByText(CATEGORY)).closest('tr') as HTMLElement;
    expect(
      await within(row).findByRole('button', { name: 'Excluir definitivamente' }),
    ).toBeTruthy();
  });
});
