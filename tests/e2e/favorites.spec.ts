// Visitors' favourites in the browser: the heart on a list's card and on a listing page, kept on
// the device for a visitor who is not signed in and listed by 'Meus favoritos'; that page without
// signal after one visit; the device's and the account's merged at sign-in (both ways); and the
// list and listing pages still requesting no script before their first paint.
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { listingPath } from '@guia-fortim/domain';
import { DUMMY_TOKEN } from '@guia-fortim/stack/turnstile';
import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, test } from '../support/test.ts';
import { ANY_VIEWPORT } from '../support/viewports.ts';
import {
  type ListingRow,
  listingRows,
  open,
  signInInBrowser,
  supabaseAccess,
} from './public-helpers.ts';

test.describe.configure({ timeout: 90_000 });

const SAVE = 'Salvar nos favoritos';
const REMOVE = 'Remover dos favoritos';

type Listing = ListingRow & { id: string };

async function first(table: 'hospedagens' | 'comercios' | 'passeios', index = 0) {
  const listing = (await listingRows(table))[index] as Listing | undefined;
  if (!listing) throw new Error(`Nenhum item em ${table}`);
  return listing;
}

/** The favourites section of 'Meus favoritos' for a kind. */
const section = (page: Page, heading: string) => page.getByRole('region', { name: heading });

/** The listing page's own heart (the page has no card). */
const pageHeart = (page: Page) => page.getByRole('main').getByRole('button', { name: /favoritos/ });

