// Views, 'Fale agora' taps and map opens per listing, end to end: the built site's
// beacons (sites/portal/src/lib/stats-beacon.ts) to the real worker (POST /api/events), its
// counter's flush, and the counts in the database as the panel reads them (listing_stats, signed
// in as the demo administrator). Each visitor action counts once, on its own listing and event.
import { type Beacon, sendBeacon } from '@guia-fortim/api/testing/events';
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import {
  LISTING_EVENTS,
  LISTING_KINDS,
  LISTING_TABLE,
  type ListingEvent,
  STATS_LIMITS,
  statsDay,
} from '@guia-fortim/domain';
import { DUMMY_TOKEN } from '@guia-fortim/stack/turnstile';
import type { Page, Request } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { stubGoogleMaps } from '../support/google-maps-stub.ts';
import { sharedPortal } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';
import { ANY_VIEWPORT } from '../support/viewports.ts';
import {
  hydrated,
  isPhone,
  type ListingRow,
  listingRows,
  notHydrated,
  open,
  supabaseAccess,
} from './public-helpers.ts';

// Several flushes of the worker's counter are waited for.
test.describe.configure({ timeout: 90_000 });

type Row = ListingRow & { id: string };
type Counts = Record<string, Record<ListingEvent, number>>;

const ZERO = { view: 0, whatsapp: 0, map: 0 } as const satisfies Record<ListingEvent, number>;

async function statsReader() {
  const { url, key } = supabaseAccess();
  const client = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  // The stack's Auth asks for Turnstile's CAPTCHA: the local Turnstile's test token.
  const { error } = await client.auth.signInWithPassword({
    email: DEMO_ACCOUNTS.admin.email,
    password: DEMO_ACCOUNTS.admin.password,
    options: { captchaToken: DUMMY_TOKEN },
  });
  expect(error).toBeNull();
  /** Today's counts of these listings, every event (0 when none). */
  const read = async (ids: string[]): Promise<Counts> => {
    const { data, error: readError } = await client
      .from('listing_stats')
      .select('listing_id, event, count')
      .eq('day', statsDay())
      .in('listing_id', ids);
    expect(readError).toBeNull();
    const counts = Object.fromEntries(ids.map((id) => [id, { ...ZERO }])) as Counts;
    for (const row of (data ?? []) as {
      listing_id: string;
      event: ListingEvent;
      count: number;
    }[]) {
      const listing = counts[row.listing_id];
      if (listing) listing[row.event] = row.count;
    }
    return counts;
  };
  /**
   * Returns once the worker's counter has written every event it took before this call: a beacon
   * of its own reaches the database only with a flush, and a flush writes every pending sum at once.
   */
  const flushed = async (marker: Beacon): Promise<void> => {
    const count = async () => (await read([marker.id]))[marker.id]?.[marker.event] ?? 0;
    const before = await count();
    const { siteUrl, apiUrl } = sharedPortal();
    const reply = await sendBeacon(apiUrl, marker, { headers: { Origin: siteUrl } });
    expect(reply.status).toBe(204);
    await expect
      .poll(count, { timeout: STATS_LIMITS.flushMs + 20_000, intervals: [250] })
      .toBeGreaterThan(before);
  };
  /** A listing's WhatsApp contacts over the last 7 days, as 'Mais procurados' sums them. */
  const contactsInWeek = async (id: string): Promise<number> => {
    const { data, error: rankError } = await client.rpc('listing_ranking', { p_days: 7 });
    expect(rankError).toBeNull();
    return (data as { listing_id: string; whatsapp: number }[]).find((r) => r.listing_id === id)
      ?.whatsapp as number;
  };
  return { read, flushed, contactsInWeek };
}

/** The beacons the page sends to the worker, in order. */
function watchBeacons(page: Page): Request[] {
  const endpoint = `${sharedPortal().apiUrl}/api/events`;
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url() === endpoint) sent.push(request);
  });
  return sent;
}

const bodies = (requests: Request[]) => requests.map((request) => request.postDataJSON());

