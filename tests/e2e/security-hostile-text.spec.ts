// Hostile text end to end, on the shared portal in a project of its own that runs after every other
// suite (playwright.config.ts), so no other suite ever sees this data; afterwards it puts back what
// it changed (a portal given by E2E_BASE_URL is left as it was found). The corpus is saved through
// the admin's path (the worker API with the demo admin's token) into every
// text field of every kind of listing, categories, slides and site settings, and the profile
// through supabase-js; after the automatic rebuild the public site and the admin panel must show
// all of it as text — no payload runs, no attribute is injected, the phone layout holds — and
// every parameter that leads somewhere (`from`, `redirect_to`, slide links) stays on the site.
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import {
  isLink,
  LEGAL_PAGES,
  LEGAL_SETTING_KEYS,
  type ListingKind,
  SETTING_KEYS,
  SETTINGS_DEFAULTS,
  type SettingKey,
  TEXT_LIMITS,
} from '@guia-fortim/domain';
import { DUMMY_TOKEN } from '@guia-fortim/stack/turnstile';
import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import {
  HOSTILE_PAYLOADS,
  LONG_WORD_5000,
  longItems,
  longWord,
  PWNED,
  packed,
  payloadIdsIn,
} from '../support/hostile-text.ts';
import { type PortalFacts, sharedPortal } from '../support/portal.ts';
import { expect as baseExpect, test } from '../support/test.ts';
import { forgetSession, getOk } from './public-helpers.ts';

// The panel's listing of the corpus took 66 s in a whole CI run at rest on a 2-core runner.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
// Generous: this file shares a loaded 2-core machine with the portal's rebuilds.
const expect = baseExpect.configure({ timeout: 15_000 });

type Json = Record<string, unknown>;
type Row = Json & { id: string; slug: string; name: string };
type Kind = {
  kind: ListingKind;
  table: 'hospedagens' | 'comercios' | 'passeios';
  path: string;
  /** The site setting with the list page's title. */
  title: SettingKey;
  /** Where this kind's payloads start in the corpus (the fields of one row differ). */
  offset: number;
};

const KINDS: readonly Kind[] = [
  {
    kind: 'hospedagem',
    table: 'hospedagens',
    path: '/hospedagem',
    title: 'header_title_hospedagem',
    offset: 0,
  },
  {
    kind: 'comercio',
    table: 'comercios',
    path: '/comercio',
    title: 'header_title_comercio',
    offset: 4,
  },
  {
    kind: 'passeio',
    table: 'passeios',
    path: '/passeios',
    title: 'header_title_passeios',
    offset: 8,
  },
];

let stack: PortalFacts;
let adminToken = '';
let visitorToken = '';
const rows = new Map<string, { payload: Row; maxima: Row }>();
const categories = new Map<ListingKind, string[]>();
/** What the suite changes in the shared portal, to put back afterwards. */
const before = {
  featured: [] as { table: string; id: string }[],
  settings: {} as Record<string, string>,
  visitorName: null as string | null,
  visitorId: '',
  categoryIds: [] as string[],
};
let slides: Json[] = [];
let settings: Record<string, string> = {};
let visitorName = '';
/** The visitor's approved review of the hostile lodging: the corpus as its comment. */
let review = { id: '', comment: '' };
/** Every saved text value (field label → value), for the coverage figure. */
const saved: Record<string, string> = {};

const site = (path: string) => `${stack.siteUrl}${path}`;

// The worker's refusals, as an admin reads them.
const PHONE_MESSAGE =
  'Informe o WhatsApp com código do país e DDD, de 10 a 15 dígitos (ex.: 5588999999999).';
const IMAGE_URL_MESSAGE = 'Informe uma imagem válida (endereço http(s) ou caminho do site).';
const SLIDE_LINK_MESSAGE =
  'O link deve ser um caminho do site (começando com /) ou um endereço http(s).';

