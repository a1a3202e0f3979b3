// The three list pages: filters (state in the address), counts, empty states, cards, and the
// detail dialogs, which move the address to the listing's own page and back.
import type { Page } from '@playwright/test';
import { attachScreenshot } from '../support/screenshot.ts';
import { expect, test } from '../support/test.ts';
import { textsThatDoNotFit } from '../support/text-fit.ts';
import { ANY_VIEWPORT, PHONE_LAYOUT } from '../support/viewports.ts';
import {
  brl,
  cardNames,
  expectAccessible,
  hydrated,
  isPhone,
  type ListingRow,
  listingRows,
  notHydrated,
  open,
  reload,
} from './public-helpers.ts';

// Generous: the machines running these suites are often busy.
test.describe.configure({ timeout: 60_000 });

// Card descriptions are cut at 100 characters
// plus an ellipsis.
const DESCRIPTION_CUT = 100;

const cards = (page: Page) => page.locator('article[data-listing]');
const count = (page: Page) => page.getByRole('status').filter({ hasText: /encontrad/ });

async function openList(page: Page, path: string, island: string) {
  await open(page, path);
  await hydrated(page, island);
}

// "Public lists sort by is_pinned descending, then pin_order ascending, then created_at
// descending." The seed pins three items per kind in an order (pin 1 middle-aged, pin 2 the
// oldest, pin 3 the newest) that neither age nor insertion order gives; the rest are inserted
// oldest first. These are the seed's names in the order the rule gives.
const PUBLIC_ORDER_OF_SEED = [
  {
    path: '/hospedagem',
    island: 'HospedagemList',
    names: [
      'Chalés do Rio Jaguaribe',
      'Pousada Pontal do Maceió',
      'Pousada das Falésias',
      'Casa Familiar Recanto dos Coqueiros',
      'Apartamento Beira-Rio',
      'Pousada Sol Nascente',
      'Casa de Praia Vilã',
      'Hotel Fortim Praia',
      'Pousada Canto da Barra',
    ],
  },
  {
    path: '/comercio',
    island: 'ComercioList',
    names: [
      'Café da Praça',
      'Restaurante Sabor do Mar',
      'Restaurante Canoa da Barra',
      'Supermercado Jaguaribe',
      'Farmácia Boa Saúde',
      'Mercado do Peixe de Fortim',
      'Ateliê Renda da Barra',
      'Sorveteria Coco Gelado',
      'Barraca do Pontal',
    ],
  },
  {
    path: '/passeios',
    island: 'PasseioList',
    names: [
      'Trilha ecológica no manguezal',
      'Passeio de barco pelo Rio Jaguaribe',
      'Stand-up paddle no Rio Jaguaribe',
      'Roteiro gastronômico de frutos do mar',
      'Aula de kitesurf no Canto da Barra',
      'Pôr do sol no Pontal de Maceió',
      'Buggy pelas dunas até Canoa Quebrada',
    ],
  },
] as const;

test('each list shows the pinned items first, in pin order, then the newest first', async ({
  page,
}) => {
  for (const { path, island, names } of PUBLIC_ORDER_OF_SEED) {
    // Before and after the island takes over the server's list.
    await open(page, path);
    expect(await cardNames(page), path).toEqual([...names]);
    await hydrated(page, island);
    const search = page.getByRole('searchbox', { name: 'Buscar', exact: true });
    await search.fill('Rio');
    await expect.poll(() => cardNames(page), path).not.toEqual([...names]);
    await search.fill('');
    await expect.poll(() => cardNames(page), path).toEqual([...names]);
  }
});

