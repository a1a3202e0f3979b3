// Site search (/busca, the Pagefind index built with the site): the header's field leads there;
// names, descriptions, categories and addresses of all three kinds are found regardless of
// accents and case; results are grouped by kind with photo, type and a link to the listing page;
// a query without results and hostile text are answered in Portuguese, as text.
import { imageVariant, LISTING_PATH, type ListingKind } from '@guia-fortim/domain';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { ANY_VIEWPORT } from '../support/viewports.ts';
import { expectAccessible, isPhone, type ListingRow, listingRows, open } from './public-helpers.ts';

test.describe.configure({ timeout: 60_000 });

const TABLE = { hospedagem: 'hospedagens', comercio: 'comercios', passeio: 'passeios' } as const;
// Groups are titled as the header's links (the default labels in site_settings).
const GROUP_TITLE = { hospedagem: 'Hospedagem', comercio: 'Comércio Local', passeio: 'Passeios' };

const results = (page: Page) => page.locator('[data-search-results]');
const group = (page: Page, kind: ListingKind) => results(page).locator(`[data-kind="${kind}"]`);

/** Opens /busca?q=… and waits for the answer (results or none). */
async function search(page: Page, term: string) {
  await open(page, `/busca?q=${encodeURIComponent(term)}`);
  await expect(results(page)).toHaveAttribute('data-state', 'pronto');
}

/** The names each group shows, by kind. */
async function shown(page: Page): Promise<Record<ListingKind, string[]>> {
  const names = (kind: ListingKind) =>
    group(page, kind)
      .locator(':scope:not([hidden]) li a > span > span:first-child')
      .allInnerTexts();
  return {
    hospedagem: await names('hospedagem'),
    comercio: await names('comercio'),
    passeio: await names('passeio'),
  };
}

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function rowsByKind(): Promise<Record<ListingKind, ListingRow[]>> {
  return {
    hospedagem: await listingRows(TABLE.hospedagem),
    comercio: await listingRows(TABLE.comercio),
    passeio: await listingRows(TABLE.passeio),
  };
}

test('the header field searches from any page, on the phone and the desktop', async ({ page }) => {
  await open(page, '/hospedagem');
  const field = page.getByRole('search').getByLabel('Buscar no guia');
  await expect(field).toBeVisible();
  await field.fill('jaguaribe');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/busca\?q=jaguaribe$/);
  await expect(results(page)).toHaveAttribute('data-state', 'pronto');
  await expect(page.getByLabel('O que você procura?')).toHaveValue('jaguaribe');
  await expectAccessible(page);
  if (isPhone(page)) {
    // The field has a row of its own on phones: nothing wider than the screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  }
});

