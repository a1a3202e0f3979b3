// The panel's gate, against the whole local stack (db/local + worker + site + panel on one
// origin): anonymous visitors go to the site's sign-in page and come back; a signed-in user
// without a panel role sees 'Acesso Negado'; the demo admin gets the dashboard with real counts;
// the demo moderator manages content, opens 'Avaliações' and rejects and deletes a review through
// the worker, is refused roles, settings, the map key and purging, and finds the panel in the
// site's account menu; Sair.
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { DUMMY_TOKEN } from '@guia-fortim/stack/turnstile';
import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { sharedPortal } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';
import { ANY_VIEWPORT } from '../support/viewports.ts';
import { open, reload, rows, supabaseAccess } from './public-helpers.ts';

async function signInThroughSite(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** On a phone the sidebar is a drawer: open it when it is closed. */
async function openMenu(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Menu do painel' });
  const opener = page.getByRole('button', { name: 'Abrir menu' });
  // The layout is lazy-loaded: wait for the sidebar or the phone's menu button to appear first.
  await expect(menu.or(opener).filter({ visible: true }).first()).toBeVisible();
  if (await menu.isVisible()) return;
  await opener.click();
  await expect(menu).toBeVisible();
}

test(
  'an anonymous visitor is sent to /auth/login with from, and back after signing in',
  ANY_VIEWPORT,
  async ({ page }) => {
    await open(page, '/admin/destaques');
    await expect(page).toHaveURL(/\/auth\/login\?from=%2Fadmin%2Fdestaques$/);
    await signInThroughSite(page, DEMO_ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/admin\/destaques$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gerenciar Destaques' }),
    ).toBeVisible();
  },
);

test(
  "a signed-in user without the admin role sees 'Acesso Negado' with both texts",
  ANY_VIEWPORT,
  async ({ page }) => {
    await open(page, '/admin/dashboard');
    await signInThroughSite(page, DEMO_ACCOUNTS.visitante);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso Negado' })).toBeVisible();
    await expect(page.getByText('Você não tem permissão para acessar esta área.')).toBeVisible();
    await expect(
      page.getByText('Entre em contato com um administrador se precisar de acesso.'),
    ).toBeVisible();
    await expect(page.getByText('Painel Administrativo')).toHaveCount(0);
  },
);

test('the admin sees the dashboard with real counts, the sidebar and who is signed in', async ({
  page,
}) => {
  await open(page, '/admin/dashboard');
  await signInThroughSite(page, DEMO_ACCOUNTS.admin);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Painel Administrativo' }),
  ).toBeVisible();

  const lodgingCount = page.getByLabel('Total de Hospedagens');
  await expect(lodgingCount).toHaveText(/^\d+$/);
  const shown = Number(await lodgingCount.textContent());
  await page.getByTestId('count-hospedagens').getByRole('link', { name: 'Gerenciar' }).click();
  await expect(page).toHaveURL(/\/admin\/hospedagens$/);
  await expect(page.getByTestId('listing-row')).toHaveCount(shown);

  await open(page, '/admin/hospedagens/novo');
  await openMenu(page);
  const menu = page.getByRole('navigation', { name: 'Menu do painel' });
  await expect(menu.getByRole('link', { name: 'Hospedagens' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  // The panel's thirteen sections ('Avaliações' among them), the Lixeira, and two links out
  // (the site, sign-out).
  await expect(menu.getByRole('link')).toHaveCount(13 + 1 + 2);
  await expect(menu.getByRole('link', { name: 'Lixeira' })).toHaveAttribute(
    'href',
    '/admin/lixeira',
  );
  await expect(page.getByTestId('logged-as')).toHaveText(DEMO_ACCOUNTS.admin.fullName);
  await menu.getByRole('link', { name: 'Destaques' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gerenciar Destaques' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Hospedagens' })).toBeVisible();
});

/** The signed-in account's access token (the panel's stored session). */
function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token')) ?? '';
    return String(JSON.parse(localStorage.getItem(key) ?? '{}').access_token ?? '');
  });
}

