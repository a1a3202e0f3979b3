// The panel's content management against the whole local stack (db/local + worker + the built
// site and panel on one origin), signed in as the demo admin through the site's sign-in page.
// Each test puts back what it changed, so the suite can run again on the same stack.
import { readFile } from 'node:fs/promises';
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { imageVariant, LISTING_PATH } from '@guia-fortim/domain';
import type { Locator, Page } from '@playwright/test';
import { longWord } from '../support/hostile-text.ts';
import { sharedPortal } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';
import { getOk, open, rows as publicRows, reload } from './public-helpers.ts';

// Each test puts back what it changed, so one test's failure leaves the next ones to run: no
// serial group, since no test needs another's state. Most take under a minute in a whole CI run at
// rest on a 2-core runner, about twice that at load 8; the longer ones have budgets of their own.
test.describe.configure({ timeout: 180_000 });

const stamp = Date.now().toString(36);

/** The signed-in admin's access token (the panel's stored session). */
function adminToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token')) ?? '';
    return String(JSON.parse(localStorage.getItem(key) ?? '{}').access_token ?? '');
  });
}

/** Calls the worker with the signed-in admin's own token. */
async function asAdmin(page: Page, method: string, path: string, body?: unknown) {
  const response = await fetch(`${sharedPortal().apiUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminToken(page)}`,
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  expect(response.ok, `${method} ${path} → ${JSON.stringify(answer)}`).toBe(true);
  return answer;
}

/** Rows as the signed-in admin reads them (row-level security lets an admin see inactive ones). */
async function adminRows<T>(page: Page, table: string, query: Record<string, string>) {
  const { supabaseUrl, publishableKey } = sharedPortal();
  const response = await fetch(`${supabaseUrl}/rest/v1/${table}?${new URLSearchParams(query)}`, {
    headers: { apikey: publishableKey, authorization: `Bearer ${await adminToken(page)}` },
  });
  expect(response.ok, `leitura de ${table}`).toBe(true);
  return (await response.json()) as T[];
}

/** The origin's deploy hook: builds started so far, and whether the latest is live. */
async function deployHook() {
  const response = await getOk(sharedPortal().deployHookUrl);
  return (await response.json()) as { state: string; pending: boolean; builds: number };
}

/** Where the worker's rebuilds stand (requestedAt: the latest change that asked for one). */
async function publishState(page: Page) {
  return (await asAdmin(page, 'GET', '/publish')) as {
    state: string;
    pending: boolean;
    requestedAt: string | null;
  };
}

/**
 * The suites after this one compare the public pages with the database: waits until a rebuild
 * the origin started after its build number `since` is live and nothing waits to be published
 * (the worker has handed every change over, the origin built it).
 */
async function waitForRebuild(page: Page, since: number) {
  await expect
    .poll(
      async () => {
        const [origin, worker] = await Promise.all([deployHook(), publishState(page)]);
        return (
          origin.builds > since &&
          origin.state === 'live' &&
          !origin.pending &&
          worker.state === 'live' &&
          !worker.pending
        );
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(true);
}

// Featured and pinned rows: the columns the public pages read, the worker's route and body key.
const ORDERINGS = {
  featured: { flag: 'is_featured', position: 'featured_order' },
  pinned: { flag: 'is_pinned', position: 'pin_order' },
} as const;
type Ordering = keyof typeof ORDERINGS;
type OrderRow = { id: string } & Record<string, unknown>;

/** Every row's flag and position in `table` (inactive rows too), by id. */
function orderState(page: Page, table: string, ordering: Ordering) {
  const { flag, position } = ORDERINGS[ordering];
  return adminRows<OrderRow>(page, table, { select: `id,${flag},${position}`, order: 'id.asc' });
}

/** The ids flagged, first position first. */
function flaggedInOrder(state: OrderRow[], ordering: Ordering): string[] {
  const { flag, position } = ORDERINGS[ordering];
  return state
    .filter((row) => row[flag] === true)
    .sort((a, b) => Number(a[position]) - Number(b[position]))
    .map((row) => row.id);
}

/**
 * Puts the featured or pinned rows of `table` back as `saved` has them, through the worker:
 * unflags what was added, flags again what was taken away, then moves each into its place.
 * Returns how many changes that took.
 */
async function putBackOrder(page: Page, table: string, ordering: Ordering, saved: OrderRow[]) {
  const wanted = flaggedInOrder(saved, ordering);
  let changes = 0;
  const set = async (id: string, on: boolean) => {
    await asAdmin(page, 'POST', `/${table}/${id}/lists/${ordering}`, { included: on });
    changes++;
  };
  const present = flaggedInOrder(await orderState(page, table, ordering), ordering);
  for (const id of present.filter((id) => !wanted.includes(id))) await set(id, false);
  for (const id of wanted.filter((id) => !present.includes(id))) await set(id, true);
  const now = flaggedInOrder(await orderState(page, table, ordering), ordering);
  for (const [place, id] of wanted.entries()) {
    // Each move swaps the item with the one above it.
    for (let at = now.indexOf(id); at > place; at--) {
      await asAdmin(page, 'POST', `/${table}/${id}/lists/${ordering}/move`, {
        direction: 'up',
      });
      changes++;
      [now[at - 1], now[at]] = [id, now[at - 1] as string];
    }
  }
  return changes;
}

/**
 * Runs `body`, which changes the shared portal's featured or pinned rows of `table`; whatever
 * happens, they are put back as they were and the site rebuilt from them before the next test.
 */
async function restoringOrder(
  page: Page,
  table: string,
  ordering: Ordering,
  body: () => Promise<void>,
) {
  // Waiting for the rebuild gets time of its own.
  test.setTimeout(test.info().timeout + 90_000);
  const saved = await orderState(page, table, ordering);
  const buildsBefore = (await deployHook()).builds;
  const { requestedAt } = await publishState(page);
  try {
    await body();
  } finally {
    const buildsBeforePutBack = (await deployHook()).builds;
    const changes = await putBackOrder(page, table, ordering, saved);
    if (changes > 0) await waitForRebuild(page, buildsBeforePutBack);
    else if ((await publishState(page)).requestedAt !== requestedAt) {
      // The test put everything back itself; its changes still asked for rebuilds.
      await waitForRebuild(page, buildsBefore);
    }
  }
  expect(await orderState(page, table, ordering)).toEqual(saved);
}

test.beforeEach(async ({ page }) => {
  await open(page, '/admin/dashboard');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Senha').fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Painel Administrativo' })).toBeVisible({
    timeout: 20_000,
  });
});

