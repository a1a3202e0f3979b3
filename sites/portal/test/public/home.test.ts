// The home page and the list pages as the real build writes them (astro build of the whole site,
// apart from every other build of this checkout) from db/local holding listings of each kind, none
// of them featured, some pinned, and carousel slides inserted out of order, one of them inactive.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/build.ts';
import { statsEndpoint, statsScript } from '../../src/lib/stats-script.ts';
import { localSiteEnv } from './local-site-env.ts';

let supabase: LocalSupabase | undefined;
let outDir = '';
let home: Document;
const window = new Window();

// "Public lists sort by is_pinned descending, then pin_order ascending, then created_at
// descending." Pins 1, 2 and 3 are middle-aged, the oldest and the newest of them; the unpinned
// rows are inserted neither newest nor oldest first, after the 'Sem Destaque' one (the newest):
// neither age, insertion, pins alone nor any order but the public one gives PUBLIC_ORDER.
const ORDER_FIXTURE = [
  { name: 'de 30 Horas', pin: 0, ageHours: 30 },
  { name: 'Fixo Dois', pin: 2, ageHours: 40 },
  { name: 'de 10 Horas', pin: 0, ageHours: 10 },
  { name: 'Fixo Um', pin: 1, ageHours: 20 },
  { name: 'Fixo Três', pin: 3, ageHours: 5 },
];
const PUBLIC_ORDER = [
  'Fixo Um',
  'Fixo Dois',
  'Fixo Três',
  'Sem Destaque',
  'de 10 Horas',
  'de 30 Horas',
];
const LISTS = [
  {
    page: 'hospedagem.html',
    prefix: 'Pousada',
    insert: (name: string) => `insert into public.hospedagens
      (name, description, phone, image_url, address, price, categorias, is_pinned, pin_order,
       created_at, updated_at)
      values ('${name}', 'Quartos.', '5588999110004', '/demo/home/pousada-2-hero.jpg',
              'Rua da Praia, 3 - Fortim - CE', 150, '{Pousada}'`,
  },
  {
    page: 'comercio.html',
    prefix: 'Loja',
    insert: (name: string) => `insert into public.comercios
      (name, description, phone, image_url, address, horario, categoria, is_pinned, pin_order,
       created_at, updated_at)
      values ('${name}', 'Artesanato.', '5588999110005', '/demo/home/loja-2-hero.jpg',
              'Praça da Matriz, 4 - Fortim - CE', '8h às 18h', 'Loja'`,
  },
  {
    page: 'passeios.html',
    prefix: 'Passeio',
    insert: (name: string) => `insert into public.passeios
      (name, description, phone, image_url, price, duracao, ponto_encontro, categoria, is_pinned,
       pin_order, created_at, updated_at)
      values ('${name}', 'Barco.', '5588999110006', '/demo/home/barco-2-hero.jpg', 80, '2 horas',
              'Porto de Fortim', 'Natureza'`,
  },
];

function parse(html: string): Document {
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, seed: false, quiet: true });
  // One listing of each kind, published but not featured: the page must not fall back to them.
  // The lodging's photo and the first slide's are stored in every format, the others
  // are older JPEG-only uploads.
  await supabase.database.exec(`
    insert into public.hospedagens
      (name, description, phone, image_url, address, price, categorias)
    values ('Pousada Sem Destaque', 'Quartos com vista para o rio.', '5588999110001',
            '/demo/home/pousada-1_mf-hero.jpg', 'Rua da Praia, 1 - Fortim - CE', 180, '{Pousada}');
    insert into public.comercios
      (name, description, phone, image_url, address, horario, categoria)
    values ('Loja Sem Destaque', 'Artesanato de Fortim.', '5588999110002',
            '/demo/home/loja-1-hero.jpg', 'Praça da Matriz, 2 - Fortim - CE', '8h às 18h', 'Loja');
    insert into public.passeios
      (name, description, phone, image_url, price, duracao, ponto_encontro, categoria)
    values ('Passeio Sem Destaque', 'Barco pelo Rio Jaguaribe.', '5588999110003',
            '/demo/home/barco-1-hero.jpg', 90, '3 horas', 'Porto de Fortim', 'Natureza');
    insert into public.carousel_slides (title, subtitle, image_url, link, is_active, order_position)
    values ('Segundo Slide', 'Barco no rio', '/demo/home/s2-1-hero.jpg', '/passeios', true, 2),
           ('Slide Inativo', 'Não aparece', '/demo/home/s3-1-hero.jpg', '/mapa', false, 3),
           ('Primeiro Slide', 'Pousadas', '/demo/home/s1-1_mf-hero.jpg', '/hospedagem', true, 1);
  `);
  for (const { prefix, insert } of LISTS) {
    for (const { name, pin, ageHours } of ORDER_FIXTURE) {
      const ago = `now() - interval '${ageHours} hours'`;
      await supabase.database.exec(
        `${insert(`${prefix} ${name}`)}, ${pin > 0}, ${pin}, ${ago}, ${ago});`,
      );
    }
  }
  const { rows } = await supabase.database.query(
    `select (select count(*) from public.hospedagens where is_featured)
          + (select count(*) from public.comercios where is_featured)
          + (select count(*) from public.passeios where is_featured) as featured`,
  );
  expect(Number(rows[0]?.featured)).toBe(0);

  outDir = await mkdtemp(join(tmpdir(), 'portal-home-'));
  const build = await buildSite(outDir, {
    ...localSiteEnv(supabase),
    NODE_ENV: 'production',
  });
  if (!build.ok) throw new Error(`O build do site falhou:\n${build.log.slice(-4000)}`);
  home = parse(await readFile(join(outDir, 'index.html'), 'utf8'));
}, 240_000);