test('each visitor action on a listing counts once, for that listing, event and day', async ({
  page,
  context,
}, testInfo) => {
  // Listings the other suites leave alone (they take the first ones), a different one per
  // project: a repeat from the same visitor within STATS_LIMITS.repeatWindowMs counts once.
  const pick = async (table: 'hospedagens' | 'comercios' | 'passeios') =>
    (await listingRows(table)).at(testInfo.project.name === 'phone' ? -2 : -1) as Row;
  const [lodging, business, tour] = await Promise.all([
    pick('hospedagens'),
    pick('comercios'),
    pick('passeios'),
  ]);
  // Flush markers: one beacon per call of `flushed` in this run, each on a listing no test
  // counts and a (listing, event) of its own. The local stack sees every visitor as one client
  // (LOCAL_CLIENTS), whose repeat within STATS_LIMITS.repeatWindowMs would count once and prove
  // nothing: two calls in each project, for the first run and its retry.
  const markers = (
    await Promise.all(
      LISTING_KINDS.map(async (kind) => ({
        kind,
        id: ((await listingRows(LISTING_TABLE[kind])).at(-3) as Row).id,
      })),
    )
  ).flatMap((listing) => LISTING_EVENTS.map((event) => ({ ...listing, event })));
  let marked = testInfo.retry * 4 + (testInfo.project.name === 'phone' ? 0 : 2);
  const marker = () => markers[marked++ % markers.length] as Beacon;
  const ids = [lodging.id, business.id, tour.id];
  const stats = await statsReader();
  // Beacons of earlier tests still in the counter land first.
  await stats.flushed(marker());
  const before = await stats.read(ids);
  const beacons = watchBeacons(page);
  const press = (link: ReturnType<Page['locator']>) => (isPhone(page) ? link.tap() : link.click());

  // A listing's own page: one view as it opens.
  await open(page, `/hospedagem/${lodging.slug}`);
  await expect.poll(() => beacons.length).toBe(1);
  const [first] = beacons;
  // A text body (no CORS preflight), no cookie, answered 204.
  expect(first?.method()).toBe('POST');
  expect(first?.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await first?.headerValue('cookie')).toBeNull();
  expect((await first?.response())?.status()).toBe(204);

  // A list opens the dialog: one view. The list is not hydrated yet: the first tap is held and
  // replayed once React is there, and counts once.
  await open(page, '/passeios');
  expect(await notHydrated(page, 'PasseioList')).toBe(true);
  await press(page.locator(`article[data-listing="${tour.slug}"] h2 a`));
  await expect(page.getByRole('dialog', { name: tour.name })).toBeVisible();
  await expect.poll(() => beacons.length).toBe(2);

  // 'Fale agora' on a business card: one WhatsApp contact. wa.me is outside: its tab gets an
  // empty page. The tap lands on the icon of a list not hydrated yet: held, then replayed to the
  // link.
  await context.route(/^https:\/\/(api\.)?wa\.me\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '' }),
  );
  await open(page, '/comercio');
  expect(await notHydrated(page, 'ComercioList')).toBe(true);
  const popup = page.waitForEvent('popup');
  await press(
    page
      .locator(`article[data-listing="${business.slug}"]`)
      .getByRole('link', { name: /Fale agora/ })
      .locator('svg'),
  );
  const whatsapp = await popup;
  expect(whatsapp.url()).toMatch(/^https:\/\/wa\.me\//);
  await whatsapp.close();
  await expect.poll(() => beacons.length).toBe(3);

  // The map: opening a listing's marker is one map open (the list page and the map page count
  // nothing by themselves).
  await stubGoogleMaps(page);
  await page.addInitScript(() => localStorage.setItem('google_maps_api_key', 'chave-de-teste'));
  await open(page, '/mapa');
  await hydrated(page, 'MapView');
  const map = page.getByRole('region', { name: 'Mapa de Fortim' });
  await press(map.getByRole('button', { name: lodging.name, exact: true }));
  await expect(map.locator('[data-stub-info-window]')).toContainText(lodging.name);
  await expect.poll(() => beacons.length).toBe(4);

  expect(bodies(beacons)).toEqual([
    { kind: 'hospedagem', id: lodging.id, event: 'view' },
    { kind: 'passeio', id: tour.id, event: 'view' },
    { kind: 'comercio', id: business.id, event: 'whatsapp' },
    { kind: 'hospedagem', id: lodging.id, event: 'map' },
  ]);

  // In the database after the worker's flush, each exactly once; and still once a flush later.
  const expected = structuredClone(before);
  for (const [id, event] of [
    [lodging.id, 'view'],
    [tour.id, 'view'],
    [business.id, 'whatsapp'],
    [lodging.id, 'map'],
  ] as const) {
    (expected[id] as Record<ListingEvent, number>)[event] += 1;
  }
  await expect.poll(() => stats.read(ids), { timeout: 20_000, intervals: [500] }).toEqual(expected);
  await stats.flushed(marker());
  expect(await stats.read(ids)).toEqual(expected);

  // The tap reaches the panel: the administrator's 'Mais procurados' (7 days) lists the business
  // with its contacts, and its edit screen charts them.
  const contacts = await stats.contactsInWeek(business.id);
  await open(page, '/admin/dashboard');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Senha').fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const ranking = page.getByRole('region', { name: 'Mais procurados' });
  const entry = ranking.getByTestId('ranking-entry').filter({ hasText: business.name });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await expect(entry.getByTestId('ranking-counts')).toContainText(
    `Contatos pelo WhatsApp: ${contacts}`,
  );
  await entry.getByRole('link', { name: business.name }).click();
  await expect(page).toHaveURL(new RegExp(`/editar/${business.id}$`));
  await expect(page.getByTestId('stats-totals')).toContainText(
    `Contatos pelo WhatsApp: ${contacts}`,
    { timeout: 20_000 },
  );
  await expect(
    page.getByRole('img', { name: `${business.name}: Visualizações e Contatos`, exact: false }),
  ).toBeVisible();
});

test(
  'the privacy policy says what is counted and what is not kept',
  ANY_VIEWPORT,
  async ({ page }) => {
    await open(page, '/privacidade');
    const text = await page.locator('main').innerText();
    for (const words of [
      'O que contamos das visitas',
      'por anúncio e por dia',
      'visualizações',
      'contatos pelo WhatsApp',
      'aberturas no mapa',
      'não usa cookies',
      'nenhum dado pessoal nem o seu endereço IP',
      'barrar abusos',
      'robôs',
    ]) {
      expect(text).toContain(words);
    }
  },
);
