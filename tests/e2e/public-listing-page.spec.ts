// A listing's own pre-rendered page: title, description, Open Graph, schema.org data, and the
// photo gallery (phone carousel, desktop grid, full-screen viewer, broken photos).
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { ANY_VIEWPORT } from '../support/viewports.ts';
import {
  expectAccessible,
  hydrated,
  isPhone,
  type ListingRow,
  listingRows,
  notHydrated,
  open,
} from './public-helpers.ts';

// Generous: the machines running these suites are often busy.
test.describe.configure({ timeout: 60_000 });

// Photo gallery: a swipe threshold of 75 px.
const SWIPE_THRESHOLD_PX = 75;

async function withPhotos(table: 'hospedagens' | 'passeios', photos: number): Promise<ListingRow> {
  const row = (await listingRows(table)).find((r) => r.additional_images.length + 1 === photos);
  if (!row) throw new Error(`Nenhum item com ${photos} fotos em ${table}`);
  return row;
}

async function structuredData(page: Page): Promise<Record<string, unknown>> {
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  return JSON.parse(json ?? '{}') as Record<string, unknown>;
}

test('each kind of listing page has its title, description, share tags and schema.org type', async ({
  page,
  baseURL,
}) => {
  const cases = [
    { table: 'hospedagens', path: '/hospedagem', type: 'LodgingBusiness' },
    { table: 'comercios', path: '/comercio', type: 'LocalBusiness' },
    { table: 'passeios', path: '/passeios', type: 'TouristTrip' },
  ] as const;
  for (const { table, path, type } of cases) {
    const row = (await listingRows(table))[0] as ListingRow;
    const url = `${baseURL}${path}/${row.slug}`;
    await open(page, `${path}/${row.slug}`);
    await expect(page).toHaveTitle(`${row.name} | Guia Fortim`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(row.name);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      row.description.length > 155 ? /…$/ : row.description,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', url);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      `${row.name} | Guia Fortim`,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      new URL(row.image_url.replace(/-hero\.jpg$/, '-card.jpg'), baseURL).href,
    );
    const data = await structuredData(page);
    expect(data['@type']).toBe(type);
    expect(data.name).toBe(row.name);
    expect(data.url).toBe(url);
    if (type === 'TouristTrip') {
      expect(data.offers).toMatchObject({ priceCurrency: 'BRL', price: row.price?.toFixed(2) });
    } else {
      expect(data.telephone).toBe(`+${row.phone}`);
    }
    const breadcrumb = page.getByRole('navigation', { name: 'Trilha de navegação' });
    await expect(breadcrumb.getByRole('link').last()).toHaveAttribute('href', path);
    await expect(page.getByRole('link', { name: /Fale agora/ })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/${row.phone}\\?text=`),
    );
    await expectAccessible(page);
  }
});

test(
  'on a computer every photo of the gallery grid is whole, from 1280 to 1920 px',
  ANY_VIEWPORT,
  async ({ page }) => {
    const row = await withPhotos('hospedagens', 4);
    for (const width of [1280, 1366, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, `/hospedagem/${row.slug}`);
      const grid = page.locator('.gallery > div.md\\:grid');
      const box = await grid.boundingBox();
      const photos = grid.getByRole('button');
      await expect(photos).toHaveCount(4);
      for (const photo of await photos.all()) {
        const rect = await photo.boundingBox();
        const label = `${width} px, ${await photo.getAttribute('aria-label')}`;
        expect(rect?.height, label).toBeGreaterThan(60);
        expect((rect?.y ?? 0) + (rect?.height ?? 0), label).toBeLessThanOrEqual(
          (box?.y ?? 0) + (box?.height ?? 0) + 0.5,
        );
      }
    }
  },
);

test('the gallery: phone carousel or desktop grid, and the full-screen viewer', async ({
  page,
}) => {
  const row = await withPhotos('hospedagens', 4);
  await open(page, `/hospedagem/${row.slug}`);
  await hydrated(page, 'Gallery');
  const gallery = page.locator('.gallery');
  if (isPhone(page)) {
    const carousel = gallery.locator('> div').first();
    await expect(carousel.getByText('1 / 4 fotos')).toBeVisible();
    await carousel.getByRole('button', { name: 'Próxima foto' }).click();
    await expect(carousel.getByText('2 / 4 fotos')).toBeVisible();
    await carousel.getByRole('button', { name: 'Foto anterior' }).click();
    await carousel.getByRole('button', { name: 'Foto anterior' }).click();
    await expect(carousel.getByText('4 / 4 fotos')).toBeVisible();
    // A swipe shorter than the threshold keeps the photo; a longer one moves to the next.
    const box = await carousel.boundingBox();
    const y = Math.round((box?.y ?? 0) + (box?.height ?? 0) / 2);
    const x = Math.round((box?.x ?? 0) + (box?.width ?? 0) / 2);
    await swipe(page, x, y, -(SWIPE_THRESHOLD_PX - 3));
    await expect(carousel.getByText('4 / 4 fotos')).toBeVisible();
    await swipe(page, x, y, -(SWIPE_THRESHOLD_PX + 3));
    await expect(carousel.getByText('1 / 4 fotos')).toBeVisible();
    await carousel.getByRole('button', { name: 'Ampliar foto 1 de 4' }).click();
  } else {
    const buttons = gallery.getByRole('button', { name: /^Ampliar foto/ });
    await expect(buttons).toHaveCount(4);
    const large = gallery.getByRole('button', { name: 'Ampliar foto 1 de 4' });
    const small = gallery.getByRole('button', { name: 'Ampliar foto 2 de 4' });
    const largeBox = await large.boundingBox();
    const smallBox = await small.boundingBox();
    expect((largeBox?.width ?? 0) > (smallBox?.width ?? 0) * 1.5).toBe(true);
    await large.click();
  }

  const viewer = page.getByRole('dialog', { name: row.name });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('1 / 4')).toBeVisible();
  await expect(viewer.locator('.gallery-progress')).toHaveAttribute('style', /width: 25%/);
  await viewer.getByRole('button', { name: 'Próxima foto' }).click();
  await expect(viewer.getByText('2 / 4')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('3 / 4')).toBeVisible();
  await expect(viewer.locator('.gallery-progress')).toHaveAttribute('style', /width: 75%/);
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText('2 / 4')).toBeVisible();
  await expect(viewer.getByRole('img')).toHaveAttribute('src', /-2(_mf)?-hero\.jpg$/);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(
    page
      .getByRole('button', { name: /^Ampliar foto/ })
      .filter({ visible: true })
      .first(),
  ).toBeFocused();
});

async function swipe(page: Page, x: number, y: number, distance: number) {
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + distance / 2, y, { steps: 4 });
  await page.mouse.move(x + distance, y, { steps: 4 });
  await page.mouse.up();
}

test(
  'on a phone, the first swipe on the photos moves to the next one, before React runs',
  ANY_VIEWPORT,
  async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const row = await withPhotos('hospedagens', 4);
    await open(page, `/hospedagem/${row.slug}`);
    const carousel = page.locator('.gallery > div').first();
    await expect(carousel.getByText('1 / 4 fotos')).toBeVisible();
    expect(await notHydrated(page, 'Gallery')).toBe(true);
    const box = await carousel.boundingBox();
    const y = Math.round((box?.y ?? 0) + (box?.height ?? 0) / 2);
    const x = Math.round((box?.x ?? 0) + (box?.width ?? 0) / 2);
    await swipe(page, x, y, -(SWIPE_THRESHOLD_PX + 20));
    await expect(carousel.getByText('2 / 4 fotos')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // A first tap, on a fresh page, still opens the viewer.
    await open(page, `/hospedagem/${row.slug}`);
    expect(await notHydrated(page, 'Gallery')).toBe(true);
    await page.mouse.click(x, y);
    await expect(page.getByRole('dialog')).toBeVisible();
  },
);

test('one photo reads "1 foto", and a broken photo is replaced by the placeholder', async ({
  page,
  problems,
}) => {
  // The photos answered 404 below, on purpose.
  problems.expect(/-1(_mf)?-(card|thumb|hero)\.(jpg|webp|avif)|status of 404/);
  const single = await withPhotos('passeios', 1);
  const several = await withPhotos('passeios', 2);
  await page.route(/-1(_mf)?-(card|thumb|hero)\.(jpg|webp|avif)$/, (route) =>
    route.request().url().includes(several.slug)
      ? route.fulfill({ status: 404 })
      : route.fallback(),
  );
  await open(page, `/passeios/${single.slug}`);
  if (isPhone(page)) await expect(page.getByText('1 foto', { exact: true })).toBeVisible();
  else
    await expect(
      page.getByRole('button', { name: /^Ampliar foto/ }).filter({ visible: true }),
    ).toHaveCount(1);

  await open(page, `/passeios/${several.slug}`);
  const first = page
    .getByRole('img', { name: `${several.name}, foto 1 de 2` })
    .filter({ visible: true });
  await expect(first).toHaveAttribute('src', '/placeholder.svg');
  await expect(first).toHaveJSProperty('complete', true);
  expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