async function api(method: string, path: string, body?: unknown, token = adminToken) {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function ok(method: string, path: string, body?: unknown): Promise<Json> {
  const { status, body: answer } = await api(method, path, body);
  if (status >= 300) throw new Error(`${method} ${path} → ${status} ${JSON.stringify(answer)}`);
  return answer;
}

async function read<T = Json>(table: string, query: string): Promise<T[]> {
  const response = await fetch(`${stack.supabaseUrl}/rest/v1/${table}?${query}`, {
    headers: { apikey: stack.publishableKey, Authorization: `Bearer ${stack.publishableKey}` },
  });
  expect(response.ok, `leitura de ${table}`).toBe(true);
  return (await response.json()) as T[];
}

async function signIn(email: string, password: string) {
  const client = createClient(stack.supabaseUrl, stack.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  // The stack's Auth asks for Turnstile's CAPTCHA: the local Turnstile's test token.
  const { data, error } = await client.auth.signInWithPassword({
    email,
    password,
    options: { captchaToken: DUMMY_TOKEN },
  });
  if (error || !data.session) throw new Error(`login de ${email}: ${error?.message}`);
  return { client, token: data.session.access_token, userId: data.session.user.id };
}

function remember(label: string, value: unknown) {
  if (typeof value === 'string') saved[label] = value;
  if (Array.isArray(value)) saved[label] = value.join('\n');
}

// The hostile content ------------------------------------------------------------------------------

function payloadBody(kind: Kind, image: string): Json {
  const o = kind.offset;
  const items = HOSTILE_PAYLOADS.map((p) => p.text.trim()).filter(
    (text) => text.length <= TEXT_LIMITS.listItem,
  );
  const common = {
    name: packed(TEXT_LIMITS.name, o),
    description: packed(TEXT_LIMITS.description, o + 1),
    phone: '+55 (88) 99999-1234',
    image_url: image,
    amenities: items,
    rating: 4.5,
  };
  const cats = categories.get(kind.kind) ?? [];
  if (kind.kind === 'hospedagem') {
    return { ...common, address: packed(TEXT_LIMITS.address, o + 2), price: 350, categorias: cats };
  }
  if (kind.kind === 'comercio') {
    return {
      ...common,
      address: packed(TEXT_LIMITS.address, o + 2),
      horario: packed(TEXT_LIMITS.horario, o + 3),
      categoria: cats[0],
    };
  }
  return {
    ...common,
    price: 120,
    duracao: packed(TEXT_LIMITS.duracao, o + 2),
    ponto_encontro: packed(TEXT_LIMITS.pontoEncontro, o + 3),
    itens_incluidos: HOSTILE_PAYLOADS.map((p) => p.text.trim()).filter(
      (text) => text.length <= TEXT_LIMITS.includedItem,
    ),
    categoria: cats[0],
  };
}

/** Every text field at the longest length its schema allows, without a single space. */
function maximaBody(kind: Kind, image: string): Json {
  const common = {
    name: longWord(TEXT_LIMITS.name, 'N'),
    description: LONG_WORD_5000,
    phone: '5588999991234',
    image_url: image,
    amenities: longItems(TEXT_LIMITS.listItems, TEXT_LIMITS.listItem),
    rating: 5,
  };
  if (kind.kind === 'hospedagem') {
    return {
      ...common,
      address: longWord(TEXT_LIMITS.address, 'E'),
      price: 99_999_999.99,
      categorias: longItems(TEXT_LIMITS.categorias, TEXT_LIMITS.categoryName),
    };
  }
  if (kind.kind === 'comercio') {
    return {
      ...common,
      address: longWord(TEXT_LIMITS.address, 'E'),
      horario: longWord(TEXT_LIMITS.horario, 'H'),
      categoria: longWord(TEXT_LIMITS.categoryName, 'C'),
    };
  }
  return {
    ...common,
    price: 99_999_999.99,
    duracao: longWord(TEXT_LIMITS.duracao, 'D'),
    ponto_encontro: longWord(TEXT_LIMITS.pontoEncontro, 'P'),
    itens_incluidos: longItems(TEXT_LIMITS.listItems, TEXT_LIMITS.includedItem),
    categoria: longWord(TEXT_LIMITS.categoryName, 'C'),
  };
}

function settingsBody(): Record<SettingKey, string> {
  const body = {} as Record<SettingKey, string>;
  SETTING_KEYS.forEach((key, i) => {
    body[key] = packed(key.startsWith('nav_label') ? 60 : 160, i);
  });
  body.contact_email = 'contato+seguranca@guiafortim.com.br';
  body.contact_phone = `+55 (88) 99999-0000 ${packed(120, 14)}`;
  body.site_description = `${packed(1000, 3)} ${longWord(999, 'S')}`;
  // Social profiles are http(s) addresses: hostile ones try to leave the href attribute.
  body.social_instagram = `https://instagram.com/guia"><svg/onload=window.${PWNED}('social')>`;
  body.social_facebook = `https://facebook.com/guia'onmouseover='window.${PWNED}(1)'`;
  body.social_youtube = `https://youtube.com/@guia?x=<script>window.${PWNED}(2)</script>`;
  LEGAL_PAGES.forEach((legal, i) => {
    body[legal.key] = legalPieces(i).join('\n');
  });
  // A number of days, not text: anything else is refused (the domain's and the database's tests).
  body.history_retention_days = '30';
  return body;
}

/** A legal text in the pages' format: a paragraph, a heading and a list item of hostile text. */
function legalPieces(offset: number): string[] {
  return [
    packed(2000, offset),
    '',
    `## ${packed(200, offset + 1)}`,
    `- ${packed(300, offset + 2)}`,
    `- ${longWord(2000, 'T')}`,
  ];
}

/** Resolves once the worker's coalesced rebuild has gone live on the origin. */
async function publishedAfter(builds: number, expected: string) {
  let last = '';
  await expect
    .poll(
      async () => {
        const hook = (await (await getOk(stack.deployHookUrl)).json()) as Json;
        if (hook.state === 'failed') throw new Error(`build falhou: ${String(hook.error)}`);
        const worker = await ok('GET', '/api/publish');
        const home = await (await getOk(site('/'))).text();
        // Every build has its own work directory: a live build without the new content is a
        // stale publish, and this waits for it in vain rather than asking for another build.
        const live = home.includes(expected);
        last = `origem ${hook.state} builds=${hook.builds} pending=${hook.pending}; worker ${worker.state} pending=${worker.pending}; conteúdo novo=${live}`;
        return (
          Number(hook.builds) > builds &&
          hook.state === 'live' &&
          !hook.pending &&
          worker.state === 'live' &&
          !worker.pending &&
          live
        );
      },
      { timeout: 180_000, intervals: [500], message: `publicação: ${last}` },
    )
    .toBe(true)
    .catch((error: Error) => {
      throw new Error(`${error.message}\núltimo estado: ${last}`);
    });
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const started = Date.now();
  stack = sharedPortal();
  adminToken = (await signIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
  const hook = (await (await getOk(stack.deployHookUrl)).json()) as Json;
  const builds = Number(hook.builds);

  // Categories: the short payloads and one at the maximum length, for each kind.
  const shortPayloads = HOSTILE_PAYLOADS.map((p) => p.text.trim()).filter(
    (text) => text.length <= TEXT_LIMITS.categoryName,
  );
  for (const [i, { kind }] of KINDS.entries()) {
    const names: string[] = [];
    for (const name of [
      shortPayloads[i % shortPayloads.length],
      shortPayloads[(i + 3) % shortPayloads.length],
      longWord(TEXT_LIMITS.categoryName, `K${i}`),
    ]) {
      const created = await ok('POST', '/api/categories', { name, type: kind });
      before.categoryIds.push(String(created.id));
      expect(created.name).toBe(name);
      names.push(String(created.name));
      remember(`categoria ${kind} ${names.length}`, created.name);
    }
    categories.set(kind, names);
  }

  const [seeded] = await read<{ image_url: string }>('hospedagens', 'select=image_url&limit=1');
  const image = seeded?.image_url ?? '';
  for (const kind of KINDS) {
    // Only the hostile rows are featured and pinned, so the home page and the lists show them.
    for (const row of await read<{ id: string }>(
      kind.table,
      'select=id&is_featured=eq.true&order=featured_order.asc',
    )) {
      before.featured.push({ table: kind.table, id: row.id });
      await ok('POST', `/api/${kind.table}/${row.id}/lists/featured`, { included: false });
    }
    const created: Row[] = [];
    for (const body of [payloadBody(kind, image), maximaBody(kind, image)]) {
      const row = (await ok('POST', `/api/${kind.table}`, body)) as Row;
      for (const [field, value] of Object.entries(body)) {
        if (typeof value === 'string' && field !== 'phone') expect(row[field]).toBe(value);
        if (Array.isArray(value)) expect(row[field]).toEqual(value);
        remember(`${kind.kind} ${created.length ? 'máximos' : 'corpus'} ${field}`, row[field]);
      }
      await ok('POST', `/api/${kind.table}/${row.id}/lists/featured`, { included: true });
      await ok('POST', `/api/${kind.table}/${row.id}/lists/pinned`, { included: true });
      created.push(row);
    }
    rows.set(kind.kind, { payload: created[0] as Row, maxima: created[1] as Row });
  }

  const [slide] = await read<{ image_url: string }>('carousel_slides', 'select=image_url&limit=1');
  slides = [
    await ok('POST', '/api/slides', {
      title: packed(TEXT_LIMITS.slideTitle, 1),
      subtitle: packed(TEXT_LIMITS.slideSubtitle, 5),
      image_url: slide?.image_url,
      link: `/passeios?q="><svg/onload=window.${PWNED}('slide-link')>`,
      order_position: 1,
    }),
    await ok('POST', '/api/slides', {
      title: longWord(TEXT_LIMITS.slideTitle, 'T'),
      subtitle: longWord(TEXT_LIMITS.slideSubtitle, 'U'),
      image_url: slide?.image_url,
      link: '/comercio#"><img/src=x/onerror=alert(1)>',
      order_position: 2,
    }),
  ];
  slides.forEach((s, i) => {
    remember(`slide ${i} título`, s.title);
    remember(`slide ${i} subtítulo`, s.subtitle);
    remember(`slide ${i} link`, s.link);
  });

  const current = await read<{ setting_key: string; setting_value: string }>(
    'site_settings',
    'select=setting_key,setting_value',
  );
  before.settings = Object.fromEntries(current.map((r) => [r.setting_key, r.setting_value]));
  const wanted = settingsBody();
  settings = (await ok('PUT', '/api/settings', wanted)) as Record<string, string>;
  expect(settings).toEqual(wanted);
  for (const [key, value] of Object.entries(settings)) remember(`configuração ${key}`, value);

  const visitor = await signIn(DEMO_ACCOUNTS.visitante.email, DEMO_ACCOUNTS.visitante.password);
  visitorToken = visitor.token;
  visitorName = packed(100, 1);
  const { data: profile } = await visitor.client
    .from('profiles')
    .select('full_name')
    .eq('id', visitor.userId)
    .single();
  before.visitorName = profile?.full_name ?? null;
  before.visitorId = visitor.userId;
  const { data, error } = await visitor.client
    .from('profiles')
    .update({ full_name: visitorName, updated_at: new Date().toISOString() })
    .eq('id', visitor.userId)
    .select('full_name')
    .single();
  expect(error).toBeNull();
  expect(data?.full_name).toBe(visitorName);
  remember('perfil full_name', visitorName);

  // A review by the visitor (whose name is now hostile too) with the corpus as its comment,
  // approved, on the hostile lodging's page and in the visitor's 'Minhas avaliações'.
  const lodging = (rows.get('hospedagem') as { payload: Row }).payload;
  const submitted = await api(
    'POST',
    '/api/reviews',
    { kind: 'hospedagem', listing_id: lodging.id, rating: 2, comment: packed(1000, 2) },
    visitorToken,
  );
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  review = submitted.body.review as typeof review;
  expect(review.comment).toBe(packed(1000, 2));
  await ok('POST', `/api/reviews/${review.id}/moderation`, {
    status: 'approved',
    seen_updated_at: (submitted.body.review as { updated_at: string }).updated_at,
  });
  remember('avaliação comment', review.comment);

  const ids = new Set(Object.values(saved).flatMap(payloadIdsIn));
  console.log(
    `corpus: ${HOSTILE_PAYLOADS.length} textos + máximos; ${Object.keys(saved).length} campos salvos; ` +
      `${ids.size}/${HOSTILE_PAYLOADS.length} textos presentes`,
  );
  await publishedAfter(
    builds,
    `/hospedagem/${(rows.get('hospedagem') as { payload: Row }).payload.slug}"`,
  );
  console.log(`dados + rebuild em ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  if (!stack || !adminToken) return;
  // Put the shared portal back as it was found: the suite's review, rows, categories and slides
  // go, the settings, the featured rows and the visitor's name come back, and the site is
  // republished.
  if (review.id) await api('DELETE', `/api/reviews/${review.id}`, undefined, visitorToken);
  for (const kind of KINDS) {
    for (const row of Object.values(rows.get(kind.kind) ?? {})) {
      await ok('DELETE', `/api/${kind.table}/${row.id}`);
    }
  }
  for (const id of before.categoryIds) await ok('DELETE', `/api/categories/${id}`);
  for (const slide of slides) await ok('DELETE', `/api/slides/${String(slide.id)}`);
  // The Maps key, unset, cannot be saved empty again (the schema refuses it), so it keeps the
  // suite's value; a legal text without a row was the default text.
  const settingsBack = Object.entries({
    ...Object.fromEntries(LEGAL_SETTING_KEYS.map((key) => [key, SETTINGS_DEFAULTS[key]])),
    ...before.settings,
  }).filter(([key, value]) => key !== 'google_maps_api_key' || value !== '');
  if (settingsBack.length > 0) await ok('PUT', '/api/settings', Object.fromEntries(settingsBack));
  for (const { table, id } of before.featured) {
    await ok('POST', `/api/${table}/${id}/lists/featured`, { included: true });
  }
  if (visitorToken && before.visitorName !== null) {
    const client = createClient(stack.supabaseUrl, stack.publishableKey, {
      auth: { persistSession: false },
      global: { headers: { Authorization: `Bearer ${visitorToken}` } },
    });
    const { error } = await client
      .from('profiles')
      .update({ full_name: before.visitorName })
      .eq('id', before.visitorId);
    if (error) throw new Error(`perfil do visitante não restaurado: ${error.message}`);
  }
});

// What the browser must never do ------------------------------------------------------------------

type Guard = { calls: string[]; dialogs: string[]; offsite: string[] };

/** Records payload calls, dialogs and any request to another host (the evil origin). */
async function guard(page: Page): Promise<Guard> {
  const found: Guard = { calls: [], dialogs: [], offsite: [] };
  await page.exposeFunction(PWNED, (id: unknown) => {
    found.calls.push(String(id));
  });
  page.on('dialog', (dialog) => {
    found.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });
  await page.route(
    (url) => url.hostname.endsWith('evil.example'),
    (route) => {
      found.offsite.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: 'fora do site' });
    },
  );
  // Attributes that appear and disappear again are caught too.
  await page.addInitScript(() => {
    const w = window as unknown as { __injected: string[] };
    w.__injected = [];
    const check = (el: Element) => {
      for (const name of el.getAttributeNames()) {
        if (/^on/i.test(name) || name === 'srcdoc') w.__injected.push(`${el.tagName}[${name}]`);
      }
    };
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.type === 'attributes' && m.target instanceof Element) check(m.target);
        for (const node of m.addedNodes) {
          if (node instanceof Element) {
            check(node);
            for (const child of node.querySelectorAll('*')) check(child);
          }
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  return found;
}

/** Elements and attributes that only user text could have put there. */
function injected(): string[] {
  const found = [...((window as unknown as { __injected?: string[] }).__injected ?? [])];
  for (const el of document.querySelectorAll('*')) {
    for (const name of el.getAttributeNames()) {
      const value = el.getAttribute(name) ?? '';
      if (/^on/i.test(name) || name === 'autofocus' || name === 'srcdoc') {
        found.push(`${el.tagName}[${name}]`);
      }
      if (
        ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(name) &&
        (/^\s*(javascript|vbscript):/i.test(value) || /^\s*data:text\/html/i.test(value))
      ) {
        found.push(`${el.tagName}[${name}=${value.slice(0, 40)}]`);
      }
    }
    if (['IFRAME', 'OBJECT', 'EMBED', 'FRAME'].includes(el.tagName)) found.push(el.tagName);
    if (el.tagName === 'IMG' && el.getAttribute('src') === 'x') found.push('IMG[src=x]');
    if (
      el.tagName === 'SCRIPT' &&
      el.getAttribute('type') !== 'application/ld+json' &&
      (el.textContent ?? '').includes('__pwned')
    ) {
      found.push('SCRIPT com payload');
    }
    if (el.tagName === 'A' && (el.textContent ?? '') === 'clique') found.push('A do payload');
  }
  return found;
}

/** Elements of the main content wider than the phone viewport (scrolling rows excepted). */
function overflowing(): string[] {
  const width = window.innerWidth;
  const found: string[] = [];
  if (document.documentElement.scrollWidth > width + 1) {
    found.push(`documento ${document.documentElement.scrollWidth}px > ${width}px`);
  }
  const root = document.querySelector('main') ?? document.body;
  for (const el of root.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width <= width + 1) continue;
    let scrolls = false;
    for (let a = el.parentElement; a && a !== root.parentElement; a = a.parentElement) {
      const overflow = getComputedStyle(a).overflowX;
      if (
        (overflow === 'auto' || overflow === 'scroll') &&
        a.getBoundingClientRect().width <= width + 1
      ) {
        scrolls = true;
        break;
      }
    }
    if (!scrolls && !el.closest('.swiper')) {
      found.push(`${el.tagName}.${String(el.className).slice(0, 60)} ${Math.round(box.width)}px`);
    }
  }
  return found.slice(0, 8);
}

async function expectSafe(page: Page, found: Guard, options: { layout?: boolean } = {}) {
  const where = page.url();
  expect(found.calls, `payload executado em ${where}`).toEqual([]);
  expect(found.dialogs, `diálogo aberto em ${where}`).toEqual([]);
  expect(found.offsite, `pedido para fora do site em ${where}`).toEqual([]);
  expect(await page.evaluate(injected), `atributo injetado em ${where}`).toEqual([]);
  expect(new URL(where).origin).toBe(stack.siteUrl);
  if (options.layout !== false) {
    expect(await page.evaluate(overflowing), `layout quebrado em ${where}`).toEqual([]);
  }
}

async function visit(page: Page, found: Guard, path: string, options: { layout?: boolean } = {}) {
  await page.goto(site(path));
  await page.waitForLoadState('networkidle').catch(() => {});
  await expectSafe(page, found, options);
}

/** The text of the whole document, as typed (no HTML interpretation). */
const documentText = (page: Page) => page.evaluate(() => document.body.textContent ?? '');

/** Values of every field of the page's forms. */
const formValues = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('input, textarea')].map(
      (el) => (el as HTMLInputElement | HTMLTextAreaElement).value,
    ),
  );

async function signInOnSite(page: Page, email: string, password: string, path = '/auth/login') {
  await page.goto(site(path));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

// The tests ----------------------------------------------------------------------------------------

test('schemas refuse what they must with a Portuguese message and change nothing', async () => {
  const { payload } = rows.get('hospedagem') as { payload: Row };
  const before = await read('hospedagens', `id=eq.${payload.id}&select=*`);
  const refused: [unknown, string][] = [
    [{ name: 'x'.repeat(TEXT_LIMITS.name + 1) }, 'O nome deve ter no máximo 120 caracteres.'],
    [{ description: `${LONG_WORD_5000}x` }, 'A descrição deve ter no máximo 5000 caracteres.'],
    [{ name: ' \u00a0 ' }, 'Por favor, preencha todos os campos obrigatórios.'],
    [{ phone: `'; DROP TABLE hospedagens; --` }, PHONE_MESSAGE],
    [{ image_url: `javascript:window.${PWNED}('image')` }, IMAGE_URL_MESSAGE],
    [{ image_url: '//evil.example/x.jpg' }, IMAGE_URL_MESSAGE],
    [{ additional_images: ['data:image/svg+xml,<svg onload=alert(1)>'] }, IMAGE_URL_MESSAGE],
    [
      { amenities: ['a'.repeat(TEXT_LIMITS.listItem + 1)] },
      'Cada item de comodidades deve ter no máximo 60 caracteres.',
    ],
    [{ name: 'ok', is_featured: true }, 'Campo não permitido: is_featured.'],
  ];
  for (const [body, message] of refused) {
    const { status, body: answer } = await api('PATCH', `/api/hospedagens/${payload.id}`, body);
    expect(status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((answer.error as Json).message).toBe(message);
  }
  expect(await read('hospedagens', `id=eq.${payload.id}&select=*`)).toEqual(before);

  const categoriesBefore = await read('categories', 'select=*&order=id');
  const longName = await api('POST', '/api/categories', {
    name: 'c'.repeat(TEXT_LIMITS.categoryName + 1),
    type: 'hospedagem',
  });
  expect(longName.status).toBe(400);
  expect((longName.body.error as Json).message).toBe(
    'O nome da categoria deve ter no máximo 60 caracteres.',
  );
  const blank = await api('POST', '/api/categories', { name: '  ', type: 'passeio' });
  expect(blank.status).toBe(400);
  expect((blank.body.error as Json).message).toBe('Digite um nome para a categoria');
  expect(await read('categories', 'select=*&order=id')).toEqual(categoriesBefore);

  // Slide links: only site paths and http(s) addresses (ARCHITECTURE.md's deliberate deviation).
  const slidesBefore = await read('carousel_slides', 'select=*&order=id');
  const image = String(slides[0]?.image_url);
  for (const link of [
    `javascript:window.${PWNED}('slide')`,
    `JaVaScRiPt:alert(1)`,
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'ftp://evil.example/',
    'evil.example',
  ]) {
    const created = await api('POST', '/api/slides', {
      title: 'T',
      subtitle: 'S',
      image_url: image,
      link,
    });
    expect(created.status, link).toBe(400);
    expect((created.body.error as Json).message).toBe(SLIDE_LINK_MESSAGE);
    const edited = await api('PATCH', `/api/slides/${String(slides[0]?.id)}`, { link });
    expect(edited.status, link).toBe(400);
    expect((edited.body.error as Json).message).toBe(SLIDE_LINK_MESSAGE);
  }
  expect(await read('carousel_slides', 'select=*&order=id')).toEqual(slidesBefore);

  const settingsBefore = await read('site_settings', 'select=*&order=setting_key');
  const email = await api('PUT', '/api/settings', {
    contact_email: `"><img src=x onerror=alert(1)>@evil.example`,
  });
  expect(email.status).toBe(400);
  expect((email.body.error as Json).message).toBe('Por favor, insira um email válido.');
  const long = await api('PUT', '/api/settings', {
    site_description: 'x'.repeat(TEXT_LIMITS.settingValue + 1),
  });
  expect(long.status).toBe(400);
  expect((long.body.error as Json).message).toBe('Valor muito longo (máximo de 2000 caracteres).');
  expect(await read('site_settings', 'select=*&order=setting_key')).toEqual(settingsBefore);

  // The profile through supabase-js: the database keeps the username rule and the length.
  const visitor = await signIn(DEMO_ACCOUNTS.visitante.email, DEMO_ACCOUNTS.visitante.password);
  const own = () =>
    visitor.client.from('profiles').select('full_name, username').eq('id', visitor.userId).single();
  const profileBefore = (await own()).data;
  for (const change of [
    { username: `'; DROP TABLE profiles; --` },
    { username: '<script>x</script>' },
    { full_name: 'n'.repeat(101) },
  ]) {
    const { error } = await visitor.client.from('profiles').update(change).eq('id', visitor.userId);
    expect(error, JSON.stringify(change)).not.toBeNull();
  }
  expect((await own()).data).toEqual(profileBefore);
});

test('the public pages show the corpus as text, run nothing and keep the phone layout', async ({
  page,
  problems,
}) => {
  // The maps key is hostile text too: the map tries Google with it (no network here) and says so.
  problems.expect(/Google Maps|Failed to load resource: net::ERR_/);
  const found = await guard(page);
  await visit(page, found, '/');
  const home = await documentText(page);
  for (const { payload, maxima } of rows.values()) {
    expect(home).toContain(payload.name);
    expect(home).toContain(maxima.name);
  }
  for (const s of slides) {
    expect(home).toContain(String(s.title));
    expect(home).toContain(String(s.subtitle));
  }
  expect(home).toContain(settings.site_description);
  expect(home).toContain(settings.contact_address);
  // Every 'Saiba Mais' stays on the site (or is an http(s) address the schema allows).
  const links = await page
    .locator('a', { hasText: 'Saiba Mais' })
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(links).toContain(slides[0]?.link);
  for (const href of links) expect(isLink(href), href).toBe(true);
  const tel = await page.locator('footer a[href^="tel:"]').getAttribute('href');
  expect(tel).toMatch(/^tel:\d+$/);
  await expect(page.locator('footer a[href^="mailto:"]')).toHaveAttribute(
    'href',
    `mailto:${settings.contact_email}`,
  );

  // The slide with a hostile query string leads to the site's own page.
  const saibaMais = page.getByRole('link', { name: /Saiba Mais/ });
  await saibaMais.hover();
  await page.evaluate((title) => {
    const dots = [...document.querySelectorAll('button[aria-label]')];
    const dot = dots.find((b) => b.getAttribute('aria-label')?.endsWith(`: ${title}`));
    (dot as HTMLButtonElement).click();
  }, String(slides[0]?.title));
  await expect(saibaMais).toHaveAttribute('href', String(slides[0]?.link));
  await saibaMais.click();
  await page.waitForURL(/\/passeios\?q=/);
  await expectSafe(page, found);

  for (const kind of KINDS) {
    const { payload, maxima } = rows.get(kind.kind) as { payload: Row; maxima: Row };
    await visit(page, found, kind.path);
    const text = await documentText(page);
    expect(text).toContain(settings[kind.title]);
    expect(text).toContain(maxima.name);
    // Searching with the corpus finds the hostile row and still runs nothing.
    const query = HOSTILE_PAYLOADS[kind.offset]?.text.trim() ?? '';
    await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(query);
    const card = page.locator(`article[data-listing="${payload.slug}"]`);
    await expect(card).toBeVisible();
    await expect(card.locator('h2, h3').first()).toHaveText(payload.name);
    await expectSafe(page, found);
    await card.locator('h2 a, h3 a').first().click();
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${kind.path}/${payload.slug}$`));
    const shown = (await dialog.textContent()) ?? '';
    for (const field of [
      'name',
      'description',
      'address',
      'horario',
      'duracao',
      'ponto_encontro',
    ]) {
      if (typeof payload[field] === 'string') expect(shown, field).toContain(payload[field]);
    }
    for (const item of (payload.amenities as string[]) ?? []) expect(shown).toContain(item);
    await expectSafe(page, found);
  }
  await visit(page, found, '/mapa');

  // The social links keep the admin's address whole, inside the attribute.
  for (const [key, label] of [
    ['social_instagram', 'Instagram'],
    ['social_facebook', 'Facebook'],
    ['social_youtube', 'YouTube'],
  ] as const) {
    await expect(page.locator('footer').getByRole('link', { name: label })).toHaveAttribute(
      'href',
      settings[key] ?? '',
    );
  }
  // The legal pages: each piece of the admin's text, as text.
  for (const [i, legal] of LEGAL_PAGES.entries()) {
    await visit(page, found, `/${legal.slug}`);
    const text = await documentText(page);
    for (const piece of legalPieces(i)) expect(text).toContain(piece.replace(/^(## |- )/, ''));
  }
});

test('each hostile listing page renders as text, with JSON-LD that parses, and in Meus favoritos', async ({
  page,
}) => {
  const found = await guard(page);
  for (const kind of KINDS) {
    for (const row of Object.values(rows.get(kind.kind) ?? {})) {
      await visit(page, found, `${kind.path}/${row.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(row.name);
      await expect(page).toHaveTitle(`${row.name} | Guia Fortim`);
      const main = (await page.locator('main').textContent()) ?? '';
      for (const field of ['description', 'address', 'horario', 'duracao', 'ponto_encontro']) {
        if (typeof row[field] === 'string') expect(main, field).toContain(row[field]);
      }
      for (const list of ['amenities', 'itens_incluidos']) {
        for (const item of (row[list] as string[] | undefined) ?? []) expect(main).toContain(item);
      }
      const scripts = page.locator('script[type="application/ld+json"]');
      await expect(scripts).toHaveCount(1);
      const raw = (await scripts.textContent()) ?? '';
      expect(raw).not.toMatch(/<\/script/i);
      expect(raw).not.toContain('<');
      const data = JSON.parse(raw) as Json;
      expect(data.name).toBe(row.name);
      if (row.id === (rows.get('hospedagem') as { payload: Row }).payload.id) {
        // The visitor's review: its comment and its author's name as text, rated in the JSON-LD.
        const reviews = page.getByRole('region', { name: 'Avaliações dos visitantes' });
        const item = reviews.getByRole('listitem').filter({ hasText: review.comment });
        await expect(item).toHaveCount(1);
        expect(await item.textContent()).toContain(visitorName);
        expect(data.aggregateRating).toMatchObject({ ratingValue: 2, reviewCount: 1 });
      }
      // Saved on the device, for 'Meus favoritos' below.
      await page.getByRole('main').getByRole('button', { name: 'Salvar nos favoritos' }).click();
    }
  }
  // 'Meus favoritos' draws the names the device kept from those pages, as text.
  await visit(page, found, '/favoritos');
  const main = (await page.locator('main').textContent()) ?? '';
  for (const kind of KINDS) {
    for (const row of Object.values(rows.get(kind.kind) ?? {})) expect(main).toContain(row.name);
  }
});

test('the hostile profile shows as text and the profile form refuses a hostile username', async ({
  page,
}) => {
  const found = await guard(page);
  await signInOnSite(
    page,
    DEMO_ACCOUNTS.visitante.email,
    DEMO_ACCOUNTS.visitante.password,
    '/auth/login?from=/auth/perfil',
  );
  await page.waitForURL(/\/auth\/perfil$/);
  await expect(page.getByLabel('Nome completo')).toHaveValue(visitorName);
  expect(await documentText(page)).toContain(visitorName);
  const mine = page.getByRole('region', { name: 'Minhas avaliações' });
  await expect(mine.getByTestId('my-review').filter({ hasText: review.comment })).toHaveCount(1);
  await expectSafe(page, found);

  await page.getByLabel('Nome de usuário').fill(`"><img src=x onerror=alert(1)>`);
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(
    page
      .getByText(
        'O nome de usuário deve ter de 3 a 30 caracteres: letras sem acento, números, ponto ou sublinhado.',
      )
      .first(),
  ).toBeVisible();
  await expectSafe(page, found);
  const client = createClient(stack.supabaseUrl, stack.publishableKey, {
    auth: { persistSession: false },
    global: { headers: { Authorization: `Bearer ${visitorToken}` } },
  });
  const { data } = await client.from('profiles').select('full_name, username').single();
  expect(data).toEqual({ full_name: visitorName, username: DEMO_ACCOUNTS.visitante.username });
});

test('the admin panel lists and edits the hostile content as text', async ({ page }) => {
  const found = await guard(page);
  await signInOnSite(
    page,
    DEMO_ACCOUNTS.admin.email,
    DEMO_ACCOUNTS.admin.password,
    '/auth/login?from=/admin/dashboard',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Painel Administrativo' })).toBeVisible({
    timeout: 20_000,
  });
  const admin = { layout: false };
  for (const kind of KINDS) {
    const { payload, maxima } = rows.get(kind.kind) as { payload: Row; maxima: Row };
    for (const row of [payload, maxima]) {
      // The list, searched with the corpus, then the row's edit form.
      await visit(page, found, `/admin/${kind.table}`, admin);
      const query = row === payload ? (HOSTILE_PAYLOADS[kind.offset]?.text ?? '') : row.name;
      await page.getByLabel('Buscar por nome').fill(query);
      const listed = page.getByTestId('listing-row').filter({ hasText: row.name });
      await expect(listed).toBeVisible({ timeout: 20_000 });
      await expectSafe(page, found, admin);
      // On the phone the row's action cell covers its own 'Editar' button when the name is long
      // (reported, not fixed here): open the address the link points to.
      const edit = await listed.getByRole('link', { name: 'Editar' }).getAttribute('href');
      await visit(page, found, String(edit), admin);
      await expect.poll(() => formValues(page), { timeout: 30_000 }).toContain(row.name);
      const values = await formValues(page);
      for (const field of ['description', 'address', 'horario', 'duracao', 'ponto_encontro']) {
        if (typeof row[field] === 'string') expect(values, field).toContain(row[field]);
      }
      await expectSafe(page, found, admin);
    }
  }

  await visit(page, found, '/admin/categorias', admin);
  for (const kind of KINDS) {
    await page
      .getByRole('tab', {
        name: { hospedagem: 'Hospedagem', comercio: 'Comércio', passeio: 'Passeios' }[kind.kind],
      })
      .click();
    for (const name of categories.get(kind.kind) ?? []) {
      await expect(page.getByText(name, { exact: true })).toBeVisible();
    }
    await expectSafe(page, found, admin);
  }

  await visit(page, found, '/admin/carousel', admin);
  const slideRow = page.getByTestId('slide-row').filter({ hasText: String(slides[0]?.title) });
  await expect(slideRow).toBeVisible();
  // The same on the phone: the preview's long subtitle covers the button (reported, not fixed).
  await slideRow.getByRole('button', { name: 'Editar' }).dispatchEvent('click');
  await expect.poll(() => formValues(page), { timeout: 20_000 }).toContain(slides[0]?.link);
  expect(await formValues(page)).toEqual(
    expect.arrayContaining([slides[0]?.title, slides[0]?.subtitle]),
  );
  await expectSafe(page, found, admin);

  await visit(page, found, '/admin/configuracoes', admin);
  await expect
    .poll(() => formValues(page), { timeout: 20_000 })
    .toContain(settings.contact_address);
  const values = await formValues(page);
  for (const key of SETTING_KEYS.filter((k) => k !== 'google_maps_api_key')) {
    expect(values, key).toContain(settings[key]);
  }
  await expectSafe(page, found, admin);

  await visit(page, found, '/admin/roles', admin);
  await expect(page.getByText(visitorName, { exact: true })).toBeVisible();
  await page.getByPlaceholder('Pesquisar por nome ou usuário...').fill(visitorName.slice(0, 40));
  await expect(page.getByText(visitorName, { exact: true })).toBeVisible();
  await expectSafe(page, found, admin);

  const names = [...rows.values()].map(({ payload }) => payload.name);
  for (const path of ['/admin/destaques', '/admin/ordenar-topo']) {
    await visit(page, found, path, admin);
    await expect
      .poll(async () => {
        const text = await documentText(page);
        return names.some((name) => text.includes(name));
      })
      .toBe(true);
    await expectSafe(page, found, admin);
  }
  await visit(page, found, '/admin/mapa', admin);
});

test('open redirects: the sign-in page`s from never leaves the site', async ({ page }) => {
  const found = await guard(page);
  const attempts = [
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    `javascript:window.${PWNED}('from')`,
    '%2F%2Fevil.example',
    '%252F%252Fevil.example',
    '/%09/evil.example',
    'http:evil.example',
  ];
  for (const from of attempts) {
    await page.goto(site('/'));
    await forgetSession(page);
    await signInOnSite(
      page,
      DEMO_ACCOUNTS.visitante.email,
      DEMO_ACCOUNTS.visitante.password,
      `/auth/login?from=${from}`,
    );
    await page.waitForURL(`${stack.siteUrl}/`);
    await expectSafe(page, found, { layout: false });
  }
  // The parameter itself works for a page of the site.
  await forgetSession(page);
  await signInOnSite(
    page,
    DEMO_ACCOUNTS.visitante.email,
    DEMO_ACCOUNTS.visitante.password,
    '/auth/login?from=/passeios',
  );
  await page.waitForURL(`${stack.siteUrl}/passeios`);
  await expectSafe(page, found, { layout: false });
});

test('open redirects: redirect_to of sign-up, recovery and verify links stays on the site', async () => {
  const evil = [
    'https://evil.example/',
    '//evil.example',
    'javascript:alert(1)',
    `${stack.siteUrl}@evil.example/`,
    `${stack.siteUrl}.evil.example/`,
    'http://127.0.0.1:1/',
    `http://localhost:${new URL(stack.siteUrl).port}/`,
  ];
  const headers = { apikey: stack.publishableKey, 'content-type': 'application/json' };
  const auth = `${stack.supabaseUrl}/auth/v1`;
  // Auth's CAPTCHA: the token the local Turnstile accepts, where supabase-js would put it.
  const captcha = { gotrue_meta_security: { captcha_token: DUMMY_TOKEN } };
  const mailbox = async (to: string) =>
    (await (await getOk(`${stack.mailboxUrl}?to=${encodeURIComponent(to)}`)).json()) as {
      link: string;
    }[];
  const landsOnSite = (location: string | null) => {
    expect(location).not.toBeNull();
    expect(new URL(location ?? '').origin).toBe(stack.siteUrl);
  };

  for (const [i, target] of evil.entries()) {
    const redirect = encodeURIComponent(target);
    // Sign-up confirmation.
    const email = `hostil-${i}-${Date.now()}@example.com`;
    const signup = await fetch(`${auth}/signup?redirect_to=${redirect}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'segredo123', data: {}, ...captcha }),
    });
    expect(signup.status, target).toBe(200);
    // The e-mails link the site's confirmation page, whatever redirect was asked for.
    const onSitePage = (link: string | undefined) => {
      const url = new URL(link ?? '');
      expect(`${url.origin}${url.pathname}`).toBe(`${stack.siteUrl}/auth/confirmar`);
      return url;
    };
    const [confirmation] = await mailbox(email);
    onSitePage(confirmation?.link);
    // Recovery.
    const recover = await fetch(`${auth}/recover?redirect_to=${redirect}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, ...captcha }),
    });
    expect(recover.status).toBe(200);
    const [recovery] = await mailbox(email);
    // Auth's own link for that real token, with the evil redirect_to.
    const swapped = new URL(`${auth}/verify`);
    swapped.search = new URLSearchParams({
      token: onSitePage(recovery?.link).searchParams.get('token_hash') ?? '',
      type: 'recovery',
      redirect_to: target,
    }).toString();
    const followed = await fetch(swapped, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    landsOnSite(followed.headers.get('location'));
    // A forged token: the error redirect stays on the site too.
    const forged = await fetch(`${auth}/verify?token=forjado&type=signup&redirect_to=${redirect}`, {
      redirect: 'manual',
    });
    expect(forged.status).toBe(303);
    landsOnSite(forged.headers.get('location'));
  }
  // Magic links and OTP are not offered by the local Auth server: refused, nothing sent.
  const sent = await mailbox(DEMO_ACCOUNTS.visitante.email);
  const otp = await fetch(`${auth}/otp?redirect_to=https://evil.example/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: DEMO_ACCOUNTS.visitante.email }),
  });
  expect(otp.status).toBeGreaterThanOrEqual(400);
  expect(await mailbox(DEMO_ACCOUNTS.visitante.email)).toEqual(sent);
});
