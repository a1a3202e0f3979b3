// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "navigation": { "disableMainFrameNavigation": true } } }
// 'Sair' against a real db/local: the panel's own authProvider, data provider and menu, the Lixeira
// (which only a signed-in admin may read: without a session PostgREST answers 401). The page's
// moves are read from location.replace and location.assign; main-frame navigation is off in this
// file, so happy-dom only changes the address instead of loading another page.
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPanelConfig } from '../src/config.ts';
import { ok, startDatabase, type TestDatabase } from './support/database.ts';

configure({ asyncUtilTimeout: 10_000 });

const ADMIN = { email: 'ana@teste.local', password: 'senha-forte-1' };
const EMPTY_TRASH = 'A lixeira está vazia.';

let db: TestDatabase;
let panel: Awaited<typeof import('../src/supabase.ts')>['supabase'];
let showPanel: (queryClient: QueryClient) => void;

beforeAll(async () => {
  db = await startDatabase();
  setPanelConfig({
    supabaseUrl: db.url,
    publishableKey: db.publishableKey,
    apiUrl: 'http://127.0.0.1:9',
  });
  const created = ok(
    await db.service.auth.admin.createUser({ ...ADMIN, email_confirm: true }),
    'criar admin',
  );
  ok(
    await db.service.from('user_roles').insert({ user_id: created.user?.id, role: 'admin' }),
    'função admin',
  );
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
        <Notification />
      </AdminContext>,
    );
  };
}, 120_000);

afterAll(() => db?.stop());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The addresses the page asks to leave for (the spies call through). */
function watchNavigation() {
  return {
    replace: vi.spyOn(window.location, 'replace'),
    assign: vi.spyOn(window.location, 'assign'),
  };
}

/** The statuses of PostgREST's answers to reads of the trash table (the network is not changed). */
function watchTrashReads(): number[] {
  const statuses: number[] = [];
  const network = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const response = await network(input, init);
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/rest/v1/trash')) statuses.push(response.status);
    return response;
  });
  return statuses;
}

/**
 * The admin comes back to the tab: react-query reads again what the screen shows. Resolves once a
 * read of the trash has been answered `status` and every query has settled (the authProvider's
 * checkError has run on it).
 */
async function returnToTab(queryClient: QueryClient, statuses: number[], status: number) {
  const before = statuses.length;
  window.dispatchEvent(new Event('visibilitychange'));
  await waitFor(() => expect(statuses.slice(before)).toContain(status));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
}

// In this order: after Sair (the second case) this page's panel is on its way out for good, as a
// real page would be.
describe("'Sair' in the panel", () => {
  it('a session that ended without Sair still sends the admin to the sign-in page on a 401', async () => {
    ok(await panel.auth.signInWithPassword(ADMIN), 'entrar como admin');
    const queryClient = new QueryClient();
    showPanel(queryClient);
    expect(await screen.findByText(EMPTY_TRASH)).toBeTruthy();
    const navigation = watchNavigation();
    const statuses = watchTrashReads();
    // As when another tab signs out: this page's client loses its session.
    const { error } = await panel.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    await returnToTab(queryClient, statuses, 401);
    expect(navigation.replace).toHaveBeenCalledWith('/auth/login?from=%2Fadmin%2Flixeira');
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it("shows 'Logout realizado' and leaves for the site, never through the sign-in page, even when a read after it gets 401", async () => {
    ok(await panel.auth.signInWithPassword(ADMIN), 'entrar como admin');
    const queryClient = new QueryClient();
    showPanel(queryClient);
    expect(await screen.findByText(EMPTY_TRASH)).toBeTruthy();
    const navigation = watchNavigation();
    const statuses = watchTrashReads();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByText('Logout realizado')).toBeTruthy();
    expect(screen.getByText('Você saiu do painel administrativo.')).toBeTruthy();
    await returnToTab(queryClient, statuses, 401);
    expect(navigation.replace).not.toHaveBeenCalled();
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith('/'));
    expect(navigation.replace).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/');
  });
});