/** A real photo drawn by the browser: 2400×1600 JPEG, larger than the hero size. */
async function photo(page: Page, name: string) {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1600;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const sky = context.createLinearGradient(0, 0, 0, 1600);
    sky.addColorStop(0, '#4aa8e0');
    sky.addColorStop(0.55, '#bfe6f7');
    sky.addColorStop(0.56, '#1f8fb8');
    sky.addColorStop(1, '#f2d6a2');
    context.fillStyle = sky;
    context.fillRect(0, 0, 2400, 1600);
    for (let i = 0; i < 4000; i++) {
      context.fillStyle = `hsl(${(i * 37) % 360} 60% 50% / 0.15)`;
      context.fillRect((i * 131) % 2400, (i * 71) % 1600, 12, 12);
    }
    return canvas.toDataURL('image/jpeg', 0.95).split(',')[1] as string;
  });
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

async function naturalSize(page: Page, url: string): Promise<[number, number]> {
  return page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight] as [number, number];
  }, url);
}

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// Notifications queue up (one at a time, 5 s each), so a message may wait behind another.
const toast = (page: Page, text: string) =>
  expect(page.getByText(text).first()).toBeVisible({ timeout: 20_000 });

/**
 * A delete's or quick edit's notification offers 'Desfazer' for 5 s: each test starts without
 * one left by the test before.
 */
const undoWindowClosed = (page: Page) =>
  expect(page.getByRole('button', { name: 'Desfazer' })).toHaveCount(0, { timeout: 20_000 });

/** Runs `act`, which deletes something in the panel, and waits until the worker has answered. */
async function deleted(page: Page, act: () => Promise<void>) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().includes('/api/'),
    { timeout: 30_000 },
  );
  await act();
  expect((await answered).ok()).toBe(true);
}

test.afterEach(async ({ page }) => {
  await undoWindowClosed(page);
});