/** Calls the worker with the signed-in account's own token: the status and the answer. */
async function callWorker(page: Page, method: string, path: string, body?: unknown) {
  const response = await fetch(`${sharedPortal().apiUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await sessionToken(page)}`,
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// Once, at the desktop viewport: what a moderator may do does not depend on the layout, and the
// panel's phone layout is walked by the administrator's tests.
test(
  'the moderator manages content and is refused roles, settings, the map key and purging',
  ANY_VIEWPORT,
  async ({ page }) => {
    test.setTimeout(90_000);
    await open(page, '/admin/dashboard');
    await signInThroughSite(page, DEMO_ACCOUNTS.moderador);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Painel Administrativo' }),
    ).toBeVisible();
    // What waits for the moderator, counted, with the way to it.
    await expect(page.getByLabel('Total de Avaliações pendentes')).toHaveText(/^\d+$/);
    await expect(
      page.getByTestId('count-avaliacoes').getByRole('link', { name: 'Gerenciar' }),
    ).toHaveAttribute('href', '/admin/avaliacoes');

    // The menu: the content and the Lixeira, nothing of roles, settings or the map key.
    await openMenu(page);
    await expect(page.getByTestId('logged-as')).toHaveText(DEMO_ACCOUNTS.moderador.fullName);
    const menu = page.getByRole('navigation', { name: 'Menu do painel' });
    await expect(menu.getByRole('link', { name: 'Lixeira' })).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
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
      // the two links out
      'Ver site',
      'Ver mapa',
    ]);

    // The visitors' reviews: the moderator opens the queue from the menu, on its first tab.
    await menu.getByRole('link', { name: 'Avaliações' }).click();
    await expect(page).toHaveURL(/\/admin\/avaliacoes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Avaliações' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Pendentes', selected: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Aprovadas' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Rejeitadas' })).toBeVisible();

    // Content through the worker with the moderator's own token; the settings are refused.
    const name = `Categoria da moderação ${Date.now().toString(36)}`;
    const created = await callWorker(page, 'POST', '/categories', { name, type: 'passeio' });
    expect(created.status).toBe(201);
    expect((await callWorker(page, 'DELETE', `/categories/${created.body.id}`)).status).toBe(200);
    expect(
      await callWorker(page, 'PUT', '/settings', { contact_phone: '+55 (88) 90000-0000' }),
    ).toEqual({
      status: 403,
      body: {
        error: {
          code: 'forbidden',
          message: 'Apenas administradores podem realizar esta operação.',
        },
      },
    });

    // The Lixeira: 'Restaurar', never 'Excluir definitivamente'.
    await open(page, '/admin/lixeira');
    const row = page.getByTestId('trash-row').filter({ hasText: name });
    await expect(row.getByRole('button', { name: 'Restaurar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Excluir definitivamente' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Restaurar' }).click();
    await expect(page.getByText(`Categoria “${name}” restaurada`)).toBeVisible();
    await expect(row).toHaveCount(0);
    // Put back as it was: the category leaves again (to the Lixeira, for an administrator).
    expect((await callWorker(page, 'DELETE', `/categories/${created.body.id}`)).status).toBe(200);

    // The administrators' screens, by their address: react-admin's 'Acesso Negado' in their place.
    for (const [path, hidden] of [
      ['/admin/roles', 'Conceder acesso'],
      ['/admin/configuracoes', 'Configurações do Site'],
      ['/admin/settings', 'Salvar'],
      ['/admin/mapa', 'Configurações do Mapa'],
    ] as const) {
      await open(page, path);
      await expect(page.getByText('Acesso Negado', { exact: true })).toBeVisible();
      await expect(page.getByText('Você não tem permissão de acessar essa página')).toBeVisible();
      await expect(page.getByRole('main').getByText(hidden, { exact: true })).toHaveCount(0);
    }

    // On the site, the account menu leads a moderator to the panel as it leads an administrator.
    await open(page, '/');
    const account = page.getByRole('button', { name: 'Minha Conta' });
    await account.click();
    await expect(page.getByRole('link', { name: 'Painel Admin' })).toHaveAttribute(
      'href',
      '/admin/',
    );
  },
);

/** A signed-in account's access token, as the site's sign-in gets it (the stack asks for CAPTCHA). */
async function accessTokenOf(account: { email: string; password: string }): Promise<string> {
  const { url, key } = supabaseAccess();
  const client = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await client.auth.signInWithPassword({
    ...account,
    options: { captchaToken: DUMMY_TOKEN },
  });
  expect(error).toBeNull();
  return data.session?.access_token ?? '';
}

// Once, at the desktop viewport: the decisions go through the real worker and database; the
// panel's phone layout of 'Avaliações' is walked by admin-phone.spec.ts.
test(
  'the moderator rejects a review with a reason, then sends it to the Lixeira, through the worker',
  ANY_VIEWPORT,
  async ({ page }) => {
    test.setTimeout(90_000);
    // A review by the demo administrator (no demo review of theirs), on a place the site shows.
    const [place] = await rows<{ id: string; name: string }>('comercios', {
      select: 'id,name',
      order: 'name.asc',
      limit: '1',
    });
    const comment = `Comentário para moderar ${Date.now().toString(36)}`;
    const sent = await fetch(`${sharedPortal().apiUrl}/api/reviews`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessTokenOf(DEMO_ACCOUNTS.admin)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ kind: 'comercio', listing_id: place?.id, rating: 2, comment }),
    });
    expect(sent.status).toBe(201);

    await open(page, '/admin/avaliacoes');
    await signInThroughSite(page, DEMO_ACCOUNTS.moderador);
    const row = page.getByTestId('review-row').filter({ hasText: comment });
    await expect(row.getByRole('link', { name: place?.name })).toBeVisible();
    await expect(row.getByRole('img', { name: '2 de 5 estrelas' })).toBeVisible();
    await expect(row).toContainText(DEMO_ACCOUNTS.admin.fullName);

    await row.getByRole('button', { name: 'Rejeitar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rejeitar avaliação' });
    await dialog.getByLabel('Motivo').fill('Comentário de teste.');
    await dialog.getByRole('button', { name: 'Rejeitar' }).click();
    await expect(page.getByText('Avaliação rejeitada.')).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.getByRole('tab', { name: 'Rejeitadas' }).click();
    await expect(row).toContainText('Motivo: Comentário de teste.');
    await row.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Avaliação movida para a lixeira.')).toBeVisible();
    await expect(row).toHaveCount(0);

    await open(page, '/admin/lixeira');
    await expect(
      page
        .getByTestId('trash-row')
        .filter({ hasText: `2★ de ${place?.name}` })
        .first(),
    ).toContainText('Avaliação');
  },
);