test('/hospedagem filters by text, price range, categories and sort, kept in the address', async ({
  page,
}) => {
  const all = await listingRows('hospedagens');
  await openList(page, '/hospedagem', 'HospedagemList');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hospedagens em Fortim');
  await expect(count(page)).toHaveText(`${all.length} opções encontradas`);
  expect(await cardNames(page)).toEqual(all.map((h) => h.name));

  // Case-insensitive search over name, address and description.
  const search = page.getByRole('searchbox', { name: 'Buscar', exact: true });
  await search.fill('FALÉSIAS');
  const byText = all.filter((h) =>
    [h.name, h.address ?? '', h.description].some((f) => f.toLowerCase().includes('falésias')),
  );
  await expect(cards(page)).toHaveCount(byText.length);
  expect(await cardNames(page)).toEqual(byText.map((h) => h.name));
  await expect(page).toHaveURL(/\/hospedagem\?busca=FAL%C3%89SIAS$/);
  await search.fill('');

  // Price range: inclusive bounds, integer part only.
  const price = all[0]?.price ?? 0;
  await page.getByLabel('Preço mínimo').fill(String(price));
  await page.getByLabel('Preço máximo').fill(String(price));
  const exact = all.filter((h) => h.price === price);
  await expect(count(page)).toHaveText(
    `${exact.length} ${exact.length === 1 ? 'opção encontrada' : 'opções encontradas'}`,
  );
  await page.getByLabel('Preço mínimo').fill('200');
  await page.getByLabel('Preço máximo').fill('400');
  await page.getByLabel('Ordenar por').selectOption({ label: 'Menor preço' });
  const ranged = all
    .filter((h) => (h.price ?? 0) >= 200 && (h.price ?? 0) <= 400)
    .sort((a, b) => (a.price ?? 0) - (b.price ?? 0));
  expect(await cardNames(page)).toEqual(ranged.map((h) => h.name));
  await expect(page).toHaveURL(/min=200&max=400&ordem=preco-asc/);

  // Multi-select chips: an item matches any chosen category.
  const chips = page.getByRole('group', { name: 'Categorias' });
  await chips.getByRole('button', { name: 'Pousada', exact: true }).click();
  await chips.getByRole('button', { name: 'Casa', exact: true }).click();
  await expect(chips.getByRole('button', { name: 'Pousada', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const chosen = ranged.filter((h) =>
    (h.categorias ?? []).some((c) => c === 'Pousada' || c === 'Casa'),
  );
  expect(await cardNames(page)).toEqual(chosen.map((h) => h.name));

  // A shared or reloaded address shows the same filtered list.
  await reload(page);
  await hydrated(page, 'HospedagemList');
  await expect(page.getByLabel('Preço mínimo')).toHaveValue('200');
  await expect(page.getByLabel('Ordenar por')).toHaveValue('preco-asc');
  await expect(chips.getByRole('button', { name: 'Casa', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await cardNames(page)).toEqual(chosen.map((h) => h.name));

  await page.getByLabel('Ordenar por').selectOption({ label: 'Melhor avaliação' });
  const ratings = await cards(page)
    .locator('.sr-only:text("Avaliação")')
    .evaluateAll((spans) => spans.map((s) => s.parentElement?.textContent ?? ''));
  const values = ratings.map((text) => Number(text.replace('Avaliação ', '').replace(',', '.')));
  expect(values).toEqual([...values].sort((a, b) => b - a));

  await search.fill('nada-parecido-com-isto');
  await expect(count(page)).toHaveText('0 opções encontradas');
  await expect(page.getByText('Nenhuma hospedagem encontrada')).toBeVisible();
  await expect(
    page.getByText('Tente ajustar seus filtros ou alterar os termos da busca.'),
  ).toBeVisible();
  await expectAccessible(page);
});

test('/comercio has one category at a time with Todos, its count texts and the phone toggle', async ({
  page,
}) => {
  const all = await listingRows('comercios');
  await openList(page, '/comercio', 'ComercioList');
  await expect(count(page)).toHaveText(`${all.length} estabelecimentos encontrados`);
  const group = page.getByRole('group', { name: 'Categoria' });
  if (isPhone(page)) {
    await expect(group).toBeHidden();
    await page.getByRole('button', { name: 'Filtros' }).click();
    await expect(page.getByRole('button', { name: 'Filtros' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }
  await expect(group.getByRole('button', { name: 'Todos' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await group.getByRole('button', { name: 'Restaurante', exact: true }).click();
  const restaurants = all.filter((c) => c.categoria === 'Restaurante');
  await expect(count(page)).toHaveText(
    `${restaurants.length} estabelecimentos encontrados em "Restaurante"`,
  );
  expect(await cardNames(page)).toEqual(restaurants.map((c) => c.name));
  await expect(group.getByRole('button', { name: 'Todos' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page).toHaveURL(/\/comercio\?categoria=Restaurante$/);

  const one = all.find((c) => c.categoria === 'Farmácia');
  await group.getByRole('button', { name: 'Farmácia', exact: true }).click();
  await expect(count(page)).toHaveText('1 estabelecimento encontrado em "Farmácia"');
  expect(await cardNames(page)).toEqual([one?.name]);

  await group.getByRole('button', { name: 'Todos' }).click();
  await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill('praça');
  const byText = all.filter((c) =>
    [c.name, c.description, c.address ?? ''].some((f) => f.toLowerCase().includes('praça')),
  );
  expect(await cardNames(page)).toEqual(byText.map((c) => c.name));
  await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill('zzz-sem-resultado');
  await expect(page.getByText('Nenhum estabelecimento encontrado')).toBeVisible();
  await expectAccessible(page);
});

test(
  "/comercio's 'Filtros' button stays on one line from 320 to 430 px",
  ANY_VIEWPORT,
  async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await open(page, '/comercio');
    for (const width of [320, 360, 390, 430]) {
      await page.setViewportSize({ width, height: 800 });
      const lines = await page.getByRole('button', { name: 'Filtros' }).evaluate((button) => {
        const text = [...button.childNodes].find((node) => node.textContent?.trim() === 'Filtros');
        const range = document.createRange();
        range.selectNodeContents(text as Node);
        return range.getClientRects().length;
      });
      expect(lines, `${width} px`).toBe(1);
    }
  },
);

test('/passeios has Todas as categorias, the tour count text and search by name or description', async ({
  page,
}) => {
  const all = await listingRows('passeios');
  await openList(page, '/passeios', 'PasseioList');
  await expect(count(page)).toHaveText(`${all.length} passeio(s) encontrado(s)`);
  const group = page.getByRole('group', { name: 'Categoria' });
  await expect(group.getByRole('button', { name: 'Todas as categorias' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await group.getByRole('button', { name: 'Esporte', exact: true }).click();
  const sport = all.filter((p) => p.categoria === 'Esporte');
  await expect(count(page)).toHaveText(
    `${sport.length} passeio(s) encontrado(s) na categoria "Esporte"`,
  );
  expect(await cardNames(page)).toEqual(sport.map((p) => p.name));
  await group.getByRole('button', { name: 'Todas as categorias' }).click();
  // The meeting point is not searched on this page.
  const point = all[0]?.ponto_encontro ?? '';
  const byPoint = all.filter((p) =>
    [p.name, p.description].some((f) => f.toLowerCase().includes(point.toLowerCase())),
  );
  await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(point);
  await expect(cards(page)).toHaveCount(byPoint.length);
  await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill('zzz-sem-resultado');
  await expect(page.getByText('Nenhum passeio encontrado')).toBeVisible();
  await expectAccessible(page);
});

function whatsappHref(row: ListingRow): string {
  const message = `Olá! Vi ${row.name} no Guia Fortim e gostaria de mais informações.`;
  return `https://wa.me/${row.phone.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}

test('cards show the cut description, rating, price, hours, WhatsApp and the tour toggle', async ({
  page,
}) => {
  const lodging = await listingRows('hospedagens');
  await openList(page, '/hospedagem', 'HospedagemList');
  const first = lodging[0] as ListingRow;
  const card = cards(page).first();
  expect(first.description.length).toBeGreaterThan(DESCRIPTION_CUT);
  await expect(
    card.getByText(`${first.description.slice(0, DESCRIPTION_CUT)}...`, { exact: true }),
  ).toBeVisible();
  await expect(card).toContainText(`Avaliação ${first.rating.toFixed(1).replace('.', ',')}`);
  await expect(card).toContainText(`A partir de R$ ${first.price}/noite`);
  await expect(card.getByRole('link', { name: /Fale agora/ })).toHaveAttribute(
    'href',
    whatsappHref(first),
  );
  await expect(card.getByRole('link', { name: /Fale agora/ })).toHaveAttribute('target', '_blank');
  const unrated = lodging.find((h) => h.rating === 0);
  if (unrated) {
    await expect(page.locator(`article[data-listing="${unrated.slug}"]`)).not.toContainText(
      'Avaliação',
    );
  }

  const business = (await listingRows('comercios'))[0] as ListingRow;
  await openList(page, '/comercio', 'ComercioList');
  await expect(cards(page).first()).toContainText(`Horário de funcionamento: ${business.horario}`);

  const tour = (await listingRows('passeios'))[0] as ListingRow;
  await openList(page, '/passeios', 'PasseioList');
  const tourCard = cards(page).first();
  await expect(tourCard).toContainText(`R$ ${tour.price}/pessoa`);
  await expect(tourCard).toContainText(`Duração:${tour.duracao}`);
  await expect(tourCard).toContainText(`Ponto de encontro:${tour.ponto_encontro}`);
  const toggle = tourCard.getByText('Mais detalhes');
  await toggle.click();
  await expect(tourCard.getByText('O que está incluso:')).toBeVisible();
  for (const item of tour.itens_incluidos ?? []) {
    await expect(tourCard.getByRole('listitem').filter({ hasText: item })).toBeVisible();
  }
  await expect(tourCard.getByText('Menos detalhes')).toBeVisible();
  await tourCard.getByText('Menos detalhes').click();
  await expect(tourCard.getByText('O que está incluso:')).toBeHidden();
  // The toggle does not open the dialog.
  await expect(page).toHaveURL(/\/passeios$/);
});

test('a lodging dialog shows every section and moves the address to its page and back', async ({
  page,
}) => {
  const row = (await listingRows('hospedagens'))[0] as ListingRow;
  await openList(page, '/hospedagem?ordem=relevancia&busca=', 'HospedagemList');
  await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(row.name.slice(0, 8));
  const link = page.locator(`article[data-listing="${row.slug}"] h2 a`);
  await link.click();
  const dialog = page.getByRole('dialog', { name: row.name });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/hospedagem/${row.slug}$`));
  await expect(page).toHaveTitle(`${row.name} | Guia Fortim`);
  await expect(dialog.getByRole('heading', { name: 'Sobre a Hospedagem' })).toBeVisible();
  await expect(dialog.getByText(row.description)).toBeVisible();
  const amenities = dialog
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Comodidades' }) });
  await expect(amenities.getByRole('listitem')).toHaveText(row.amenities);
  await expect(dialog.getByRole('heading', { name: 'Informações Práticas' })).toBeVisible();
  await expect(dialog.getByRole('definition').first()).toHaveText(brl(row.price ?? 0));
  await expect(dialog.getByText('Preço por noite')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Fale agora/ })).toHaveAttribute(
    'href',
    whatsappHref(row),
  );
  await expectAccessible(page);

  // Escape closes it, the list address (with its filters) comes back, focus returns.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/hospedagem\?busca=/);
  await expect(page).toHaveTitle('Hospedagens em Fortim | Guia Fortim');
  await expect(link).toBeFocused();

  // The browser's back button closes it too; forward opens it again.
  await link.click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/hospedagem\?busca=/);
  await page.goForward();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/hospedagem\?busca=/);

  // Reloading on the listing's address gives its own page.
  await link.click();
  await reload(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(row.name);
});

test("Escape in a dialog's photo viewer closes the viewer and leaves the dialog open", async ({
  page,
}) => {
  const row = (await listingRows('hospedagens'))[0] as ListingRow;
  await openList(page, '/hospedagem', 'HospedagemList');
  await page.locator(`article[data-listing="${row.slug}"] h2 a`).click();
  const dialog = page.getByRole('dialog', { name: row.name });
  await dialog
    .getByRole('button', { name: /^Ampliar foto 1 de/ })
    .filter({ visible: true })
    .click();
  const closeViewer = page.getByRole('button', { name: 'Fechar galeria' });
  await expect(closeViewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(closeViewer).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/hospedagem/${row.slug}$`));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/hospedagem$/);
});

test(
  "'Como chegar' in a dialog leads from where the visitor is to the place, at 360 px too",
  PHONE_LAYOUT,
  async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const row = (await listingRows('hospedagens'))[0] as ListingRow;
    await openList(page, '/hospedagem', 'HospedagemList');
    await page.locator(`article[data-listing="${row.slug}"] h2 a`).click();
    const dialog = page.getByRole('dialog', { name: row.name });
    const directions = dialog.getByRole('link', { name: /^Como chegar/ });
    // Google Maps' universal directions URL: no origin, so from where the visitor is; the phone
    // opens it in its Maps app.
    await expect(directions).toHaveAttribute(
      'href',
      `https://www.google.com/maps/dir/?api=1&destination=${row.latitude},${row.longitude}`,
    );
    await expect(directions).toHaveAttribute('target', '_blank');
    await directions.scrollIntoViewIfNeeded();
    expect(await textsThatDoNotFit(dialog)).toEqual([]);
    await attachScreenshot(dialog, 'janela-hospedagem-360px-como-chegar');
    await expectAccessible(page);
  },
);

test('a list runs no React until used, and what the visitor did first is not lost', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const row = (await listingRows('passeios'))[0] as ListingRow;
  await open(page, '/passeios');
  await page.waitForLoadState('networkidle');
  expect(await notHydrated(page, 'PasseioList')).toBe(true);
  expect(scripts).toEqual([]);

  // Text typed before the island is ready still filters the list.
  await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(row.name);
  await expect(page).toHaveURL(/\/passeios\?busca=/);
  await expect(cards(page).first()).toHaveAttribute('data-listing', row.slug);
  expect(scripts.length).toBeGreaterThan(0);

  // The first tap on a card of a page not yet hydrated opens its dialog, not its page.
  await open(page, '/passeios');
  expect(await notHydrated(page, 'PasseioList')).toBe(true);
  await page.locator(`article[data-listing="${row.slug}"] h2 a`).click();
  await expect(page.getByRole('dialog', { name: row.name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/passeios/${row.slug}$`));
});

test('business and tour dialogs show their own sections', async ({ page }) => {
  const business = (await listingRows('comercios'))[0] as ListingRow;
  await openList(page, '/comercio', 'ComercioList');
  await page.locator(`article[data-listing="${business.slug}"] h2 a`).click();
  let dialog = page.getByRole('dialog', { name: business.name });
  await expect(page).toHaveURL(new RegExp(`/comercio/${business.slug}$`));
  await expect(dialog.getByRole('list', { name: 'Categorias' })).toHaveText(
    business.categoria ?? '',
  );
  await expect(dialog.getByRole('heading', { name: 'Sobre o Estabelecimento' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Facilidades' })).toBeVisible();
  await expect(dialog.getByText('Horário de funcionamento')).toBeVisible();
  await expect(dialog.getByText(business.horario ?? '')).toBeVisible();
  await expect(dialog.getByText('Endereço')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(page).toHaveURL(/\/comercio$/);

  const tour = (await listingRows('passeios'))[0] as ListingRow;
  await openList(page, '/passeios', 'PasseioList');
  await page.locator(`article[data-listing="${tour.slug}"] h2 a`).click();
  dialog = page.getByRole('dialog', { name: tour.name });
  await expect(page).toHaveURL(new RegExp(`/passeios/${tour.slug}$`));
  await expect(dialog.getByRole('list', { name: 'Categorias' })).toHaveText(tour.categoria ?? '');
  for (const heading of ['Sobre o Passeio', 'O que está incluído', 'Facilidades']) {
    await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(dialog.getByText('Duração', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Ponto de Encontro', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Preço por pessoa')).toBeVisible();
  await expect(dialog.getByText(brl(tour.price ?? 0))).toBeVisible();
  await expectAccessible(page);
});
