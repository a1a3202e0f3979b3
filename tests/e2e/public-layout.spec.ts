// Every public page's frame: header (links, shadow, mobile menu, account area), footer,
// redirects, the 404 page, SEO files, and what an anonymous visitor never downloads.
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { HEADER_SHADOW_SCROLL_PX } from '@guia-fortim/portal/ui-constants';
import sharp from 'sharp';
import { attachScreenshot } from '../support/screenshot.ts';
import { expect, test } from '../support/test.ts';
import { scrollsSideways, textsThatDoNotFit } from '../support/text-fit.ts';
import { ANY_VIEWPORT, PHONE_LAYOUT } from '../support/viewports.ts';
import {
  expectAccessible,
  getOk,
  hydrated,
  isPhone,
  open,
  rows,
  signInInBrowser,
  supabaseAccess,
} from './public-helpers.ts';

// Generous: the machines running these suites are often busy.
test.describe.configure({ timeout: 60_000 });

/** The site settings as stored (the demo seed keeps the defaults). */
async function settings(): Promise<Record<string, string>> {
  const list = await rows<{ setting_key: string; setting_value: string }>('site_settings', {
    select: 'setting_key,setting_value',
  });
  return Object.fromEntries(list.map((r) => [r.setting_key, r.setting_value]));
}

// Public navigation: Five links: / (label
// Início), /hospedagem (Hospedagem), /comercio (Comércio Local), /passeios (Passeios), /mapa
// (Mapa). The labels come from site settings, with the defaults given here.
const NAV = [
  ['/', 'Início'],
  ['/hospedagem', 'Hospedagem'],
  ['/comercio', 'Comércio Local'],
  ['/passeios', 'Passeios'],
  ['/mapa', 'Mapa'],
] as const;
// Section 3, site_settings defaults: "address 'Fortim, Ceará - Brasil' … titles 'Hospedagens em
// Fortim', 'Comércio Local', 'Passeios e Experiências'".
const DEFAULT_ADDRESS = 'Fortim, Ceará - Brasil';
const TITLE_PASSEIOS = 'Passeios e Experiências';

