// A publish renders only what changed: three builds of the whole site, each in a process of its
// own, sharing one cache directory, as a stack's publisher runs them, from db/local. Astro's incremental build names each
// listing page it restored from the previous build's copy; the pages without a key (home, lists,
// data files) are rendered every time.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/build.ts';
import { localSiteEnv } from './local-site-env.ts';

let supabase: LocalSupabase | undefined;
let root = '';
const builds: { dir: string; log: string }[] = [];

const PAGES = {
  mar: '/hospedagem/pousada-do-mar.html',
  rio: '/hospedagem/pousada-do-rio.html',
  loja: '/comercio/loja-da-praca.html',
  barco: '/passeios/barco-no-rio.html',
};

/** One build into a fresh directory, with the cache every build here shares. */
async function build(): Promise<{ dir: string; log: string }> {
  if (!supabase) throw new Error('db/local não iniciado');
  const dir = join(root, `build-${builds.length + 1}`);
  const result = await buildSite(dir, localSiteEnv(supabase), { cacheDir: join(root, 'cache') });
  if (!result.ok) throw new Error(`O build do site falhou:\n${result.log.slice(-4000)}`);
  // Astro's colours, if any, are not part of what a line says.
  const built = { dir, log: stripVTControlCharacters(result.log) };
  builds.push(built);
  return built;
}

/** How the build wrote `path`: restored from the previous build, or rendered. */
function written(log: string, path: string): 'restored' | 'rendered' | 'absent' {
  const line = log.split('\n').find((l) => l.trimEnd().match(new RegExp(`[─ ]${path}( |$)`)));
  if (!line) return 'absent';
  return line.includes('(restored)') ? 'restored' : 'rendered';
}

const page = (dir: string, path: string) => readFile(join(dir, path), 'utf8');

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, seed: false, quiet: true });
  await supabase.database.exec(`
    insert into public.hospedagens (name, description, phone, image_url, address, price, categorias)
    values ('Pousada do Mar', 'Quartos de frente para o mar.', '5588999110001',
            '/demo/home/pousada-1-hero.jpg', 'Rua da Praia, 1 - Fortim - CE', 180, '{Pousada}'),
           ('Pousada do Rio', 'Quartos com vista para o rio.', '5588999110002',
            '/demo/home/pousada-2-hero.jpg', 'Rua do Rio, 2 - Fortim - CE', 150, '{Pousada}');
    insert into public.comercios (name, description, phone, image_url, address, horario, categoria)
    values ('Loja da Praça', 'Artesanato de Fortim.', '5588999110003', '/demo/home/loja-1-hero.jpg',
            'Praça da Matriz, 2 - Fortim - CE', '8h às 18h', 'Loja');
    insert into public.passeios
      (name, description, phone, image_url, price, duracao, ponto_encontro, categoria)
    values ('Barco no Rio', 'Pelo Rio Jaguaribe.', '5588999110004', '/demo/home/barco-1-hero.jpg',
            90, '3 horas', 'Porto de Fortim', 'Natureza');
  `);
  root = await mkdtemp(join(tmpdir(), 'portal-incremental-'));
  const first = await build();
  for (const path of Object.values(PAGES)) expect(written(first.log, path)).toBe('rendered');

  await supabase.database.exec(
    `update public.hospedagens set name = 'Pousada do Mar Azul' where slug = 'pousada-do-mar'`,
  );
  await build();

  await supabase.database.exec(`
    insert into public.site_settings (setting_key, setting_value)
      values ('nav_label_hospedagem', 'Onde Ficar')
      on conflict (setting_key) do update set setting_value = excluded.setting_value;
    delete from public.comercios where slug = 'loja-da-praca';
  `);
  await build();

  // A visitor's review of the tour, approved: its page shows it, the other pages stay.
  await supabase.database.exec(`
    insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at,
                            raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', 'b0000000-0000-4000-8000-000000000001',
            'authenticated', 'authenticated', 'ana@example.com', now(),
            '{"full_name": "Ana Visitante"}', now(), now());
    insert into public.reviews (user_id, listing_kind, listing_id, rating, comment, status)
    select 'b0000000-0000-4000-8000-000000000001', 'passeio', id, 5, 'Passeio inesquecível.',
           'approved'
    from public.passeios where slug = 'barco-no-rio';
  `);
  await build();
}, 480_000);

afterAll(async () => {
  await supabase?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a publish after one listing changed', () => {
  it('renders that listing page again and restores every other listing page', () => {
    const { log } = builds[1] ?? { log: '' };
    expect(written(log, PAGES.mar)).toBe('rendered');
    expect(written(log, PAGES.rio)).toBe('restored');
    expect(written(log, PAGES.loja)).toBe('restored');
    expect(written(log, PAGES.barco)).toBe('restored');
  });

  it('publishes the change on its page and on the pages that list it', async () => {
    const dir = builds[1]?.dir ?? '';
    expect(await page(dir, PAGES.mar)).toContain('Pousada do Mar Azul');
    expect(written(builds[1]?.log ?? '', '/hospedagem.html')).toBe('rendered');
    expect(await page(dir, 'hospedagem.html')).toContain('Pousada do Mar Azul');
    expect(await page(dir, 'dados/mapa.json')).toContain('Pousada do Mar Azul');
  });

  it('keeps the restored pages exactly as the previous build wrote them', async () => {
    const [first, second] = builds;
    for (const path of [PAGES.rio, PAGES.loja, PAGES.barco]) {
      expect(await page(second?.dir ?? '', path)).toBe(await page(first?.dir ?? '', path));
    }
  });
});

describe('a publish after a site setting changed', () => {
  it('renders every listing page again, since the layout shows the settings', async () => {
    const { dir, log } = builds[2] ?? { dir: '', log: '' };
    for (const path of [PAGES.mar, PAGES.rio, PAGES.barco])
      expect(written(log, path)).toBe('rendered');
    expect(await page(dir, PAGES.rio)).toContain('Onde Ficar');
  });

  it('leaves no page for a deleted listing', async () => {
    const { dir, log } = builds[2] ?? { dir: '', log: '' };
    expect(written(log, PAGES.loja)).toBe('absent');
    await expect(page(dir, PAGES.loja)).rejects.toThrow(/ENOENT/);
  });
});

describe('a publish after a review of one listing was approved', () => {
  it('renders that listing page again, with the review, and restores the others', async () => {
    const { dir, log } = builds[3] ?? { dir: '', log: '' };
    expect(written(log, PAGES.barco)).toBe('rendered');
    expect(written(log, PAGES.mar)).toBe('restored');
    expect(written(log, PAGES.rio)).toBe('restored');
    expect(await page(dir, PAGES.barco)).toContain('Passeio inesquecível.');
  });
});
