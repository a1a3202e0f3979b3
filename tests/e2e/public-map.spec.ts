// /mapa: the filter buttons, information box and legend, the list of places, the key form (saved
// only when not empty) and the error panel when the maps script cannot load, whose 'Alterar
// Chave da API' clears the stored key; then, with a key and a stand-in for Google's script
// (support/google-maps-stub.ts), the markers, their info windows and the filters on the map.
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import type { Page } from '@playwright/test';
import { GOOGLE_MAPS, type StubMarker, stubGoogleMaps } from '../support/google-maps-stub.ts';
import { expect, test } from '../support/test.ts';
import {
  expectAccessible,
  forgetSession,
  hydrated,
  type ListingRow,
  listingRows,
  open,
  signInInBrowser,
} from './public-helpers.ts';

// Generous: the machines running these suites are often busy.
test.describe.configure({ timeout: 60_000 });

// /mapa: category filter buttons (Todos,
// Hospedagem, Comércio, Passeios, Praias, Atrações) … Height 600 px … local storage (entry
// google_maps_api_key) … Default centre lat -4.4522, lng -37.8005, zoom 14 … With no markers, a
// single marker 'Fortim, CE' appears at the centre.
const FILTERS = ['Todos', 'Hospedagem', 'Comércio', 'Passeios', 'Praias', 'Atrações'];
const PAGE_MAP_HEIGHT = 600;
const KEY_ENTRY = 'google_maps_api_key';
const CENTRE = { lat: -4.4522, lng: -37.8005 };
const ZOOM = 14;
const NO_MARKERS_TITLE = 'Fortim, CE';
// Section 3 "Map marker": "hospedagem #0d4c81, comercio #7fbb8f, passeio (passeios) #f2d6a2, praia
// (praias) #71c5e7, atracao (atracoes) #f8f0dd, other red. Labels: Hospedagem, Comércio Local,
// Passeio, Praia, Atração Turística."
const MARKERS = {
  hospedagem: { color: '#0d4c81', label: 'Hospedagem' },
  comercio: { color: '#7fbb8f', label: 'Comércio Local' },
  passeio: { color: '#f2d6a2', label: 'Passeio' },
  praia: { color: '#71c5e7', label: 'Praia' },
  atracao: { color: '#f8f0dd', label: 'Atração Turística' },
};