afterAll(async () => {
  await supabase?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** The one home section holding a link to `href` that reads `text`. */
function section(href: string, text: string): HTMLElement {
  const sections = [...home.querySelectorAll<HTMLElement>('section')].filter((s) =>
    [...s.querySelectorAll(`a[href="${href}"]`)].some((a) => a.textContent?.includes(text)),
  );
  expect(sections).toHaveLength(1);
  return sections[0] as HTMLElement;
}

describe('home page with nothing featured', () => {
  it('built the listings themselves, so they exist but are not featured', async () => {
    for (const page of [
      'hospedagem/pousada-sem-destaque.html',
      'comercio/loja-sem-destaque.html',
      'passeios/passeio-sem-destaque.html',
    ]) {
      await expect(readFile(join(outDir, page), 'utf8')).resolves.toContain('Sem Destaque');
    }
  });

  it.each([
    // Home: Featured lodging: 3 items, link to /hospedagem with text 'Ver todas as
    // opções'. Empty text: 'Nenhuma hospedagem em destaque ainda.' (and the same for the others)
    ['/hospedagem', 'Ver todas as opções', 'Nenhuma hospedagem em destaque ainda.'],
    ['/comercio', 'Explorar todos', 'Nenhum comércio em destaque ainda.'],
    ['/passeios', 'Ver todos os passeios', 'Nenhum passeio em destaque ainda.'],
  ])('the section linking to %s (%s) says %s', (href, linkText, empty) => {
    const featured = section(href, linkText);
    const texts = [...featured.querySelectorAll('p')].map((p) => p.textContent?.trim());
    expect(texts).toContain(empty);
    expect(featured.querySelectorAll('article')).toHaveLength(0);
    expect(featured.textContent).not.toContain('Sem Destaque');
  });
});

describe('addresses for sharing and search engines', () => {
  it('names the home page by the site root, and each list by its clean address', async () => {
    // Built as index.html, the home page is served at / (Cloudflare Pages' clean URLs).
    expect(home.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://127.0.0.1:4321/',
    );
    expect(home.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(
      'http://127.0.0.1:4321/',
    );
    const list = parse(await readFile(join(outDir, 'hospedagem.html'), 'utf8'));
    expect(list.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://127.0.0.1:4321/hospedagem',
    );
  });
});

describe('list pages', () => {
  it.each(LISTS)('$page shows the listings in public order', async ({ page, prefix }) => {
    const list = parse(await readFile(join(outDir, page), 'utf8'));
    const names = [...list.querySelectorAll('article[data-listing] :is(h2, h3)')].map((heading) =>
      heading.textContent?.trim(),
    );
    expect(names).toEqual(PUBLIC_ORDER.map((name) => `${prefix} ${name}`));
  });
});

describe('photos in several formats', () => {
  it('draws a new photo as a <picture> on its card and its page, an older one as a plain <img>', async () => {
    const list = parse(await readFile(join(outDir, 'hospedagem.html'), 'utf8'));
    const card = (name: string) =>
      [...list.querySelectorAll('article[data-listing]')].find(
        (article) => article.querySelector('h2')?.textContent?.trim() === name,
      );
    const marked = card('Pousada Sem Destaque')?.querySelector('picture');
    expect(
      [...(marked?.querySelectorAll('source') ?? [])].map((s) => s.getAttribute('type')),
    ).toEqual(['image/avif', 'image/webp']);
    expect(marked?.querySelector('img')?.getAttribute('src')).toBe(
      '/demo/home/pousada-1_mf-card.jpg',
    );
    const older = card('Pousada Fixo Um');
    expect(older?.querySelector('picture')).toBeNull();
    expect(older?.querySelector('img')?.getAttribute('src')).toBe('/demo/home/pousada-2-card.jpg');

    const page = parse(
      await readFile(join(outDir, 'hospedagem/pousada-sem-destaque.html'), 'utf8'),
    );
    // the phone carousel and the large photo
    expect(page.querySelectorAll('.gallery picture')).toHaveLength(2);
    // the search index and the share image keep the JPEG
    expect(page.querySelector('[data-imagem]')?.getAttribute('data-imagem')).toBe(
      '/demo/home/pousada-1_mf-card.jpg',
    );
    expect(page.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      /\/demo\/home\/pousada-1_mf-card\.jpg$/,
    );
  });
});

describe('listing counts', () => {
  const sender = statsScript(statsEndpoint('http://127.0.0.1:8787'));
  const inlineScripts = (page: Document) =>
    [...page.querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map(
      (script) => script.textContent,
    );

  it('each page ends with the same small sender, and the lists and listing pages load no script file', async () => {
    const pages = ['index.html', 'hospedagem.html', 'passeios/passeio-sem-destaque.html'];
    for (const page of pages) {
      const html = await readFile(join(outDir, page), 'utf8');
      // The same text everywhere: one hash in the Content-Security-Policy.
      expect(
        inlineScripts(parse(html)).filter((text) => text === sender),
        page,
      ).toHaveLength(1);
      if (page !== 'index.html') expect(html, page).not.toMatch(/<script[^>]*\ssrc=/);
    }
  });

  it("marks a listing page's view and every 'Fale agora' with the listing's own id", async () => {
    const { rows } = await (supabase as LocalSupabase).database.query<{ id: string; name: string }>(
      `select id, name from public.passeios`,
    );
    const idOf = new Map(rows.map((row) => [row.name, row.id]));
    const page = parse(await readFile(join(outDir, 'passeios/passeio-sem-destaque.html'), 'utf8'));
    const id = idOf.get('Passeio Sem Destaque');
    expect(page.querySelector('[data-stats-load]')?.getAttribute('data-stats-load')).toBe(
      `passeio:${id}:view`,
    );
    expect(
      [...page.querySelectorAll('a[data-stats]')].map((a) => a.getAttribute('data-stats')),
    ).toEqual([`passeio:${id}:whatsapp`]);

    const list = parse(await readFile(join(outDir, 'passeios.html'), 'utf8'));
    const cards = [...list.querySelectorAll('article[data-listing]')];
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const name = card.querySelector('h2')?.textContent?.trim() ?? '';
      expect(card.querySelector('a[data-stats]')?.getAttribute('data-stats'), name).toBe(
        `passeio:${idOf.get(name)}:whatsapp`,
      );
    }
  });
});

describe('hero carousel', () => {
  const slides = () => [...home.querySelectorAll<HTMLElement>('[data-slide]')];

  it('shows only the active slides, by order_position, each with its Saiba Mais link', () => {
    // Home: each with title, subtitle and a 'Saiba Mais' link to the slide's link. Only
    // active slides are shown, ordered by order_position ascending.
    expect(slides().map((slide) => slide.querySelector('h2')?.textContent)).toEqual([
      'Primeiro Slide',
      'Segundo Slide',
    ]);
    expect(home.body.textContent).not.toContain('Slide Inativo');
    const links = slides().map((slide) => {
      const link = slide.querySelector('a');
      return [link?.textContent?.startsWith('Saiba Mais'), link?.getAttribute('href')];
    });
    expect(links).toEqual([
      [true, '/hospedagem'],
      [true, '/passeios'],
    ]);
    expect(slides()[1]?.textContent).toContain('Barco no rio');
  });

  it('offers a photo stored in every format as AVIF, WebP and JPEG, the first one at once', () => {
    const [first, second] = slides();
    const picture = first?.querySelector('picture');
    expect(
      [...(picture?.children ?? [])].map((child) => [
        child.localName,
        child.getAttribute('type'),
        child.getAttribute('sizes'),
      ]),
    ).toEqual([
      ['source', 'image/avif', '100vw'],
      ['source', 'image/webp', '100vw'],
      ['img', null, '100vw'],
    ]);
    const [avif, webp, img] = [...(picture?.children ?? [])];
    const photo = '/demo/home/s1-1_mf';
    expect(avif?.getAttribute('srcset')).toBe(
      `${photo}-hero.webp 1600w, ${photo}-card.avif 800w, ${photo}-thumb.avif 400w`,
    );
    expect(webp?.getAttribute('srcset')).toBe(
      `${photo}-hero.webp 1600w, ${photo}-card.webp 800w, ${photo}-thumb.webp 400w`,
    );
    expect(img?.getAttribute('src')).toBe(`${photo}-hero.jpg`);
    expect(img?.getAttribute('fetchpriority')).toBe('high');
    expect(img?.getAttribute('loading')).toBe('eager');
    // the next slide's older JPEG-only photo: its plain <img>, waiting in its template
    const later = second?.querySelector('template')?.innerHTML ?? '';
    expect(later).toMatch(/^<img [^>]*src="\/demo\/home\/s2-1-hero\.jpg"/);
    expect(later).not.toContain('<picture');
    // nothing preloads a photo the <picture> would not use
    for (const link of home.querySelectorAll('link[rel="preload"][as="image"]')) {
      expect(link.getAttribute('type')).toBe('image/avif');
      expect(link.getAttribute('imagesrcset')).toBe(avif?.getAttribute('srcset'));
    }
  });

  it('fades between slides over 700 ms', () => {
    // Home: fades between slides over 700 ms.
    expect(slides()).toHaveLength(2);
    for (const slide of slides()) expect(slide.style.transitionDuration).toBe('700ms');
  });
});