/** The words inside `root` that the browser split across two lines ('R$ 320,0' / '0'). */
function wordsBrokenInTheMiddle(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set(
          [...range.getClientRects()]
            .filter((box) => box.width > 0)
            .map((box) => Math.round(box.top)),
        );
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

test('the lodging list and form never break a word in the middle, on a computer or a phone', async ({
  page,
}) => {
  const main = page.locator('#main-content');
  await open(page, '/admin/hospedagens');
  await expect(page.getByTestId('listing-row').first()).toBeVisible({ timeout: 20_000 });
  for (const width of [1280, 1366, 1440, 1920, 360, 390, 430]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await expect(page.getByTestId('listing-row').first()).toBeVisible();
    expect(await wordsBrokenInTheMiddle(main), `lista a ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await open(page, '/admin/hospedagens/novo');
  await expect(page.getByRole('heading', { level: 1, name: 'Nova hospedagem' })).toBeVisible();
  for (const width of [1280, 1366, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByLabel('Nome *')).toBeVisible();
    expect(await wordsBrokenInTheMiddle(main), `formulário a ${width} px`).toEqual([]);
  }
});

test('leaving a half-filled form asks first, and staying keeps what was typed', async ({
  page,
}) => {
  const warning =
    'Algumas de suas alterações não foram salvas. Você tem certeza que quer ignorá-las?';
  await open(page, '/admin/comercios/novo');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo comércio' })).toBeVisible();
  await page.getByLabel('Nome *').fill(`Sorveteria pela metade ${stamp}`);

  const menu = page.getByRole('navigation', { name: 'Menu do painel' });
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    return dialog.dismiss();
  });
  await menu.getByRole('link', { name: 'Passeios' }).click();
  await expect.poll(() => asked).toEqual([warning]);
  await expect(page).toHaveURL(/\/admin\/comercios\/novo$/);
  await expect(page.getByLabel('Nome *')).toHaveValue(`Sorveteria pela metade ${stamp}`);

  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    return dialog.accept();
  });
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/admin\/comercios$/);
  expect(asked).toEqual([warning, warning]);
  await expect(page.getByTestId('listing-row').filter({ hasText: 'pela metade' })).toHaveCount(0);
});

test("a fake image is refused as 'Formato inválido' before anything is sent", async ({ page }) => {
  await open(page, '/admin/passeios/novo');
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/images')) uploads.push(request.url());
  });
  const input = page.getByLabel('Imagem principal *', { exact: true });
  for (const file of [
    { name: 'nota.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('não sou uma foto') },
    {
      name: 'desenho.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    },
  ]) {
    await input.setInputFiles(file);
    await toast(page, `${file.name} não é uma imagem válida.`);
  }
  await expect(page.getByText('Formato inválido').first()).toBeVisible();
  await expect(page.getByText('Erro ao processar imagem')).toHaveCount(0);
  expect(uploads).toEqual([]);
});

test('a list is sorted by a column, searched by name in the address, and exported as CSV', async ({
  page,
}) => {
  const all = await publicRows<{ name: string }>('comercios', { select: 'name' });
  const byName = all.map((row) => row.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  await open(page, '/admin/comercios');
  const names = page.getByTestId('listing-row').locator('td.column-name');
  await expect(names).toHaveCount(all.length, { timeout: 20_000 });
  await page.getByRole('columnheader', { name: 'Nome' }).getByRole('button').click();
  await expect(names).toHaveText(byName);
  await page.getByRole('columnheader', { name: 'Nome' }).getByRole('button').click();
  await expect(names).toHaveText([...byName].reverse());

  const wanted = byName[1] as string;
  await page.getByLabel('Buscar por nome').fill(wanted.toLocaleUpperCase('pt-BR'));
  await expect(names).toHaveText([wanted]);
  // The search is in the address: a reload, or a link sent to another admin, shows the same.
  await reload(page);
  await expect(names).toHaveText([wanted]);
  await expect(page.getByLabel('Buscar por nome')).toHaveValue(wanted.toLocaleUpperCase('pt-BR'));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('comercios.csv');
  const csv = await readFile(await file.path(), 'utf8');
  const [header, ...lines] = csv.trim().split('\n');
  expect(header?.split(';').slice(0, 3)).toEqual(['Nome', 'Categorias', 'Avaliação']);
  expect(lines).toHaveLength(1);
  expect(lines[0]?.startsWith(`${wanted};`)).toBe(true);
});

test('hospedagem with a real photo, category rename cascade, edit and delete', async ({ page }) => {
  const category = `Cat E2E ${stamp}`;
  const renamed = `Cat E2E renomeada ${stamp}`;
  const name = `Pousada E2E ${stamp}`;

  await open(page, '/admin/categorias');
  await page.getByRole('tab', { name: 'Hospedagem' }).click();
  await page.getByRole('button', { name: 'Nova Categoria' }).click();
  await page.getByRole('button', { name: 'Criar' }).click();
  await toast(page, 'Digite um nome para a categoria');
  await page.getByLabel('Nome da Categoria').fill(`  ${category}  `);
  await page.getByRole('button', { name: 'Criar' }).click();
  await toast(page, 'Categoria criada com sucesso!');
  await expect(page.getByText(category, { exact: true })).toBeVisible();

  await open(page, '/admin/hospedagens/novo');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Campos incompletos');
  await page.getByLabel('Nome *').fill(name);
  await page.getByLabel('Descrição *').fill('Quartos amplos a 200 m da praia, com café da manhã.');
  await page.getByLabel('Endereço *').fill('Rua da Praia, 100, Pontal de Maceió');
  await page.getByLabel('Preço (R$) *').fill('350.50');
  await page.getByLabel('Telefone (WhatsApp) *').fill('5588999990000');
  await page.getByLabel('Comodidades (separadas por vírgula)').fill('Wi-Fi, Piscina, ');
  await choose(page, page.getByRole('combobox', { name: 'Adicionar categorias' }), category);
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();

  await page
    .getByLabel('Imagem principal *', { exact: true })
    .setInputFiles(await photo(page, 'praia.jpg'));
  const main = page.getByAltText('Imagem principal * 1');
  await expect(main).toBeVisible({ timeout: 30_000 });
  const hero = (await main.getAttribute('src')) as string;
  expect(hero).toMatch(/-hero\.jpg$/);
  const [heroW, heroH] = await naturalSize(page, hero);
  expect(heroW).toBeLessThanOrEqual(1600);
  expect(heroH).toBeLessThanOrEqual(900);
  const [cardW, cardH] = await naturalSize(page, imageVariant(hero, 'card'));
  expect(cardW).toBeLessThanOrEqual(800);
  expect(cardH).toBeLessThanOrEqual(600);
  const [thumbW, thumbH] = await naturalSize(page, imageVariant(hero, 'thumb'));
  expect(thumbW).toBeLessThanOrEqual(400);
  expect(thumbH).toBeLessThanOrEqual(300);

  const preview = page.getByTestId('card-preview').getByRole('img');
  await expect(preview).toHaveAttribute('src', hero);
  await page.getByRole('button', { name: 'Zoom 1.5x' }).click();
  await expect(preview).toHaveCSS('transform', /matrix\(1\.5, 0, 0, 1\.5/);

  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Hospedagem criada');
  await expect(page).toHaveURL(/\/admin\/hospedagens$/);
  const row = page.getByTestId('listing-row').filter({ hasText: name });
  await expect(row).toContainText(category);
  await expect(row).toContainText('R$ 350,50');

  await open(page, '/admin/categorias');
  await page
    .getByRole('listitem')
    .filter({ hasText: category })
    .getByRole('button', { name: 'Editar' })
    .click();
  await page.getByLabel('Nome da Categoria').fill(renamed);
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Categoria atualizada com sucesso!');

  await open(page, '/admin/hospedagens');
  await expect(row).toContainText(renamed);
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByLabel('Nome *')).toHaveValue(name);
  await expect(page.getByTestId('card-preview').getByRole('img')).toHaveCSS(
    'transform',
    /matrix\(1\.5, 0, 0, 1\.5/,
  );
  await page.getByLabel('Nome *').fill(`${name} editada`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Hospedagem atualizada');
  const edited = page.getByTestId('listing-row').filter({ hasText: `${name} editada` });
  await expect(edited).toBeVisible();

  await deleted(page, async () => {
    page.once('dialog', (dialog) => dialog.accept());
    await edited.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'Hospedagem excluída');
    await expect(edited).toHaveCount(0);
  });

  await open(page, '/admin/categorias');
  await page
    .getByRole('listitem')
    .filter({ hasText: renamed })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(
    page.getByText(
      `Tem certeza que deseja excluir a categoria "${renamed}"? Ela fica na Lixeira por 30 dias e pode ser restaurada de lá.`,
    ),
  ).toBeVisible();
  await deleted(page, async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'Categoria excluída com sucesso!');
    await expect(page.getByText(renamed, { exact: true })).toHaveCount(0);
  });
});

test('featured: add up to the limit, reorder, remove, each tab on its own', async ({ page }) => {
  // The public suites read the seed's featured order: it is there again at the end.
  await restoringOrder(page, 'hospedagens', 'featured', async () => {
    await open(page, '/admin/destaques');
    await page.getByRole('tab', { name: 'Hospedagens' }).click();
    const count = page.getByTestId('featured-count');
    const featuredRows = page.getByTestId('featured-row');
    await expect(count).toHaveText(/Em destaque \(\d\/4\)/);
    const before = await featuredRows.count();
    const added: string[] = [];
    for (let n = before; n < 4; n++) {
      const candidate = page.getByTestId('candidate-row').first();
      const candidateName = (await candidate
        .getByRole('paragraph')
        .first()
        .textContent()) as string;
      await candidate.getByRole('button', { name: 'Adicionar' }).click();
      await toast(page, 'Item adicionado aos destaques!');
      await expect(count).toHaveText(`Em destaque (${n + 1}/4)`);
      added.push(candidateName);
    }
    await page
      .getByTestId('candidate-row')
      .first()
      .getByRole('button', { name: 'Adicionar' })
      .click();
    await toast(page, 'Limite atingido');
    await toast(page, 'Você já tem 4 itens em destaque. Remova um antes de adicionar outro.');
    await expect(featuredRows).toHaveCount(4);

    const first = (await featuredRows
      .nth(0)
      .getByRole('paragraph')
      .first()
      .textContent()) as string;
    const second = (await featuredRows
      .nth(1)
      .getByRole('paragraph')
      .first()
      .textContent()) as string;
    await expect(page.getByRole('button', { name: `Mover ${first} para cima` })).toBeDisabled();
    await page.getByRole('button', { name: `Mover ${first} para baixo` }).click();
    await expect(featuredRows.nth(0)).toContainText(second);
    await expect(featuredRows.nth(1)).toContainText(first);
    await expect(featuredRows.nth(1).getByLabel('Posição')).toHaveText('#2');
    await page.getByRole('button', { name: `Mover ${first} para cima` }).click();
    await expect(featuredRows.nth(0)).toContainText(first);

    await page.getByRole('tab', { name: 'Comércios' }).click();
    await expect(count).toHaveText(/Em destaque \(\d\/4\)/);
    await expect(featuredRows.filter({ hasText: first })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Hospedagens' }).click();

    for (const name of added) {
      await featuredRows.filter({ hasText: name }).getByRole('button', { name: 'Remover' }).click();
      await toast(page, 'Item removido dos destaques.');
    }
    await expect(featuredRows).toHaveCount(before);
  });
});

test('pin to top: pin two, reorder, unpin, empty search text', async ({ page }) => {
  // The public suites read the seed's pin order: it is there again at the end.
  await restoringOrder(page, 'comercios', 'pinned', async () => {
    await open(page, '/admin/ordenar-topo');
    const pinnedRows = page.getByTestId('pinned-row');
    await expect(page.getByRole('tab', { name: 'Comércios', selected: true })).toBeVisible();
    await expect(page.getByTestId('unpinned-list')).toBeVisible();
    const before = await pinnedRows.count();
    const names: string[] = [];
    for (let n = 1; n <= 2; n++) {
      const row = page.getByTestId('unpinned-row').first();
      names.push((await row.getByRole('paragraph').textContent()) as string);
      await row.getByRole('button', { name: 'Fixar' }).click();
      await toast(page, 'Fixado no topo');
      await toast(page, `Item fixado na posição #${before + n}`);
    }
    const [a, b] = names as [string, string];
    await expect(pinnedRows.nth(before)).toContainText(a);
    await page.getByRole('button', { name: `Mover ${b} para cima` }).click();
    await toast(page, 'Ordem atualizada');
    await expect(pinnedRows.nth(before)).toContainText(b);
    await expect(pinnedRows.nth(before)).toContainText(`#${before + 1}`);

    for (const name of names) {
      await pinnedRows
        .filter({ hasText: name })
        .getByRole('button', { name: 'Remover do topo' })
        .click();
      await toast(page, 'Removido do topo');
    }
    await expect(pinnedRows).toHaveCount(before);
    await page.getByLabel('Buscar por nome').fill(`nada-${stamp}`);
    await expect(page.getByText('Nenhum item encontrado.')).toBeVisible();
  });
});