async function blockGoogle(page: Page): Promise<string[]> {
  const calls: string[] = [];
  await page.route(GOOGLE_MAPS, (route) => {
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
  await open(page, '/mapa');
  await hydrated(page, 'MapView');
  const filters = page.getByRole('group', { name: 'Filtrar o mapa' }).getByRole('button');
  await expect(filters).toHaveText(FILTERS);
  await expect(
    page.getByText(
      'Este mapa é uma demonstração e precisa de uma chave válida da API do Google Maps para funcionar.',
    ),
  ).toBeVisible();
  const box = await page.locator('[data-map-box]').boundingBox();
  expect(box?.height).toBe(PAGE_MAP_HEIGHT);

  const legend = page.getByRole('heading', { name: 'Legenda' }).locator('..').getByRole('listitem');
  await expect(legend).toHaveText(Object.values(MARKERS).map((m) => m.label));
  for (const [i, { color }] of Object.values(MARKERS).entries()) {
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

// Who can set the site's key is told where: the panel's 'Mapa' (/admin/mapa), which saves it for
// every visitor and publishes the site again. Visitors see the form and the list, as always.
const ADMIN_HINT = /defina a chave da API do Google Maps do site no painel/;

test('without a key, a signed-in administrator is told where to set it; visitors are not', async ({
  page,
}) => {
  await blockGoogle(page);
  await open(page, '/mapa');
  await hydrated(page, 'MapView');
  await expect(page.getByRole('button', { name: 'Salvar chave' })).toBeVisible();
  await expect(page.getByText(ADMIN_HINT)).toHaveCount(0);

  await signInInBrowser(page, DEMO_ACCOUNTS.visitante);
  await open(page, '/mapa');
  const roles = page.waitForResponse((r) => r.url().includes('/rest/v1/user_roles'));
  await hydrated(page, 'MapView');
  expect((await roles).status(), 'GET user_roles').toBe(200);
  await expect(page.getByRole('heading', { name: /^Lugares no mapa/ })).toBeVisible();
  // The island has drawn the answer two frames after it arrived.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await expect(page.getByText(ADMIN_HINT)).toHaveCount(0);

  await forgetSession(page);
  await signInInBrowser(page, DEMO_ACCOUNTS.admin);
  await open(page, '/mapa');
  await hydrated(page, 'MapView');
  const hint = page.getByText(ADMIN_HINT);
  await expect(hint).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir Mapa no painel' })).toHaveAttribute(
    'href',
    '/admin/mapa',
  );
  // The visitor's own key stays possible for the admin too.
  await expect(page.getByRole('button', { name: 'Salvar chave' })).toBeVisible();
  await expectAccessible(page);
});

test('the key form saves only a non-empty key; a key that cannot load shows the error panel', async ({
  page,
  problems,
}) => {
  // Google's script is blocked on purpose: the map reports that it could not load.
  problems.expect(/ERR_FAILED|Google Maps/);
  const calls = await blockGoogle(page);
  await open(page, '/mapa');
  await hydrated(page, 'MapView');
  const field = page.getByLabel('Chave da API do Google Maps');
  await field.fill('   ');
  await page.getByRole('button', { name: 'Salvar chave' }).click();
  await expect(page.getByText('Informe a chave da API.')).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY_ENTRY)).toBeNull();

  await field.fill('chave-de-teste');
  const reload = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Salvar chave' }).click();
  await reload;
  // Shown on the page that loaded with the key, not only in the moment before it went away.
  await expect(page.getByText('API Key salva')).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY_ENTRY)).toBe('chave-de-teste');
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
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY_ENTRY)).toBeNull();
  await expect(page.getByRole('button', { name: 'Salvar chave' })).toBeVisible();
});

const onMap = (page: Page) => page.getByRole('region', { name: 'Mapa de Fortim' });

/** The markers the page handed to the maps API, as the stub drew them. */
function drawnMarkers(page: Page): Promise<StubMarker[]> {
  return onMap(page)
    .locator('[data-stub-marker]')
    .evaluateAll((buttons) =>
      buttons.map((button) => {
        const { color = '', lat, lng } = (button as HTMLElement).dataset;
        return { title: (button as HTMLElement).title, color, lat: Number(lat), lng: Number(lng) };
      }),
    );
}

const byTitle = (a: StubMarker, b: StubMarker) => a.title.localeCompare(b.title);

/** Every seeded listing has its own coordinates: its marker sits there, in its kind's colour. */
function markersOf(rows: ListingRow[], kind: keyof typeof MARKERS): StubMarker[] {
  return rows.map((row) => ({
    title: row.name,
    color: MARKERS[kind].color,
    lat: row.latitude,
    lng: row.longitude,
  }));
}

/** A key in the browser's storage entry, as the key form leaves it, on every page load. */
async function withStoredKey(page: Page): Promise<void> {
  await page.addInitScript((entry) => {
    try {
      localStorage.setItem(entry, 'chave-de-teste');
    } catch {
      // about:blank has no storage
    }
  }, KEY_ENTRY);
}

const scriptRequests = (urls: string[]) =>
  urls.filter((url) => new URL(url).pathname === '/maps/api/js');

