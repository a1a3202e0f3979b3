// Shared by the browser suites: navigation and GETs whose status is checked, the axe-core check,
// and reads of the same data the site was built from (through Supabase's REST API with the public
// key), so expectations follow the data.
import AxeBuilder from '@axe-core/playwright';
import { DUMMY_TOKEN } from '@guia-fortim/stack/turnstile';
import { expect, type Page, type Response as PageResponse } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { sharedPortal } from '../support/portal.ts';

/**
 * Opens `path` (or a whole address) in `page`, which must answer `status`. When the server
 * redirects, the browser follows and `status` is that of the page it lands on.
 */
export async function open(
  page: Page,
  path: string,
  status = 200,
  options: Parameters<Page['goto']>[1] = {},
): Promise<PageResponse> {
  const response = await page.goto(path, options);
  expect(response?.status(), `GET ${path}`).toBe(status);
  return response as PageResponse;
}

/** Reloads the page, which must answer `status`. */
export async function reload(page: Page, status = 200): Promise<PageResponse> {
  const url = page.url();
  const response = await page.reload();
  expect(response?.status(), `GET ${url} (recarregada)`).toBe(status);
  return response as PageResponse;
}

/** A GET outside the browser that must answer 200; the body is left to the caller. */
export async function getOk(url: string): Promise<Response> {
  const response = await fetch(url);
  expect(response.status, `GET ${url}`).toBe(200);
  return response;
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** No WCAG 2.2 A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations.map(
    (v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(found, `violações de acessibilidade em ${page.url()}`).toEqual([]);
}

/** Supabase the site under test reads. */
export function supabaseAccess(): { url: string; key: string } {
  const { supabaseUrl, publishableKey } = sharedPortal();
  return { url: supabaseUrl, key: publishableKey };
}

/** Rows of a public table, as an anonymous visitor reads them. */
export async function rows<T = Record<string, unknown>>(
  table: string,
  query: Record<string, string> = {},
): Promise<T[]> {
  const { url, key } = supabaseAccess();
  const response = await fetch(`${url}/rest/v1/${table}?${new URLSearchParams(query)}`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
  });
  expect(response.status, `leitura de ${table}`).toBe(200);
  return (await response.json()) as T[];
}

// Public lists sort by is_pinned descending, then pin_order ascending, then
// created_at descending.
export const PUBLIC_ORDER = 'is_pinned.desc,pin_order.asc,created_at.desc,id.asc';

export type ListingRow = {
  slug: string;
  name: string;
  description: string;
  address?: string;
  price?: number;
  rating: number;
  phone: string;
  categorias?: string[];
  categoria?: string;
  horario?: string;
  duracao?: string;
  ponto_encontro?: string;
  itens_incluidos?: string[];
  amenities: string[];
  image_url: string;
  additional_images: string[];
  latitude: number;
  longitude: number;
};

export function listingRows(table: 'hospedagens' | 'comercios' | 'passeios') {
  return rows<ListingRow>(table, { select: '*', order: PUBLIC_ORDER });
}

/** The names shown by the cards of a list, in order. */
export async function cardNames(page: Page): Promise<string[]> {
  return page.locator('article[data-listing] h2, article[data-listing] h3').allInnerTexts();
}

/** pt-BR money with 2 decimals, as the dialogs show it. */
export function brl(value: number): string {
  return `R$ ${value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const island = (page: Page, component: string) =>
  page.locator(`astro-island[component-url*="/${component}."]`).first();

/** Resolves once Astro has hydrated the island of `component` (it drops the `ssr` attribute).
 * An island hydrated on use (client:interaction) is woken as a visitor would: a key press. */
export async function hydrated(page: Page, component: string): Promise<void> {
  const element = island(page, component);
  if ((await element.getAttribute('client')) === 'interaction') await page.keyboard.press('Shift');
  await page
    .locator(`astro-island[component-url*="/${component}."]:not([ssr])`)
    .first()
    .waitFor({ state: 'attached' });
}

/** Whether the island of `component` is still the server's HTML. */
export async function notHydrated(page: Page, component: string): Promise<boolean> {
  return (await island(page, component).getAttribute('ssr')) !== null;
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1024) < 768;
}

/**
 * Empties the site's storage, as a test signs the browser out: first off to an empty page of the
 * site's origin (answered here, with no island and no favicon to ask for), so no island of a
 * signed-in page (FavoritesSync, the account menu) is mid-request when its session goes; such a
 * request would go out without the session and be refused, as when another tab signs out.
 */
export async function forgetSession(page: Page): Promise<void> {
  // A test's page that has not opened the site yet has nothing of it stored.
  if (!page.url().startsWith('http')) return;
  const blank = new URL('/sem-sessao-para-testes', page.url()).href;
  await page.route(blank, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Guia Fortim</title><link rel="icon" href="data:,">',
    }),
  );
  await page.goto(blank);
  await page.evaluate(() => localStorage.clear());
  await page.unroute(blank);
}

/**
 * Signs `account` in as the site would (supabase-js's stored session in the browser's local
 * storage), on the home page; returns the stored entries.
 */
export async function signInInBrowser(page: Page, account: { email: string; password: string }) {
  const { url, key } = supabaseAccess();
  const storage = new Map<string, string>();
  const client = createClient(url, key, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      storage: {
        getItem: (k) => storage.get(k) ?? null,
        setItem: (k, v) => void storage.set(k, v),
        removeItem: (k) => void storage.delete(k),
      },
    },
  });
  // The stack's Auth asks for Turnstile's CAPTCHA: the local Turnstile's test token.
  const { error } = await client.auth.signInWithPassword({
    ...account,
    options: { captchaToken: DUMMY_TOKEN },
  });
  expect(error).toBeNull();
  // What supabase-js stored, under the key it chose, goes into the browser's local storage.
  const entries = [...storage.entries()];
  await open(page, '/');
  await page.evaluate((items) => {
    for (const [k, v] of items) localStorage.setItem(k, v);
  }, entries);
  await reload(page);
  await hydrated(page, 'AccountMenu');
  return entries;
}