const SLIDES_QUERY = {
  select: 'title,subtitle,image_url,link,order_position,is_active,image_styles',
  order: 'order_position.asc,created_at.asc',
};

/** Creates again, through the worker, each of `slides` that is no longer there. */
async function putBackSlides(page: Page, slides: Record<string, unknown>[]) {
  const present = await adminRows<{ title: string }>(page, 'carousel_slides', { select: 'title' });
  const titles = new Set(present.map((slide) => slide.title));
  for (const slide of slides) {
    if (!titles.has(String(slide.title))) await asAdmin(page, 'POST', '/slides', slide);
  }
}

test('carousel: create, edit, delete, and the last slide cannot be deleted', async ({ page }) => {
  await open(page, '/admin/carousel');
  const rows = page.getByTestId('slide-row');
  await expect(rows.first()).toBeVisible();
  const seeded = await rows.count();
  const seededSlides = await adminRows<Record<string, unknown>>(
    page,
    'carousel_slides',
    SLIDES_QUERY,
  );
  expect(seededSlides).toHaveLength(seeded);
  // Other suites read these slides: whatever happens, they are there again at the end.
  try {
    const title = `Slide E2E ${stamp}`;

    await page.getByRole('button', { name: 'Adicionar Novo Slide' }).click();
    const save = page.getByRole('button', { name: 'Salvar' });
    await expect(save).toBeDisabled();
    await page
      .getByLabel('Imagem do slide *', { exact: true })
      .setInputFiles(await photo(page, 'slide.jpg'));
    await expect(page.getByTestId('image-adjuster')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Título *', { exact: true }).fill(title);
    await expect(save).toBeDisabled();
    await page.getByLabel('Subtítulo *', { exact: true }).fill('Passeio de buggy pelas dunas');
    await expect(page.getByLabel('Link do botão *')).toHaveValue('/passeios');
    await expect(page.getByLabel('Ordem de Exibição')).toHaveValue(String(seeded + 1));
    await expect(page.getByTestId('slide-preview')).toContainText(title);
    await expect(page.getByTestId('slide-preview')).toContainText('Saiba Mais');
    await page.getByLabel('Link do botão *').fill('javascript:alert(1)');
    await save.click();
    await toast(
      page,
      'O link deve ser um caminho do site (começando com /) ou um endereço http(s).',
    );
    await page.getByLabel('Link do botão *').fill('/passeios');
    await save.click();
    await toast(page, 'Slide criado com sucesso!');
    const ours = rows.filter({ hasText: title });
    await expect(ours).toContainText(`Ordem: ${seeded + 1} | Link: /passeios`);

    await ours.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel('Slide ativo').uncheck();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Slide atualizado com sucesso!');
    await expect(ours).toContainText('Inativo');

    // Set the seeded slides aside to reach the last-slide rule; they are put back as they were
    // (image, style and active state included) through the worker.
    for (let left = seeded; left > 0; left--) {
      const other = rows.filter({ hasNotText: title }).first();
      await deleted(page, async () => {
        page.once('dialog', async (dialog) => {
          expect(dialog.message()).toBe('Tem certeza que deseja excluir este slide?');
          await dialog.accept();
        });
        await other.getByRole('button', { name: 'Excluir' }).click();
        await toast(page, 'Slide removido com sucesso!');
        await expect(rows).toHaveCount(left);
      });
    }
    await ours.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'O carrossel deve ter pelo menos um slide.');
    await expect(rows).toHaveCount(1);

    await putBackSlides(page, seededSlides);
    await reload(page);
    await deleted(page, async () => {
      page.once('dialog', (dialog) => dialog.accept());
      await ours.getByRole('button', { name: 'Excluir' }).click();
      await toast(page, 'Slide removido com sucesso!');
      await expect(rows).toHaveCount(seeded);
    });
  } finally {
    await undoWindowClosed(page);
    await putBackSlides(page, seededSlides);
  }
  expect(await adminRows(page, 'carousel_slides', SLIDES_QUERY)).toEqual(seededSlides);
});

