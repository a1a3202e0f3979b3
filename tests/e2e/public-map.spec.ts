// /mapa without network to Google: the filter buttons, information box and legend, the list of
// places, the key form (saved only when not empty), and the error panel when the maps script
// cannot load, whose 'Alterar Chave da API' clears the stored key.
import {
  MAP_FILTERS,
  MAP_HEIGHT_PAGE_PX,
  MAPS_API_KEY_STORAGE_KEY,
  MARKER_COLORS,
  MARKER_LABELS,
} from '@guia-fortim/db';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, hydrated, listingRows } from './public-helpers.ts';

// Generous: the machines running these suites are often busy.
test.describe.configure({ timeout: 60_000 });

const GOOGLE = /^https:\/\/maps\.googleapis\.com\//;

async function blockGoogle(page: Page): Promise<string[]> {
  const calls: string[] = [];
  await page.route(GOOGLE, (route) => {
    calls.push(route.request().url());
    return route.abort();
  });
  return calls;
}

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

test('without a key the map page explains itself, lists every place and filters them', async ({
  page,
}) => {
  const calls = await blockGoogle(page);
  const [lodging, business, tours] = await Promise.all([
    listingRows('hospedagens'),
    listingRows('comercios'),
    listingRows('passeios'),
  ]);
  await page.goto('/mapa');
  await hydrated(page, 'MapView');
  const filters = page.getByRole('group', { name: 'Filtrar o mapa' }).getByRole('button');
  await expect(filters).toHaveText([...MAP_FILTERS]);
  await expect(
    page.getByText(
      'Este mapa é uma demonstração e precisa de uma chave válida da API do Google Maps para funcionar.',
    ),
  ).toBeVisible();
  const box = await page.locator('[data-map-box]').boundingBox();
  expect(box?.height).toBe(MAP_HEIGHT_PAGE_PX);

  const legend = page.getByRole('heading', { name: 'Legenda' }).locator('..').getByRole('listitem');
  await expect(legend).toHaveText(Object.values(MARKER_LABELS));
  for (const [i, color] of Object.values(MARKER_COLORS).entries()) {
    await expect(legend.nth(i).locator('span')).toHaveCSS('background-color', hexToRgb(color));
  }

  await expect(page.getByText('A chave fica salva apenas no seu navegador.')).toBeVisible();
  const places = page.getByRole('region', { name: /^Lugares no mapa/ });
  const total = lodging.length + business.length + tours.length;
  await expect(places.getByRole('heading')).toHaveText(`Lugares no mapa (${total})`);
  const firstTour = tours[0];
  const tourItem = places.getByRole('listitem').filter({ hasText: firstTour?.name ?? '' });
  await expect(tourItem).toContainText('Passeio');
  await expect(tourItem).toContainText(firstTour?.ponto_encontro ?? '');
  await expect(tourItem.getByRole('link')).toHaveAttribute('href', `/passeios/${firstTour?.slug}`);

  await filters.filter({ hasText: 'Passeios' }).click();
  await expect(filters.filter({ hasText: 'Passeios' })).toHaveAttribute('aria-pressed', 'true');
  await expect(places.getByRole('heading')).toHaveText(`Lugares no mapa (${tours.length})`);
  await expect(places.getByRole('listitem')).toHaveCount(tours.length);
  await filters.filter({ hasText: 'Praias' }).click();
  await expect(places.getByText('Nenhum lugar nesta categoria.')).toBeVisible();
  await expectAccessible(page);
  expect(calls).toEqual([]);
});

test('the key form saves only a non-empty key; a key that cannot load shows the error panel', async ({
  page,
}) => {
  const calls = await blockGoogle(page);
  await page.goto('/mapa');
  await hydrated(page, 'MapView');
  const field = page.getByLabel('Chave da API do Google Maps');
  await field.fill('   ');
  await page.getByRole('button', { name: 'Salvar chave' }).click();
  await expect(page.getByText('Informe a chave da API.')).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), MAPS_API_KEY_STORAGE_KEY)).toBeNull();

  await field.fill('chave-de-teste');
  const reload = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Salvar chave' }).click();
  await expect(page.getByText('API Key salva')).toBeVisible();
  await reload;
  expect(await page.evaluate((k) => localStorage.getItem(k), MAPS_API_KEY_STORAGE_KEY)).toBe(
    'chave-de-teste',
  );
  await hydrated(page, 'MapView');
  const error = page.getByRole('alert').filter({
    hasText: 'Não foi possível carregar o mapa. Por favor, verifique a chave da API.',
  });
  await expect(error).toBeVisible();
  // The maps script was requested once, with the stored key.
  expect(calls.filter((url) => url.includes('/maps/api/js'))).toHaveLength(1);
  expect(calls[0]).toContain('key=chave-de-teste');
  await expectAccessible(page);

  const reloadAgain = page.waitForEvent('load');
  await error.getByRole('button', { name: 'Alterar Chave da API' }).click();
  await reloadAgain;
  expect(await page.evaluate((k) => localStorage.getItem(k), MAPS_API_KEY_STORAGE_KEY)).toBeNull();
  await expect(page.getByRole('button', { name: 'Salvar chave' })).toBeVisible();
});