test('the header shows the five links with their labels and marks the current section', async ({
  page,
}) => {
  await open(page, '/hospedagem/pousada-pontal-do-maceio');
  let nav = page.getByRole('navigation', { name: 'Principal' });
  if (isPhone(page)) {
    await expect(nav).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    nav = page.getByRole('navigation', { name: 'Menu' });
  }
  const links = nav.getByRole('link');
  await expect(links).toHaveText(NAV.map(([, label]) => label));
  for (const [i, [href]] of NAV.entries()) await expect(links.nth(i)).toHaveAttribute('href', href);
  await expect(nav.getByRole('link', { name: 'Hospedagem', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectAccessible(page);
  // Navigating closes the menu (on phones) and lands on the page.
  await nav.getByRole('link', { name: 'Passeios', exact: true }).click();
  await expect(page).toHaveURL(/\/passeios$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE_PASSEIOS);
  if (isPhone(page)) await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
});

test('the mobile menu closes when one of its links is followed and on Escape', async ({ page }) => {
  await open(page, '/passeios');
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  if (!isPhone(page)) {
    await expect(toggle).toBeHidden();
    return;
  }
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  // A link to the page already shown closes the menu and scrolls to the top.
  await page.mouse.wheel(0, 600);
  await toggle.click();
  await menu.getByRole('link', { name: 'Passeios' }).click();
  await expect(menu).toBeHidden();
});

test('the header gets its shadow once the page is scrolled more than 10 px', async ({ page }) => {
  await open(page, '/');
  await expect(page.locator('header#topo')).not.toHaveAttribute('data-scrolled');
  // The header's own 'scroll' listener runs first (it was added first), so the shadow is read
  // right after the header has seen that position: no waiting for something not to happen.
  const shadowAt = (y: number) =>
    page.evaluate(
      (y) =>
        new Promise<boolean>((resolve) => {
          const read = () => document.getElementById('topo')?.hasAttribute('data-scrolled');
          window.addEventListener('scroll', () => resolve(read() ?? false), { once: true });
          window.scrollTo(0, y);
        }),
      y,
    );
  expect(await shadowAt(HEADER_SHADOW_SCROLL_PX)).toBe(false);
  expect(await shadowAt(HEADER_SHADOW_SCROLL_PX + 1)).toBe(true);
  expect(await shadowAt(0)).toBe(false);
});

// The narrowest phones in use (360 px) and the most common (390 px).
for (const width of [360, 390]) {
  test(
    `at ${width} px every field, button and label of the header, the list filters and the update banner fits`,
    PHONE_LAYOUT,
    async ({ page }) => {
      await page.setViewportSize({ width, height: 780 });
      for (const path of ['/', '/hospedagem', '/comercio', '/passeios', '/busca']) {
        await open(page, path);
        const problems = await textsThatDoNotFit(page.locator('header, main'));
        expect.soft(problems, `${path} a ${width} px`).toEqual([]);
        expect
          .soft(await scrollsSideways(page.locator('body')), `${path} a ${width} px`)
          .toBe(false);
      }

      // What a visitor types in the header's field is shown whole.
      const header = page.locator('header#topo');
      await header.getByLabel('Buscar no guia').fill('pousada com piscina');
      expect.soft(await textsThatDoNotFit(header)).toEqual([]);
      await attachScreenshot(header, `cabecalho-${width}px-com-busca-digitada`);

      // 'Nova versão disponível' is shown when a new build takes over the page (ServiceWorker.astro):
      // its layout, shown here without waiting for a build.
      const banner = page.locator('#nova-versao');
      await banner.evaluate((element: HTMLElement) => {
        element.hidden = false;
      });
      await expect(banner.getByRole('button', { name: 'Atualizar' })).toBeVisible();
      expect(await textsThatDoNotFit(banner, 'span, button')).toEqual([]);
      await attachScreenshot(banner, `banner-nova-versao-${width}px`);
    },
  );
}

test('the footer has the description, links, categories, contact, social and legal links', async ({
  page,
}) => {
  const s = await settings();
  await open(page, '/comercio');
  const footer = page.locator('footer');
  await expect(footer.getByText(s.site_description ?? '')).toBeVisible();
  const quick = footer.getByRole('navigation', { name: 'Links rápidos' }).getByRole('link');
  await expect(quick).toHaveText(NAV.map(([, label]) => label));
  const categories = footer.getByRole('navigation', { name: 'Categorias' }).getByRole('link');
  await expect(categories).toHaveText([
    'Hotéis',
    'Pousadas',
    'Restaurantes',
    'Artesanato',
    'Praias',
    'Buggy',
  ]);
  const sections = await categories.evaluateAll((links) =>
    links.map((a) => a.getAttribute('href')),
  );
  expect(sections).toEqual([
    '/hospedagem',
    '/hospedagem',
    '/comercio',
    '/comercio',
    '/passeios',
    '/passeios',
  ]);
  expect(s.contact_address).toBe(DEFAULT_ADDRESS);
  await expect(footer.getByText(DEFAULT_ADDRESS)).toBeVisible();
  await expect(footer.getByRole('link', { name: s.contact_phone })).toHaveAttribute(
    'href',
    `tel:${(s.contact_phone ?? '').replace(/\D/g, '')}`,
  );
  await expect(footer.getByRole('link', { name: s.contact_email })).toHaveAttribute(
    'href',
    `mailto:${s.contact_email}`,
  );
  // No social profile is set in the demo: the footer shows none rather than links to nowhere.
  expect([s.social_instagram, s.social_facebook, s.social_youtube]).toEqual(['', '', '']);
  await expect(footer.getByRole('list', { name: 'Redes sociais' })).toHaveCount(0);
  const legal = footer.getByRole('list', { name: 'Informações legais' }).getByRole('link');
  await expect(legal).toHaveText(['Termos', 'Privacidade', 'Cookies']);
  expect(await legal.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
    '/termos',
    '/privacidade',
    '/cookies',
  ]);
});

// The LGPD asks a site with accounts to say what it keeps, why, for how long, the
// user's rights and how to exercise them, and whom to contact.
const LEGAL_PAGES = [
  {
    path: '/privacidade',
    link: 'Privacidade',
    title: 'Política de Privacidade',
    says: [
      'Lei nº 13.709/2018',
      'Quais dados a sua conta guarda',
      'Por quanto tempo',
      'Seus direitos',
      'Como exercer os seus direitos',
      'excluir a sua conta',
    ],
  },
  {
    path: '/termos',
    link: 'Termos',
    title: 'Termos de Uso',
    says: ['não faz reservas', 'Sua conta'],
  },
  {
    path: '/cookies',
    link: 'Cookies',
    title: 'Política de Cookies',
    says: ['não usa cookies de rastreamento', 'armazenamento local do navegador'],
  },
] as const;

test(
  'the footer leads to the privacy, terms and cookies pages, each with its text',
  ANY_VIEWPORT,
  async ({ page }) => {
    const s = await settings();
    for (const legal of LEGAL_PAGES) {
      await open(page, '/');
      await page.locator('footer').getByRole('link', { name: legal.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
      await expect(page).toHaveTitle(`${legal.title} | Guia Fortim`);
      const main = await page.locator('main').innerText();
      for (const words of legal.says) expect(main).toContain(words);
      // {email} in the text is the contact setting.
      expect(main).toContain(s.contact_email ?? '');
      expect(main).not.toContain('{email}');
      await expectAccessible(page);
    }
  },
);

test('the old commerce addresses lead to /comercio', ANY_VIEWPORT, async ({ page }) => {
  for (const path of ['/comercios', '/comércio', '/comercio-local']) {
    // The origin redirects; the page it lands on answers 200.
    await open(page, path, 200);
    await expect(page).toHaveURL(/\/comercio$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comércio Local');
  }
});

test('an unknown address answers 404 with the not-found page and a link home', async ({
  page,
  problems,
}) => {
  problems.expect(/404/);
  await open(page, '/pagina-que-nao-existe', 404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test(
  'pages carry Portuguese metadata, canonical addresses, robots.txt and a sitemap',
  ANY_VIEWPORT,
  async ({ page, request, baseURL }) => {
    await open(page, '/hospedagem');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page).toHaveTitle('Hospedagens em Fortim | Guia Fortim');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Fortim/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${baseURL}/hospedagem`,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /og-image\.jpg$/,
    );
    for (const [rel, href, size, opaque] of [
      ['icon', '/favicon.png', 48, false],
      ['apple-touch-icon', '/apple-touch-icon.png', 180, true],
    ] as const) {
      await expect(page.locator(`link[rel="${rel}"]`)).toHaveAttribute('href', href);
      const icon = await request.get(href);
      expect(icon.status(), href).toBe(200);
      expect(icon.headers()['content-type']).toBe('image/png');
      const png = sharp(await icon.body());
      const { width, height, format } = await png.metadata();
      expect([format, width, height]).toEqual(['png', size, size]);
      // A phone's home screen paints transparent corners black.
      expect((await png.stats()).isOpaque).toBe(opaque);
    }
    // Installable: a manifest in Portuguese with the icons Android asks for.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    const manifestAnswer = await request.get('/manifest.webmanifest');
    expect(manifestAnswer.status()).toBe(200);
    expect(manifestAnswer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await manifestAnswer.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Guia Fortim',
      short_name: 'Guia Fortim',
      lang: 'pt-BR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0d4c81',
    });
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
      'content',
      String(manifest.theme_color),
    );
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const answer = await request.get(icon.src);
      expect(answer.headers()['content-type'], icon.src).toBe('image/png');
      const png = sharp(await answer.body());
      const { width, height } = await png.metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      // A maskable icon is a full square: the launcher cuts it to its own shape.
      expect((await png.stats()).isOpaque, icon.src).toBe(icon.purpose === 'maskable');
    }

    const ogImage = await request.get('/og-image.jpg');
    expect(ogImage.status()).toBe(200);
    expect(ogImage.headers()['content-type']).toBe('image/jpeg');

    const robots = await (await getOk(`${baseURL}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap-index.xml`);
    const index = await (await getOk(`${baseURL}/sitemap-index.xml`)).text();
    const sitemapUrl = /<loc>([^<]+)<\/loc>/.exec(index)?.[1] ?? '';
    const sitemap = await (await getOk(`${baseURL}${new URL(sitemapUrl).pathname}`)).text();
    for (const path of ['/hospedagem', '/comercio', '/passeios', '/mapa']) {
      expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    expect(sitemap).toContain(`<loc>${baseURL}/hospedagem/pousada-pontal-do-maceio</loc>`);
    expect(sitemap).not.toContain('/comercios<');
    // The not-found page is not listed (the port in the addresses may contain 404 itself).
    expect(sitemap).not.toMatch(/\/404[/<]/);
  },
);

test('an anonymous visitor sees Entrar and never downloads supabase-js nor calls Supabase', async ({
  page,
}) => {
  const { url: supabaseUrl } = supabaseAccess();
  const supabaseCalls: string[] = [];
  const scripts: Promise<string>[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(supabaseUrl)) supabaseCalls.push(r.url());
  });
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
  });
  for (const path of [
    '/',
    '/hospedagem',
    '/mapa',
    '/passeios/passeio-de-barco-pelo-rio-jaguaribe',
  ]) {
    await open(page, path);
    const back = path === '/' ? '' : `?from=${encodeURIComponent(path)}`;
    // The header's (a listing page also asks a visitor to sign in to review it).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toHaveAttribute(
      'href',
      `/auth/login${back}`,
    );
    await page.waitForLoadState('networkidle');
  }
  await open(page, '/hospedagem');
  await hydrated(page, 'HospedagemList');
  await page.locator('article[data-listing] h2 a').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(supabaseCalls).toEqual([]);
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((body) => body.includes('supabase-js'))).toEqual([]);
});

test("'Entrar' brings the visitor back to the page they were on", async ({ page }) => {
  await open(page, '/passeios');
  await page.getByRole('link', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?from=%2Fpasseios$/);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.visitante.email);
  await page.getByLabel('Senha').fill(DEMO_ACCOUNTS.visitante.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/passeios$/);
  await expect(page.getByRole('button', { name: 'Minha Conta' })).toBeVisible();
});

test('a signed-in administrator sees initials, the account menu with Painel Admin, and Sair', async ({
  page,
}) => {
  const admin = DEMO_ACCOUNTS.admin;
  const stored = await signInInBrowser(page, admin);
  const account = page.getByRole('button', { name: 'Minha Conta' });
  await expect(account).toHaveText(/^AG/);
  await expect(page.getByRole('link', { name: 'Entrar' })).toHaveCount(0);
  const roles = page.waitForResponse((r) => r.url().includes('/rest/v1/user_roles'));
  await account.click();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  expect((await roles).status(), 'GET user_roles').toBe(200);
  await expect(page.getByText(admin.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/auth/perfil');
  await expect(page.getByRole('link', { name: 'Painel Admin' })).toHaveAttribute('href', '/admin/');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Perfil' })).toBeHidden();
  await expect(account).toBeFocused();

  await account.click();
  const logout = page.waitForRequest((r) => r.url().includes('/auth/v1/logout'));
  await page.getByRole('button', { name: 'Sair' }).click();
  await logout;
  await expect(page.getByText('Logout realizado')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
  const left = await page.evaluate((key) => localStorage.getItem(key), stored[0]?.[0] ?? '');
  expect(left).toBeNull();
});

test('a signed-in visitor without the admin role has no Painel Admin link', async ({ page }) => {
  await signInInBrowser(page, DEMO_ACCOUNTS.visitante);
  const account = page.getByRole('button', { name: 'Minha Conta' });
  await expect(account).toHaveText(/^VD/);
  const roles = page.waitForResponse((r) => r.url().includes('/rest/v1/user_roles'));
  await account.click();
  expect((await roles).status(), 'GET user_roles').toBe(200);
  await expect(page.getByRole('link', { name: 'Perfil' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  // The roles answered without admin, and the menu has rendered what it knew then (two frames
  // after the answer), not a timed wait.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expect(page.getByRole('link', { name: 'Painel Admin' })).toHaveCount(0);
});