test('with a key the map draws each place in its colour, opens its info window and follows the filters', async ({
  page,
}) => {
  const requested = await stubGoogleMaps(page);
  await withStoredKey(page);
  const [lodging, business, tours] = await Promise.all([
    listingRows('hospedagens'),
    listingRows('comercios'),
    listingRows('passeios'),
  ]);
  await open(page, '/mapa');
  await hydrated(page, 'MapView');
  const map = onMap(page);
  const canvas = map.locator('[data-stub-map]');
  await expect(canvas).toHaveAttribute('data-center-lat', String(CENTRE.lat));
  await expect(canvas).toHaveAttribute('data-center-lng', String(CENTRE.lng));
  await expect(canvas).toHaveAttribute('data-zoom', String(ZOOM));
  await expect(map).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar chave' })).toHaveCount(0);

  const markers = map.locator('[data-stub-marker]');
  const every = [
    ...markersOf(lodging, 'hospedagem'),
    ...markersOf(business, 'comercio'),
    ...markersOf(tours, 'passeio'),
  ].sort(byTitle);
  await expect(markers).toHaveCount(every.length);
  expect((await drawnMarkers(page)).sort(byTitle)).toEqual(every);

  // A marker click opens the info window with the place's title and its type's label.
  const info = map.locator('[data-stub-info-window]');
  const samples = [
    [lodging[0], 'hospedagem'],
    [business[0], 'comercio'],
    [tours[0], 'passeio'],
  ] as const;
  for (const [row, kind] of samples) {
    await map.getByRole('button', { name: row?.name, exact: true }).click();
    await expect(info).toBeVisible();
    await expect(info).toContainText(row?.name ?? '');
    await expect(info.getByText(MARKERS[kind].label, { exact: true })).toBeVisible();
  }

  const filters = page.getByRole('group', { name: 'Filtrar o mapa' });
  const cases = [
    ['Hospedagem', lodging, 'hospedagem'],
    ['Comércio', business, 'comercio'],
    ['Passeios', tours, 'passeio'],
  ] as const;
  for (const [filter, rows, kind] of cases) {
    const button = filters.getByRole('button', { name: filter, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(markers).toHaveCount(rows.length);
    expect((await drawnMarkers(page)).sort(byTitle)).toEqual(markersOf(rows, kind).sort(byTitle));
  }
  // No beaches nor attractions are listed: one marker at the centre instead. 'Todos' in between
  // brings every marker back, so 'Atrações' has to take them away again by itself.
  for (const filter of ['Praias', 'Todos', 'Atrações']) {
    const button = filters.getByRole('button', { name: filter, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    if (filter === 'Todos') {
      await expect(markers).toHaveCount(every.length);
      continue;
    }
    await expect(markers).toHaveCount(1);
    const [only] = await drawnMarkers(page);
    expect({ title: only?.title, lat: only?.lat, lng: only?.lng }).toEqual({
      title: NO_MARKERS_TITLE,
      ...CENTRE,
    });
  }
  await map.getByRole('button', { name: NO_MARKERS_TITLE, exact: true }).click();
  await expect(info).toContainText(NO_MARKERS_TITLE);
  await filters.getByRole('button', { name: 'Todos', exact: true }).click();
  await expect(markers).toHaveCount(every.length);

  // One script, asked for once, with the stored key and the places library.
  const scripts = scriptRequests(requested);
  expect(scripts).toHaveLength(1);
  const query = new URL(scripts[0] ?? '').searchParams;
  expect(query.get('key')).toBe('chave-de-teste');
  expect(query.get('libraries')?.split(',')).toContain('places');
});

test('the home page map uses the stored key too: every place on a map 500 px high', async ({
  page,
}) => {
  const requested = await stubGoogleMaps(page);
  await withStoredKey(page);
  const places = (
    await Promise.all([
      listingRows('hospedagens'),
      listingRows('comercios'),
      listingRows('passeios'),
    ])
  ).flat();
  await open(page, '/');
  const section = page.getByRole('region', { name: 'Explore no mapa' });
  await section.scrollIntoViewIfNeeded();
  await hydrated(page, 'MapView');
  // Section 2 "Home": "Map section 500 px high".
  expect((await section.locator('[data-map-box]').boundingBox())?.height).toBe(500);
  await expect(section.locator('[data-stub-map]')).toHaveAttribute('data-zoom', String(ZOOM));
  await expect(section.locator('[data-stub-marker]')).toHaveCount(places.length);
  expect(scriptRequests(requested)).toHaveLength(1);
});
