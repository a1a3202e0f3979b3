// The home page as the real build writes it (astro build of the whole site, apart from every other
// build of this checkout) from db/local holding listings of each kind, none of them featured, and
// carousel slides inserted out of order, one of them inactive.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnv, buildSite } from '../../scripts/build.ts';

let supabase: LocalSupabase | undefined;
let outDir = '';
let home: Document;

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, seed: false, quiet: true });
  // One listing of each kind, published but not featured: the page must not fall back to them.
  await supabase.database.exec(`
    insert into public.hospedagens
      (name, description, phone, image_url, address, price, categorias)
    values ('Pousada Sem Destaque', 'Quartos com vista para o rio.', '5588999110001',
            '/demo/home/pousada-1-hero.jpg', 'Rua da Praia, 1 - Fortim - CE', 180, '{Pousada}');
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
           ('Primeiro Slide', 'Pousadas', '/demo/home/s1-1-hero.jpg', '/hospedagem', true, 1);
  `);
  const { rows } = await supabase.database.query(
    `select (select count(*) from public.hospedagens where is_featured)
          + (select count(*) from public.comercios where is_featured)
          + (select count(*) from public.passeios where is_featured) as featured`,
  );
  expect(Number(rows[0]?.featured)).toBe(0);

  outDir = await mkdtemp(join(tmpdir(), 'portal-home-'));
  const build = await buildSite(outDir, {
    ...buildEnv({
      siteUrl: 'http://127.0.0.1:4321',
      supabaseUrl: supabase.url,
      publishableKey: supabase.keys.publishableKey,
      apiUrl: 'http://127.0.0.1:8787',
      imagesUrl: 'http://127.0.0.1:8787/images',
    }),
    NODE_ENV: 'production',
  });
  if (!build.ok) throw new Error(`O build do site falhou:\n${build.log.slice(-4000)}`);
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const window = new Window();
  home = new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
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
    // spec §2 Home: "Featured lodging: 3 items, link to /hospedagem with text 'Ver todas as
    // opções'. Empty text: 'Nenhuma hospedagem em destaque ainda.'" (and the same for the others)
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

describe('hero carousel', () => {
  const slides = () => [...home.querySelectorAll<HTMLElement>('[data-slide]')];

  it('shows only the active slides, by order_position, each with its Saiba Mais link', () => {
    // spec §2 Home: "each with title, subtitle and a 'Saiba Mais' link to the slide's link. Only
    // active slides are shown, ordered by order_position ascending."
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

  it('fades between slides over 700 ms', () => {
    // spec §2 Home: "fades between slides over 700 ms" (§9: "fade 700 ms").
    expect(slides()).toHaveLength(2);
    for (const slide of slides()) expect(slide.style.transitionDuration).toBe('700ms');
  });
});