test(
  'each kind is found by name, grouped under its title with photo, type and link',
  ANY_VIEWPORT,
  async ({ page }) => {
    const all = await rowsByKind();
    for (const kind of ['hospedagem', 'comercio', 'passeio'] as const) {
      const row = all[kind][0] as ListingRow;
      await search(page, row.name);
      const section = group(page, kind);
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(GROUP_TITLE[kind]);
      const link = section.getByRole('link').filter({ hasText: row.name }).first();
      await expect(link).toHaveAttribute('href', `${LISTING_PATH[kind]}/${row.slug}`);
      const type =
        kind === 'hospedagem' ? (row.categorias ?? []).join(', ') : (row.categoria ?? '');
      await expect(link).toContainText(type);
      await expect(link.locator('img')).toHaveAttribute('src', imageVariant(row.image_url, 'card'));
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${LISTING_PATH[kind]}/${row.slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(row.name);
    }
  },
);

test(
  'accents and case do not matter: "chales" and "CHALÉS" find the chalés',
  ANY_VIEWPORT,
  async ({ page }) => {
    const all = await rowsByKind();
    const withChale = Object.fromEntries(
      Object.entries(all).map(([kind, rows]) => [
        kind,
        rows.filter((row) => plain(row.name).includes('chale')).map((row) => row.name),
      ]),
    ) as Record<ListingKind, string[]>;
    expect(withChale.hospedagem.length).toBeGreaterThan(0);
    await search(page, 'chales');
    const plainResults = await shown(page);
    for (const kind of ['hospedagem', 'comercio', 'passeio'] as const) {
      expect(plainResults[kind]).toEqual(expect.arrayContaining(withChale[kind]));
    }
    await search(page, 'CHALÉS');
    expect(await shown(page)).toEqual(plainResults);
  },
);

test('descriptions, categories and addresses are searched too', ANY_VIEWPORT, async ({ page }) => {
  const comercios = await listingRows(TABLE.comercio);
  const hospedagens = await listingRows(TABLE.hospedagem);
  // A word of an address, of a category and of a description that only one listing has.
  const only = (rows: ListingRow[], text: (row: ListingRow) => string) => {
    for (const row of rows) {
      for (const word of text(row).split(/[^\p{L}\d]+/u)) {
        if (word.length < 6) continue;
        const having = [...comercios, ...hospedagens].filter((other) =>
          plain(
            `${other.name} ${other.description} ${other.address ?? ''} ${other.categoria ?? ''} ${(other.categorias ?? []).join(' ')} ${other.amenities.join(' ')}`,
          ).includes(plain(word)),
        );
        if (having.length === 1) return { row, word };
      }
    }
    throw new Error('nenhuma palavra única nos dados');
  };
  for (const { row, word } of [
    only(comercios, (row) => row.address ?? ''),
    only(comercios, (row) => row.categoria ?? ''),
    only(hospedagens, (row) => row.description),
  ]) {
    await search(page, plain(word).toUpperCase());
    expect(Object.values(await shown(page)).flat(), `busca por ${word}`).toContain(row.name);
  }
});

test(
  'no result and hostile text: a Portuguese answer, shown as text',
  ANY_VIEWPORT,
  async ({ page }) => {
    await search(page, 'xyzzyqwv');
    await expect(page.getByRole('status').filter({ hasText: 'Nenhum resultado' })).toHaveText(
      'Nenhum resultado para “xyzzyqwv”. Tente outra palavra.',
    );
    for (const kind of ['hospedagem', 'comercio', 'passeio'] as const) {
      await expect(group(page, kind)).toBeHidden();
    }
    const hostile = '<img src=x onerror="window.__pwned=1">';
    await search(page, hostile);
    // Its words may match listings; the query is echoed as text and runs nothing.
    await expect(page.locator('[data-search-status]')).toContainText(`“${hostile}”`);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // Typing searches as the visitor goes, and keeps the query in the address.
    await page.getByLabel('O que você procura?').fill('buggy');
    await expect(results(page)).toHaveAttribute('data-state', 'pronto');
    await expect(page).toHaveURL(/\?q=buggy$/);
    await expect(group(page, 'passeio')).toBeVisible();
  },
);

test(
  'opened without a query, the page requests no script until the visitor types, and loses nothing typed',
  ANY_VIEWPORT,
  async ({ page }) => {
    // The search code is the script that looks for the form; the page's own loader is inline.
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    const searchCodeLoaded = async () =>
      (await Promise.all(scripts)).some((body) => body.includes('data-search-form'));
    await open(page, '/busca');
    await page.waitForLoadState('load');
    await expect(page.locator('[data-search-status]')).toHaveText(
      'Digite o nome, o tipo ou o endereço do que procura.',
    );
    expect(scripts).toHaveLength(0);

    // Typed at once: the keys arrive while the code is still on its way.
    const field = page.getByLabel('O que você procura?');
    await field.click();
    await page.keyboard.type('jaguaribe');
    await expect(results(page)).toHaveAttribute('data-state', 'pronto');
    await expect(field).toHaveValue('jaguaribe');
    await expect(page).toHaveURL(/\/busca\?q=jaguaribe$/);
    expect(Object.values(await shown(page)).flat().length).toBeGreaterThan(0);
    expect(await searchCodeLoaded()).toBe(true);
  },
);