test('signed out: a card and a listing page save to the device, and Meus favoritos lists and removes them', async ({
  page,
}) => {
  const lodging = await first('hospedagens');
  const tour = await first('passeios');
  await open(page, '/hospedagem');
  const card = page.locator(`article[data-listing="${lodging.slug}"]`);
  const cardHeart = card.getByRole('button', { name: SAVE });
  await expect(cardHeart).toHaveAttribute('aria-pressed', 'false');
  // The first tap wakes the list (client:interaction) and still counts, once.
  await cardHeart.click();
  await expect(card.getByRole('button', { name: REMOVE })).toHaveAttribute('aria-pressed', 'true');
  // Saving did not open the card's dialog; opened, the dialog's own heart shows it saved.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await card.getByRole('link', { name: lodging.name, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: REMOVE })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);

  await open(page, listingPath('passeio', tour.slug));
  await expect(pageHeart(page)).toHaveAttribute('aria-pressed', 'false');
  await pageHeart(page).click();
  await expect(pageHeart(page)).toHaveAccessibleName(REMOVE);
  await page.reload();
  await expect(pageHeart(page)).toHaveAttribute('aria-pressed', 'true');

  // In the header, at every width.
  await page.getByRole('link', { name: 'Meus favoritos' }).click();
  await expect(page).toHaveURL(/\/favoritos$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meus favoritos');
  const lodgings = section(page, 'Hospedagens');
  await expect(lodgings.getByRole('link', { name: lodging.name, exact: true })).toHaveAttribute(
    'href',
    listingPath('hospedagem', lodging.slug),
  );
  await expect(lodgings.getByRole('link', { name: /Fale agora/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\//,
  );
  await expect(
    section(page, 'Passeios').getByRole('link', { name: tour.name, exact: true }),
  ).toBeVisible();
  await expect(section(page, 'Comércios')).toHaveCount(0);

  await section(page, 'Passeios').getByRole('button', { name: REMOVE }).click();
  await expect(section(page, 'Passeios')).toHaveCount(0);
  await lodgings.getByRole('link', { name: lodging.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lodging.name);
  await expect(pageHeart(page)).toHaveAttribute('aria-pressed', 'true');
  await pageHeart(page).click();
  await open(page, '/favoritos');
  await expect(page.getByText('Você ainda não tem favoritos.')).toBeVisible();
});

test('list and listing pages still request no script before the first paint, hearts marked', async ({
  page: saving,
  context,
}) => {
  const lodging = await first('hospedagens');
  await open(saving, listingPath('hospedagem', lodging.slug));
  await pageHeart(saving).click();
  await expect(pageHeart(saving)).toHaveAttribute('aria-pressed', 'true');
  // Another tab of the same browser, its pointer untouched: a pointer resting over a page moves
  // onto the next one, which wakes its islands as a visitor's would.
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  for (const path of ['/hospedagem', listingPath('hospedagem', lodging.slug)]) {
    await open(page, path, 200, { waitUntil: 'networkidle' });
    const heart = page.locator(`[data-favorito*='"id":"${lodging.id}"']`).first();
    await expect(heart, path).toHaveAttribute('aria-pressed', 'true');
    expect(scripts, path).toEqual([]);
  }
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after one visit, Meus favoritos lists the favourites without signal and opens them', async ({
    page,
    context,
    problems,
  }) => {
    // Photos never seen online fail and show the placeholder; the listing page's view beacon
    // is tried and fails (see public-offline.spec.ts).
    problems.expect(/^failed GET .*\.(jpg|webp|avif) net::ERR_FAILED$/);
    problems.expect(/^console: Failed to load resource: net::ERR_FAILED$/);
    problems.expect(/^failed POST .*\/api\/events net::ERR_INTERNET_DISCONNECTED$/);
    problems.expect(/^console: Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/);
    const shop = await first('comercios');
    await open(page, '/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
    });
    // The place's page, seen once the service worker is there (so it keeps it).
    await open(page, listingPath('comercio', shop.slug));
    await pageHeart(page).click();
    await expect(pageHeart(page)).toHaveAttribute('aria-pressed', 'true');
    await context.setOffline(true);
    // Never opened online: kept by the service worker when it installed.
    const response = await page.goto('/favoritos');
    expect(response?.status()).toBe(200);
    const shops = section(page, 'Comércios');
    await expect(shops.getByRole('link', { name: /Fale agora/ })).toBeVisible();
    await shops.getByRole('link', { name: shop.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.name);
    await expect(pageHeart(page)).toHaveAttribute('aria-pressed', 'true');
    await context.setOffline(false);
  });
});

/** The demo visitor's account, as another device of theirs would reach it. */
async function visitorAccount(): Promise<SupabaseClient> {
  const { url, key } = supabaseAccess();
  const client = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { email, password } = DEMO_ACCOUNTS.visitante;
  const { error } = await client.auth.signInWithPassword({
    email,
    password,
    options: { captchaToken: DUMMY_TOKEN },
  });
  expect(error).toBeNull();
  return client;
}

async function accountFavorites(account: SupabaseClient): Promise<string[]> {
  const { data, error } = await account.from('favorites').select('listing_kind, listing_id');
  expect(error).toBeNull();
  return (data ?? []).map((row) => `${row.listing_kind}:${row.listing_id}`).sort();
}

test('signing in merges the device and the account both ways', ANY_VIEWPORT, async ({ page }) => {
  const lodging = await first('hospedagens');
  const shop = await first('comercios', 1);
  const account = await visitorAccount();
  // The account starts with one favourite of its own, saved on another device.
  const cleared = await account
    .from('favorites')
    .delete()
    .eq('user_id', DEMO_ACCOUNTS.visitante.id);
  expect(cleared.error).toBeNull();
  const saved = await account
    .from('favorites')
    .insert({ listing_kind: 'comercio', listing_id: shop.id });
  expect(saved.error).toBeNull();

  // Signed out, this device saves a lodging.
  await open(page, listingPath('hospedagem', lodging.slug));
  await pageHeart(page).click();
  await expect(pageHeart(page)).toHaveAttribute('aria-pressed', 'true');

  await signInInBrowser(page, DEMO_ACCOUNTS.visitante);
  const both = [`comercio:${shop.id}`, `hospedagem:${lodging.id}`];
  await expect.poll(() => accountFavorites(account)).toEqual(both);
  await open(page, '/favoritos');
  await expect(
    section(page, 'Hospedagens').getByRole('link', { name: lodging.name, exact: true }),
  ).toBeVisible();
  await expect(
    section(page, 'Comércios').getByRole('link', { name: shop.name, exact: true }),
  ).toBeVisible();

  // Removed here: gone from the account.
  await section(page, 'Comércios').getByRole('button', { name: REMOVE }).click();
  await expect(section(page, 'Comércios')).toHaveCount(0);
  await expect.poll(() => accountFavorites(account)).toEqual([`hospedagem:${lodging.id}`]);
  // Removed on the other device: gone from this one at its next page.
  const removed = await account.from('favorites').delete().eq('listing_id', lodging.id);
  expect(removed.error).toBeNull();
  await page.reload();
  await expect(page.getByText('Você ainda não tem favoritos.')).toBeVisible();
});