test('site settings are saved per card (contact, social, legal) and reach the site after the rebuild', async ({
  page,
  context,
  problems,
}) => {
  problems.expect(/api\/settings|status of 400/);
  // A rebuild waited for, after each card's save and refusal.
  test.setTimeout(300_000);
  await open(page, '/admin/configuracoes');
  const phone = page.getByLabel('Telefone de contato');
  const instagram = page.getByLabel('Instagram');
  const privacy = page.getByLabel('Política de Privacidade (/privacidade)');
  await expect(phone).toBeVisible();
  // A legal text never edited shows its default, as the site does.
  await expect(privacy).toHaveValue(/Lei Geral de Proteção de Dados Pessoais/);
  const original = { phone: await phone.inputValue(), privacy: await privacy.inputValue() };
  const card = (title: string) => page.locator('.MuiCard-root', { hasText: title });
  const save = async (title: string, message = 'Configurações salvas com sucesso!') => {
    await card(title).getByRole('button', { name: 'Salvar' }).click();
    await toast(page, message);
  };

  const changed = `+55 (88) 9${String(Date.now() % 10_000).padStart(4, '0')}-0000`;
  await phone.fill(changed);
  await save('Informações de contato');
  // Not an http(s) address: refused in Portuguese, nothing saved.
  await instagram.fill('instagram.com/guiafortim');
  await save('Redes sociais', 'Informe o endereço completo do perfil, começando com https://.');
  const stamp = Date.now().toString(36);
  const profile = `https://instagram.com/guiafortim${stamp}`;
  await instagram.fill(profile);
  await save('Redes sociais');
  const heading = `Seção de teste ${stamp}`;
  await privacy.fill(
    `Texto de teste ${stamp} escrito por {email}.\n\n## ${heading}\n- primeiro <b>item</b>`,
  );
  await save('Páginas legais');

  const site = await context.newPage();
  await expect
    .poll(
      async () => {
        await open(site, '/privacidade');
        return site.locator('main').innerText();
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toContain(`Texto de teste ${stamp} escrito por contato@guiafortim.com.br.`);
  await expect(site.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(
    site.getByRole('listitem').filter({ hasText: 'primeiro <b>item</b>' }),
  ).toBeVisible();
  const footer = site.locator('footer');
  await expect(footer).toContainText(changed);
  const social = footer.getByRole('list', { name: 'Redes sociais' });
  await expect(social.getByRole('link')).toHaveText(['Instagram']);
  await expect(social.getByRole('link')).toHaveAttribute('href', profile);

  // Put back, and wait until the public pages show it again (later suites read the footer).
  const { builds } = await deployHook();
  await phone.fill(original.phone);
  await save('Informações de contato');
  await instagram.fill('');
  await save('Redes sociais');
  await privacy.fill(original.privacy);
  await save('Páginas legais');
  await reload(page);
  await expect(page.getByLabel('Telefone de contato')).toHaveValue(original.phone);
  await waitForRebuild(page, builds);
});

test('roles: search, change a role, grant admin access and take it back', async ({
  page,
  problems,
}) => {
  // The grant to an e-mail without an account is refused on purpose.
  problems.expect(/admin\/grant|status of 404/);
  const visitante = DEMO_ACCOUNTS.visitante;
  await open(page, '/admin/roles');
  const search = page.getByPlaceholder('Pesquisar por nome ou usuário...');
  await search.fill(visitante.username.toUpperCase());
  const card = page.getByTestId('user-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(visitante.fullName);
  await expect(card).toContainText(`@${visitante.username}`);
  const role = card.getByRole('combobox', { name: 'Função' });
  await expect(role).toHaveText('Usuário');

  await choose(page, role, 'Moderador');
  await toast(page, 'Função do usuário atualizada com sucesso.');
  await reload(page);
  await search.fill(visitante.username);
  // The search runs in the database: the full list shows until its answer arrives.
  await expect(card).toHaveCount(1);
  await expect(role).toHaveText('Moderador');
  await choose(page, role, 'Usuário');
  await toast(page, 'Função do usuário atualizada com sucesso.');

  const email = page.getByLabel('Email');
  await email.fill(`ninguem-${stamp}@exemplo.com`);
  await page.getByRole('button', { name: 'Conceder Acesso Admin' }).click();
  await toast(page, 'Usuário não encontrado. Certifique-se de que o usuário já possui uma conta.');
  await email.fill(visitante.email);
  await page.getByRole('button', { name: 'Conceder Acesso Admin' }).click();
  await toast(page, `Acesso de administrador concedido para ${visitante.email}`);
  await expect(email).toHaveValue('');
  await reload(page);
  await search.fill(visitante.username);
  await expect(card).toHaveCount(1);
  await expect(role).toHaveText('Admin');
  await choose(page, role, 'Usuário');
  await toast(page, 'Função do usuário atualizada com sucesso.');
});

test('on a phone, a long unbroken name or subtitle never covers the Editar actions', async ({
  page: desktop,
  browser,
}) => {
  // Unbroken words (after a right-to-left override and an emoji), as a hostile admin could save.
  const name = longWord(80, `N${stamp}`);
  const title = longWord(120, `T${stamp}`);
  const subtitle = longWord(300, 'U');
  const [listingPhoto] = await publicRows<{ image_url: string }>('comercios', {
    select: 'image_url',
    limit: '1',
  });
  const [slidePhoto] = await publicRows<{ image_url: string }>('carousel_slides', {
    select: 'image_url',
    limit: '1',
  });
  const listing = await asAdmin(desktop, 'POST', '/comercios', {
    name,
    description: 'Comércio com um nome longo, sem espaços.',
    address: 'Rua da Praia, 10',
    horario: '8h às 18h',
    phone: '(88) 99999-0000',
    image_url: listingPhoto?.image_url,
    categoria: longWord(60, 'C'),
  });
  const slide = await asAdmin(desktop, 'POST', '/slides', {
    title,
    subtitle,
    image_url: slidePhoto?.image_url,
    order_position: 1,
  });
  // A phone of 390×844 (this suite runs in the desktop project), with the admin's session.
  const phone = await browser.newContext({
    storageState: await desktop.context().storageState(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
  });
  const page = await phone.newPage();
  try {
    // A covered control makes click() wait for it: fail fast instead.
    const click = { timeout: 10_000 };

    await open(page, '/admin/comercios');
    await page.getByLabel('Buscar por nome').fill(name);
    const row = page.getByTestId('listing-row').filter({ hasText: name });
    await expect(row).toBeVisible({ timeout: 20_000 });
    // The row fits the screen: nothing in it is wider than the row, the row no wider than 390 px.
    expect(await row.evaluate((tr) => tr.scrollWidth <= tr.clientWidth)).toBe(true);
    const box = await row.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    for (const action of [
      row.getByRole('link', { name: 'Editar' }),
      row.getByRole('button', { name: 'Edição rápida' }),
      row.getByRole('button', { name: 'Excluir' }),
    ]) {
      await expect(action).toBeInViewport({ ratio: 1 });
    }
    await row.getByRole('link', { name: 'Editar' }).click(click);
    await expect(page).toHaveURL(`/admin/comercios/editar/${listing.id}`);
    await expect(page.getByLabel('Nome *')).toHaveValue(name);

    await open(page, '/admin/carousel');
    const slideRow = page.getByTestId('slide-row').filter({ hasText: String(slide.title) });
    await expect(slideRow).toBeVisible({ timeout: 20_000 });
    expect(await slideRow.evaluate((li) => li.scrollWidth <= li.clientWidth)).toBe(true);
    await slideRow.getByRole('button', { name: 'Editar' }).click(click);
    await expect(page.getByLabel('Subtítulo *', { exact: true })).toHaveValue(subtitle);
    await expect(page.getByTestId('slide-preview')).toContainText(subtitle);
    await page.getByRole('button', { name: 'Cancelar' }).click(click);
    await expect(slideRow.getByRole('button', { name: 'Editar' })).toBeVisible();
  } finally {
    await phone.close();
    const builds = (await deployHook()).builds;
    await asAdmin(desktop, 'DELETE', `/comercios/${listing.id}`);
    await asAdmin(desktop, 'DELETE', `/slides/${slide.id}`);
    await waitForRebuild(desktop, builds);
  }
});

test('nothing is lost: Desfazer, the Lixeira brings a page back, Histórico restores a version', async ({
  page,
  problems,
}) => {
  // The listing's page answers 404 while it is in the trash.
  problems.expect(/404 GET .*\/passeios\/passeio-lixeira-|status of 404/);
  // Three rebuilds waited for: the listing's own page appears, leaves and comes back.
  test.setTimeout(300_000);
  const adminEmail = DEMO_ACCOUNTS.admin.email;
  const [demo] = await publicRows<{ image_url: string }>('passeios', {
    select: 'image_url',
    limit: '1',
  });
  const name = `Passeio Lixeira ${stamp}`;
  const first = `Primeira versão ${stamp}: saída às 8h do cais.`;
  const second = `Segunda versão ${stamp}: saída às 9h do cais.`;
  const created = (await asAdmin(page, 'POST', '/passeios', {
    name,
    description: 'Passeio de barco pelo Rio Jaguaribe até o encontro com o mar.',
    price: 120,
    duracao: '3 horas',
    ponto_encontro: 'Cais de Fortim',
    categoria: 'Barco',
    phone: '5588999990000',
    image_url: demo?.image_url,
  })) as { id: string; slug: string };
  const publicPath = `${LISTING_PATH.passeio}/${created.slug}`;
  const row = page.getByTestId('listing-row').filter({ hasText: name });
  const trashed = () =>
    adminRows<{ id: string }>(page, 'trash', { row_id: `eq.${created.id}`, select: 'id' });

  try {
    // Edit twice; the history shows both edits with the admin's e-mail; restore the first.
    for (const text of [first, second]) {
      await open(page, `/admin/passeios/editar/${created.id}`);
      await page.getByLabel('Descrição *').fill(text);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await toast(page, 'Passeio atualizado');
      await expect(page).toHaveURL(/\/admin\/passeios$/);
    }
    await open(page, `/admin/passeios/editar/${created.id}`);
    await expect(page.getByLabel('Descrição *')).toHaveValue(second);
    const history = page.getByRole('region', { name: 'Histórico' });
    const entries = history.getByTestId('history-entry');
    await expect(entries.first()).toContainText(adminEmail);
    await expect(entries.first()).toContainText(second);
    await expect(entries.nth(1)).toContainText(adminEmail);
    await expect(entries.nth(1)).toContainText(first);
    // The newest entry is the current version: nothing to restore there.
    await expect(
      entries.first().getByRole('button', { name: 'Restaurar esta versão' }),
    ).toHaveCount(0);
    await entries.nth(1).getByRole('button', { name: 'Restaurar esta versão' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restaurar' }).click();
    await expect(page.getByLabel('Descrição *')).toHaveValue(first);
    await expect(entries.first()).toContainText('Versão restaurada');

    // Excluir is saved before its notification says so; its 'Desfazer' is the Lixeira's
    // 'Restaurar'.
    await open(page, '/admin/passeios');
    await deleted(page, async () => {
      page.once('dialog', (dialog) => dialog.accept());
      await row.getByRole('button', { name: 'Excluir' }).click();
    });
    await toast(page, 'Passeio excluído');
    await expect(row).toHaveCount(0);
    expect(await trashed()).toHaveLength(1);
    await page.getByRole('button', { name: 'Desfazer' }).click();
    await toast(page, `Passeio “${name}” restaurado`);
    await expect(row).toHaveCount(1);
    expect(await trashed()).toEqual([]);

    // Deleted for real: off the public site after the rebuild, waiting in the Lixeira.
    const beforeDelete = (await deployHook()).builds;
    await deleted(page, async () => {
      page.once('dialog', (dialog) => dialog.accept());
      await row.getByRole('button', { name: 'Excluir' }).click();
      await toast(page, 'Passeio excluído');
    });
    expect(await trashed()).toHaveLength(1);
    await waitForRebuild(page, beforeDelete);
    await open(page, publicPath, 404);

    await open(page, '/admin/lixeira');
    const item = page.getByTestId('trash-row').filter({ hasText: name });
    await expect(item).toContainText(adminEmail);
    const beforeRestore = (await deployHook()).builds;
    await item.getByRole('button', { name: 'Restaurar' }).click();
    await toast(page, `Passeio “${name}” restaurado`);
    await expect(item).toHaveCount(0);
    await waitForRebuild(page, beforeRestore);
    await open(page, publicPath);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(first)).toBeVisible();

    // The dashboard's 'Atividade recente' starts with the restore, by the admin.
    await open(page, '/admin/dashboard');
    const latest = page.getByTestId('activity-entry').first();
    await expect(latest).toContainText(name);
    await expect(latest).toContainText(adminEmail);
  } finally {
    // Out of the site and out of the trash, for the suites that follow.
    const beforeCleanup = (await deployHook()).builds;
    const [live] = await adminRows<{ id: string }>(page, 'passeios', { id: `eq.${created.id}` });
    if (live) await asAdmin(page, 'DELETE', `/passeios/${created.id}`);
    for (const { id } of await trashed()) await asAdmin(page, 'DELETE', `/trash/${id}`);
    if (live) await waitForRebuild(page, beforeCleanup);
  }
});

test('a delete and a quick edit are saved at once: leaving the panel right after loses nothing', async ({
  page,
}) => {
  // Rebuilds waited for at the end: the listing is created, edited, deleted and restored.
  test.setTimeout(240_000);
  const [demo] = await publicRows<{ image_url: string }>('comercios', {
    select: 'image_url',
    limit: '1',
  });
  const name = `Bar Sai Logo ${stamp}`;
  const buildsBefore = (await deployHook()).builds;
  const created = (await asAdmin(page, 'POST', '/comercios', {
    name,
    description: 'Petiscos e caldo de peixe à beira do rio.',
    address: 'Rua do Porto, 5',
    horario: '10h às 22h',
    phone: '5588999990000',
    image_url: demo?.image_url,
    categoria: 'Restaurante',
    rating: 4.5,
  })) as { id: string };
  const row = page.getByTestId('listing-row').filter({ hasText: name });
  const stored = async () => {
    const [listing] = await adminRows<{ rating: number }>(page, 'comercios', {
      id: `eq.${created.id}`,
      select: 'rating',
    });
    return listing?.rating;
  };
  const trashed = () =>
    adminRows<{ id: string }>(page, 'trash', { row_id: `eq.${created.id}`, select: 'id' });
  const quickEdit = async (rating: string) => {
    await row.getByRole('button', { name: 'Edição rápida' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Avaliação (0 a 5)').fill(rating);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
  };
  try {
    // Edição rápida, then straight out of the panel while 'Desfazer' is still on offer.
    await open(page, '/admin/comercios');
    await page.getByLabel('Buscar por nome').fill(name);
    await quickEdit('3.1');
    await toast(page, 'Comércio atualizado');
    await expect(page.getByRole('button', { name: 'Desfazer' })).toBeVisible();
    await open(page, '/');
    expect(await stored()).toBe(3.1);

    // 'Desfazer' of a quick edit writes the values the row had back.
    await open(page, '/admin/comercios');
    await page.getByLabel('Buscar por nome').fill(name);
    await quickEdit('2');
    await toast(page, 'Comércio atualizado');
    await page.getByRole('button', { name: 'Desfazer' }).click();
    await toast(page, 'Alteração desfeita');
    await expect(row).toContainText('3,1');
    expect(await stored()).toBe(3.1);

    // Excluir, then straight out of the panel: the item is in the Lixeira.
    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'Comércio excluído');
    await expect(page.getByRole('button', { name: 'Desfazer' })).toBeVisible();
    await open(page, '/');
    expect(await trashed()).toHaveLength(1);
    expect(await stored()).toBeUndefined();
  } finally {
    // Gone from the site and the trash; the site rebuilt after every change made here.
    const [live] = await adminRows<{ id: string }>(page, 'comercios', { id: `eq.${created.id}` });
    if (live) await asAdmin(page, 'DELETE', `/comercios/${created.id}`);
    for (const { id } of await trashed()) await asAdmin(page, 'DELETE', `/trash/${id}`);
    await waitForRebuild(page, buildsBefore);
  }
});

test('categories reordered in the panel are in that order on the site after the rebuild', async ({
  page,
}) => {
  // Two rebuilds waited for: the new order, then the order put back.
  test.setTimeout(300_000);
  await open(page, '/admin/categorias');
  await page.getByRole('tab', { name: 'Passeios' }).click();
  const names = page.getByRole('listitem').locator('.MuiListItemText-primary');
  await expect(names.first()).toBeVisible();
  const before = await names.allTextContents();
  const [first, second] = before as [string, string];
  const siteOrder = async () => {
    await open(page, '/passeios');
    const buttons = page.getByRole('group', { name: 'Categoria' }).getByRole('button');
    return buttons.allTextContents();
  };
  const move = async (name: string, direction: 'cima' | 'baixo', order: string[]) => {
    const builds = (await deployHook()).builds;
    await open(page, '/admin/categorias');
    await page.getByRole('tab', { name: 'Passeios' }).click();
    await page.getByRole('button', { name: `Mover ${name} para ${direction}` }).click();
    await expect(names).toHaveText(order);
    await waitForRebuild(page, builds);
  };
  await move(second, 'cima', [second, first, ...before.slice(2)]);
  try {
    const shown = await siteOrder();
    expect(shown.indexOf(second)).toBeGreaterThan(0);
    expect(shown.indexOf(second)).toBeLessThan(shown.indexOf(first));
  } finally {
    await move(second, 'baixo', before);
  }
  const shown = await siteOrder();
  expect(shown.indexOf(first)).toBeLessThan(shown.indexOf(second));
});

test('bulk actions: to the Lixeira, featured up to the cap, pinned; one notification with Desfazer each', async ({
  page,
  problems,
}) => {
  // Featuring past the cap is refused on purpose.
  problems.expect(/409 POST .*\/api\/passeios\/bulk|status of 409/);
  // Rebuilds waited for: the orderings put back, the listings created and removed.
  test.setTimeout(420_000);
  const [demo] = await publicRows<{ image_url: string }>('passeios', {
    select: 'image_url',
    limit: '1',
  });
  const prefix = `Lote ${stamp}`;
  const buildsBefore = (await deployHook()).builds;
  const created: string[] = [];
  for (const n of [1, 2, 3]) {
    const tour = await asAdmin(page, 'POST', '/passeios', {
      name: `${prefix} ${n}`,
      description: 'Passeio de buggy pelas dunas até a praia de Canoa Quebrada.',
      price: 150,
      duracao: '4 horas',
      ponto_encontro: 'Praça da Matriz',
      categoria: 'Aventura',
      phone: '5588999990000',
      image_url: demo?.image_url,
    });
    created.push(String(tour.id));
  }
  // The list shows the newest first.
  const inListOrder = [...created].reverse();
  const rows = page.getByTestId('listing-row');
  const toolbar = page.locator('[data-test="bulk-actions-toolbar"]');
  const showOurs = async () => {
    await open(page, '/admin/passeios');
    await page.getByLabel('Buscar por nome').fill(prefix);
    await expect(rows).toHaveCount(3);
  };
  const pickAll = () => page.getByRole('checkbox', { name: 'Selecionar todos' }).check();
  const inTrash = () =>
    adminRows<{ id: string }>(page, 'trash', { row_id: `in.(${created.join(',')})`, select: 'id' });
  const flagged = async (ordering: Ordering) =>
    flaggedInOrder(await orderState(page, 'passeios', ordering), ordering);
  try {
    // Excluir: asks first, then all three wait in the Lixeira; 'Desfazer' restores them.
    await showOurs();
    await pickAll();
    await toolbar.getByRole('button', { name: 'Excluir' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Excluir 3 itens?');
    await expect(dialog).toContainText(
      'Os itens excluídos ficam na Lixeira por 30 dias e podem ser restaurados de lá.',
    );
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, '3 passeios excluídos');
    await expect(page.getByText('Ficam na lixeira por 30 dias.')).toBeVisible();
    await expect(rows).toHaveCount(0);
    expect(await inTrash()).toHaveLength(3);
    await page.getByRole('button', { name: 'Desfazer' }).click();
    await toast(page, '3 itens restaurados');
    await expect(rows).toHaveCount(3);
    expect(await inTrash()).toEqual([]);

    await restoringOrder(page, 'passeios', 'featured', async () => {
      // Two others featured: three of ours would pass the cap of 4, and nothing changes.
      for (const id of await flagged('featured')) {
        await asAdmin(page, 'POST', `/passeios/${id}/lists/featured`, { included: false });
      }
      const state = await orderState(page, 'passeios', 'featured');
      const others = state
        .map((row) => row.id)
        .filter((id) => !created.includes(id))
        .slice(0, 2);
      for (const id of others) {
        await asAdmin(page, 'POST', `/passeios/${id}/lists/featured`, { included: true });
      }
      await showOurs();
      await pickAll();
      await toolbar.getByRole('button', { name: 'Destacar' }).click();
      await toast(page, 'Limite atingido');
      expect(await flagged('featured')).toEqual(others);
      // Two of ours reach it exactly, after the others and in the list's order.
      await rows.nth(2).getByRole('checkbox').uncheck();
      await toolbar.getByRole('button', { name: 'Destacar' }).click();
      await toast(page, '2 itens adicionados aos destaques!');
      expect(await flagged('featured')).toEqual([...others, ...inListOrder.slice(0, 2)]);
      await page.getByRole('button', { name: 'Desfazer' }).click();
      await toast(page, '2 itens removidos dos destaques.');
      expect(await flagged('featured')).toEqual(others);
    });

    await restoringOrder(page, 'passeios', 'pinned', async () => {
      const pinnedBefore = await flagged('pinned');
      await showOurs();
      await pickAll();
      await toolbar.getByRole('button', { name: 'Fixar no topo' }).click();
      await toast(page, '3 itens fixados no topo');
      expect(await flagged('pinned')).toEqual([...pinnedBefore, ...inListOrder]);
      await page.getByRole('button', { name: 'Desfazer' }).click();
      await toast(page, '3 itens removidos do topo');
      expect(await flagged('pinned')).toEqual(pinnedBefore);
    });
  } finally {
    for (const id of created) {
      const [live] = await adminRows<{ id: string }>(page, 'passeios', { id: `eq.${id}` });
      if (live) await asAdmin(page, 'DELETE', `/passeios/${id}`);
    }
    for (const { id } of await inTrash()) await asAdmin(page, 'DELETE', `/trash/${id}`);
    await waitForRebuild(page, buildsBefore);
  }
});