test(
  "Sair: a failed logout says 'Erro ao sair. Tente novamente.' and keeps the session",
  ANY_VIEWPORT,
  async ({ page, problems }) => {
    // Two panel loads and two sign-outs: more than the default 30 s on a loaded machine.
    test.setTimeout(90_000);
    // The failed sign-out is made on purpose (the connection is cut). A panel read still in
    // flight when the real sign-out ends the session is refused with 401: sign-out's own effect,
    // which the panel takes as such (admin/src/signOut.ts), not an expired session.
    problems.expect(/logout|ERR_CONNECTION_RESET|401 GET \S+\/rest\/v1\/|status of 401/);
    await open(page, '/admin/dashboard');
    await signInThroughSite(page, DEMO_ACCOUNTS.admin);
    const heading = page.getByRole('heading', { level: 1, name: 'Painel Administrativo' });
    await expect(heading).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menu do painel' });

    // The network drops the sign-out request (POST /auth/v1/logout?scope=global).
    let aborted = 0;
    await page.route('**/auth/v1/logout**', async (route) => {
      aborted++;
      await route.abort('connectionreset');
    });
    await openMenu(page);
    await menu.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByText('Erro ao sair. Tente novamente.')).toBeVisible();
    expect(aborted).toBe(1);
    await expect(page.getByText('Logout realizado')).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // Still signed in: the panel opens again without the sign-in page.
    await reload(page);
    await expect(heading).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // With the network back, Sair signs out with 'Logout realizado' and leaves the panel.
    await page.unroute('**/auth/v1/logout**');
    await openMenu(page);
    // A real logout?scope=global of the demo admin on the shared portal; each test signs in anew.
    const logout = page.waitForResponse((r) => r.url().includes('/auth/v1/logout'));
    await menu.getByRole('button', { name: 'Sair' }).click();
    expect((await logout).ok()).toBe(true);
    await expect(page.getByText('Logout realizado')).toBeVisible();
    await expect(page.getByText('Você saiu do painel administrativo.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await open(page, '/admin/dashboard');
    await expect(page).toHaveURL(/\/auth\/login\?from=%2Fadmin%2Fdashboard$/);
  },
);
