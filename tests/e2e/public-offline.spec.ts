// Offline after one visit (the site's service worker, src/offline/): with the network cut, every
// list, a listing page never opened but listed on a page seen, the card photos of the lists seen,
// the map's list of places and the search still work; any other page is the Portuguese offline page; nothing of the account pages or the
// panel is kept on the device.
import { IMAGE_VARIANT_NAMES, imageFormats, imageVariant, LISTING_PATH } from '@guia-fortim/domain';
import type { BrowserContext, Page } from '@playwright/test';
import { sharedPortal } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';
import { ANY_VIEWPORT } from '../support/viewports.ts';
import { cardNames, getOk, type ListingRow, listingRows, open } from './public-helpers.ts';

test.describe.configure({ timeout: 90_000 });
test.use({ serviceWorkers: 'allow' });

/** The first visit: resolves once the worker controls the page (it has kept what it keeps). */
async function firstVisit(page: Page, path = '/') {
  await open(page, path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
}

/** Goes to `path` with the network cut (the service worker answers, status 200). */
async function offline(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path} sem rede`).toBe(200);
}

async function cut(context: BrowserContext) {
  await context.setOffline(true);
}

/**
 * Resolves once the photos cache holds the card size of the first card's photo on this page, in
 * one of the formats it is stored in (the one this browser's <picture> asks for).
 */
async function firstCardPhotoKept(page: Page) {
  const src = await page.locator('article[data-listing] img').first().getAttribute('src');
  const cards = imageFormats(src ?? '', 'card').map(
    (format) => new URL(imageVariant(src ?? '', 'card', format), page.url()).href,
  );
  await expect
    .poll(() =>
      page.evaluate(
        async (urls) => (await Promise.all(urls.map((url) => caches.match(url)))).some(Boolean),
        cards,
      ),
    )
    .toBe(true);
}

test('after one visit the lists, a listing page, its photos and the map list work offline', async ({
  page,
  context,
  problems,
}) => {
  // A list never seen online shows its cards offline; photos never seen fail and show the
  // placeholder.
  problems.expect(/^failed GET .*\.(jpg|webp|avif) net::ERR_FAILED$/);
  problems.expect(/^console: Failed to load resource: net::ERR_FAILED$/);
  // The listing page's view beacon: the site sends none while navigator.onLine is false, but a
  // page Chromium (150) loads under emulated offline network still reads onLine as true, so the
  // beacon is tried and fails, silently for the visitor.
  problems.expect(/^failed POST .*\/api\/events net::ERR_INTERNET_DISCONNECTED$/);
  problems.expect(/^console: Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/);
  await firstVisit(page, LISTING_PATH.hospedagem);
  await firstCardPhotoKept(page);
  await open(page, LISTING_PATH.comercio);
  await firstCardPhotoKept(page);
  await cut(context);
  for (const [table, path, seen] of [
    ['hospedagens', LISTING_PATH.hospedagem, true],
    ['comercios', LISTING_PATH.comercio, true],
    ['passeios', LISTING_PATH.passeio, false],
  ] as const) {
    const rows = await listingRows(table);
    await offline(page, path);
    const names = await cardNames(page);
    expect(names.slice(0, 3), path).toEqual(rows.slice(0, 3).map((row) => row.name));
    if (!seen) continue;
    // The first card's photo comes from the device, not the placeholder of a broken photo.
    const photo = page.locator('article[data-listing] img').first();
    await expect(photo).not.toHaveAttribute('data-broken', '1');
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }

  // A listing page the visitor never opened, listed on a list the visitor saw: its content and
  // its WhatsApp link (which hands off to the app).
  const [lodging] = (await listingRows('hospedagens')) as ListingRow[];
  await offline(page, `${LISTING_PATH.hospedagem}/${lodging?.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lodging?.name ?? '');
  await expect(page.getByRole('link', { name: /Fale agora/ }).first()).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\//,
  );
  // 'Como chegar' is a plain link too: the phone's Maps app takes it without the network.
  await expect(page.getByRole('link', { name: /^Como chegar/ })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${lodging?.latitude},${lodging?.longitude}`,
  );

  // The map: Google's script cannot load, the list of places still shows.
  await offline(page, '/mapa');
  await expect(page.getByRole('heading', { name: /Lugares no mapa \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lugares no mapa (0)' })).toHaveCount(0);
});

/** Every address a photo may be kept under: each of its sizes, in each format it is stored in. */
function keptAddresses(photo: string, base: string): string[] {
  return IMAGE_VARIANT_NAMES.flatMap((size) =>
    imageFormats(photo, size).map(
      (format) => new URL(imageVariant(photo, size, format), base).href,
    ),
  );
}

/** Resolves once some size of each of `photos` is kept on the device. */
async function photosKept(page: Page, photos: string[]) {
  const addresses = photos.map((photo) => keptAddresses(photo, page.url()));
  await expect
    .poll(() =>
      page.evaluate(
        async (each) =>
          (
            await Promise.all(
              each.map(async (urls) =>
                (await Promise.all(urls.map((url) => caches.match(url)))).some(Boolean),
              ),
            )
          ).every(Boolean),
        addresses,
      ),
    )
    .toBe(true);
}

/** Walks the full-screen viewer through every photo: each is drawn (none is the placeholder). */
async function everyPhotoShows(page: Page, count: number) {
  await page
    .getByRole('button', { name: `Ampliar foto 1 de ${count}` })
    .filter({ visible: true })
    .click();
  const viewer = page.getByRole('dialog');
  for (let shown = 1; shown <= count; shown++) {
    const photo = viewer.getByRole('img', { name: new RegExp(`foto ${shown} de ${count}$`) });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(photo).not.toHaveAttribute('data-broken', '1');
    if (shown < count) await viewer.getByRole('button', { name: 'Próxima foto' }).click();
  }
}

test('offline, a listing page shows every photo of its gallery, whether it was seen or only listed', async ({
  page,
  context,
  problems,
}) => {
  // The view beacon of a listing page loaded under emulated offline network (see above).
  problems.expect(/^failed POST .*\/api\/events net::ERR_INTERNET_DISCONNECTED$/);
  problems.expect(/^console: Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/);
  const rows = await listingRows('hospedagens');
  const [seen, listed] = rows.filter((row) => row.additional_images.length === 3) as ListingRow[];
  const photos = (row: ListingRow | undefined) => [
    row?.image_url ?? '',
    ...(row?.additional_images ?? []),
  ];
  await firstVisit(page, LISTING_PATH.hospedagem);
  await photosKept(page, photos(listed));
  await open(page, `${LISTING_PATH.hospedagem}/${seen?.slug}`);
  await photosKept(page, photos(seen));
  await cut(context);
  for (const row of [seen, listed]) {
    await offline(page, `${LISTING_PATH.hospedagem}/${row?.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(row?.name ?? '');
    await everyPhotoShows(page, photos(row).length);
  }
});

test('search works offline', ANY_VIEWPORT, async ({ page, context, problems }) => {
  // Results of lists never seen online: their photos fail and show the placeholder.
  problems.expect(/^failed GET .*\.(jpg|webp|avif) net::ERR_FAILED$/);
  problems.expect(/^console: Failed to load resource: net::ERR_FAILED$/);
  await firstVisit(page, '/hospedagem');
  await cut(context);
  await offline(page, '/busca?q=jaguaribe');
  const results = page.locator('[data-search-results]');
  await expect(results).toHaveAttribute('data-state', 'pronto');
  await expect(results.getByRole('link').first()).toBeVisible();
});

test(
  'other pages offline: the Portuguese offline page; accounts and panel are never kept',
  ANY_VIEWPORT,
  async ({ page, context }) => {
    await firstVisit(page);
    await open(page, '/auth/login');
    // The sign-in form loads Turnstile's widget once it runs: done before the network is cut.
    await page.waitForFunction(() => 'turnstile' in window);
    await cut(context);
    for (const path of ['/privacidade', '/auth/login', '/auth/registro']) {
      await offline(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Você está sem conexão');
      await expect(page.getByRole('link', { name: 'Buscar' })).toHaveAttribute('href', '/busca');
    }
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls.map((url) => new URL(url).pathname);
    });
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((path) => /^\/(auth|admin)/.test(path))).toEqual([]);
  },
);

test(
  'the worker precaches this build: scripts, the offline page, the search index',
  ANY_VIEWPORT,
  async () => {
    const { siteUrl } = sharedPortal();
    const worker = await (await getOk(`${siteUrl}/sw.js`)).text();
    const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(urls).toContain('offline');
    expect(urls).toContain('pagefind/pagefind.js');
    expect(urls.some((url) => /^pagefind\/index\/.+\.pf_index$/.test(url))).toBe(true);
    expect(urls.some((url) => /^_astro\/.+\.css$/.test(url))).toBe(true);
    // Every precached file exists in this build (a stale list would fail the install).
    for (const url of urls) await getOk(`${siteUrl}/${url}`);
    expect(urls.filter((url) => /^(auth|admin)|\.html$/.test(url))).toEqual([]);
  },
);
