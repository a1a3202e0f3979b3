// The publish renderer (scripts/renderer.ts): the same pages rendered on demand are the
// static build's bytes, and a publish after a listing changed writes only the pages that show it
// into a copy of the live build; a whole build that a published save overtook goes live with that
// save's pages rendered on it, or not at all; a change the renderer cannot patch asks for a whole
// build. From db/local with the demo content.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSite,
  type PatchResult,
  type SiteRenderer,
  siteRenderer,
} from '../../scripts/build.ts';
import { LEGACY_REDIRECTS } from '../../src/lib/redirects.ts';
import { localSiteEnv } from './local-site-env.ts';

let supabase: LocalSupabase | undefined;
let renderer: SiteRenderer | undefined;
let root = '';
let env: Record<string, string> = {};
let live = '';

async function staticBuild(name: string): Promise<string> {
  const dir = join(root, name);
  const result = await buildSite(dir, env);
  if (!result.ok) throw new Error(`O build do site falhou:\n${result.log.slice(-4000)}`);
  return dir;
}

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** The address of a page the static build wrote as `file`. */
const address = (file: string) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`);

const redirects = new Set(Object.keys(LEGACY_REDIRECTS));
const PORTAL_SRC = join(import.meta.dirname, '..', '..', 'src');

const patched = (result: PatchResult) => {
  if (result.result !== 'patched') throw new Error(`sem páginas: ${JSON.stringify(result)}`);
  return result.paths;
};

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, seed: true, quiet: true });
  root = await mkdtemp(join(tmpdir(), 'portal-renderer-'));
  env = localSiteEnv(supabase);
  live = await staticBuild('live');
  renderer = siteRenderer(env, { name: 'test' });
  // As after the stack's first build: what the live site shows read now, then the renderer made.
  expect((await renderer.settle(live, join(root, 'first'), false)).result).toBe('built');
  expect((await renderer.prepare()).result).toBe('ready');
}, 360_000);

afterAll(async () => {
  await renderer?.stop();
  await supabase?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a page rendered on demand', () => {
  it('is byte for byte the page the static build wrote, for every page and data file', async () => {
    // Every page a visitor reaches (the redirect stubs and the 404 page answer other statuses).
    const pages = (await files(live)).filter(
      (file) =>
        (file.endsWith('.html') || file.startsWith('dados/')) &&
        file !== '404.html' &&
        !redirects.has(address(file)),
    );
    expect(pages).toContain('index.html');
    expect(pages.filter((file) => file.startsWith('hospedagem/')).length).toBeGreaterThan(3);
    const copy = join(root, 'all');
    patched(await (renderer as SiteRenderer).render(live, copy, pages.map(address)));
    for (const file of pages) {
      const [built, rendered] = await Promise.all([
        readFile(join(live, file)),
        readFile(join(copy, file)),
      ]);
      expect({ file, same: rendered.equals(built) }).toEqual({ file, same: true });
      // Written anew, not through the hard link: the live build's file is its own.
      expect((await stat(join(copy, file))).ino).not.toBe((await stat(join(live, file))).ino);
    }
  });
});

/** The live build with the first save patched on it, and a whole build of that save's data. */
const copy = () => join(root, 'patch');
const rebuilt = () => join(root, 'rebuilt');

describe('a publish after a listing changed', () => {
  let paths: string[] = [];
  let slug = '';

  beforeAll(async () => {
    const { rows } = await (supabase as LocalSupabase).database.query<{ slug: string }>(
      'select slug from public.hospedagens order by created_at, id limit 1',
    );
    slug = rows[0]?.slug ?? '';
    await supabase?.database.exec(
      `update public.hospedagens set name = 'Pousada Renomeada', price = 321 where slug = '${slug}'`,
    );
    paths = patched(await (renderer as SiteRenderer).patch(live, copy()));
    await staticBuild('rebuilt');
  }, 240_000);

  it('renders the listing, its list, the home page and the data files again', () => {
    expect([...paths].sort()).toEqual(
      [
        '/',
        '/dados/hospedagem-restantes.json',
        '/dados/mapa.json',
        '/hospedagem',
        `/hospedagem/${slug}`,
      ].sort(),
    );
  });

  it('leaves the site as a whole build of the new data writes it, and the live build as it was', async () => {
    expect(await readFile(join(copy(), `hospedagem/${slug}.html`), 'utf8')).toContain(
      'Pousada Renomeada',
    );
    // Every page and data file, the ones not rendered again included: a page that shows the
    // listing but is missing from the plan would differ here. (The search index and the service
    // worker follow with the whole build.)
    const compared = (await files(copy())).filter(
      (file) => /\.(html|json)$/.test(file) && !file.startsWith('pagefind/'),
    );
    expect(compared.length).toBeGreaterThan(20);
    for (const file of compared) {
      const same = (await readFile(join(copy(), file))).equals(
        await readFile(join(rebuilt(), file)),
      );
      expect({ file, same }).toEqual({ file, same: true });
    }
    const written = new Set(paths.map((path) => (path === '/' ? 'index.html' : path.slice(1))));
    for (const file of await files(copy())) {
      const page = file.replace(/\.html$/, '');
      const linked = (await stat(join(copy(), file))).ino === (await stat(join(live, file))).ino;
      expect({ file, linked }).toEqual({ file, linked: !written.has(page) && !written.has(file) });
    }
    expect(await readFile(join(live, `hospedagem/${slug}.html`), 'utf8')).not.toContain(
      'Pousada Renomeada',
    );
  });
});

describe('a whole build that a save overtook', () => {
  const overtaken = () => join(root, 'overtaken');
  let saved: string[] = [];

  beforeAll(async () => {
    // `rebuilt` read the renamed listing's data: a mark now reads the same.
    expect((await renderer?.mark())?.result).toBe('marked');
    await supabase?.database.exec(
      `update public.passeios set price = 111 where slug = (select slug from public.passeios order by created_at, id limit 1)`,
    );
    // Published while the build "runs": the live site is the previous patch.
    saved = patched(await (renderer as SiteRenderer).patch(copy(), overtaken()));
  }, 120_000);

  it('goes live with the save rendered on it: the same site as the patch shows', async () => {
    const settled = join(root, 'settled');
    const result = await renderer?.settle(rebuilt(), settled, true);
    expect(result).toMatchObject({ result: 'patched', paths: saved });
    expect(saved.some((path) => path.startsWith('/passeios/'))).toBe(true);
    const compared = (await files(settled)).filter(
      (file) => /\.(html|json)$/.test(file) && !file.startsWith('pagefind/'),
    );
    expect(compared.length).toBeGreaterThan(20);
    for (const file of compared) {
      const same = (await readFile(join(settled, file))).equals(
        await readFile(join(overtaken(), file)),
      );
      expect({ file, same }).toEqual({ file, same: true });
    }
    // The build's own search index and service worker, linked, not copied.
    for (const file of (await files(settled)).filter((f) => !/\.(html|json)$/.test(f))) {
      const linked =
        (await stat(join(settled, file))).ino === (await stat(join(rebuilt(), file))).ino;
      expect({ file, linked }).toEqual({ file, linked: true });
    }
  });

  it('is kept back when a change only a build publishes came too, and nothing is written', async () => {
    expect((await renderer?.mark())?.result).toBe('marked');
    await supabase?.database.exec(`update public.passeios set price = 112 where price = 111`);
    patched(await (renderer as SiteRenderer).patch(overtaken(), join(root, 'overtaken-2')));
    await supabase?.database.exec(`
      insert into public.site_settings (setting_key, setting_value) values ('nav_label_mapa', 'Mapa Novo')
        on conflict (setting_key) do update set setting_value = excluded.setting_value;`);
    try {
      expect(await renderer?.settle(rebuilt(), join(root, 'kept'), true)).toMatchObject({
        result: 'kept',
        reason: 'as configurações mudaram',
      });
      await expect(stat(join(root, 'kept'))).rejects.toThrow(/ENOENT/);
    } finally {
      await supabase?.database.exec(
        `delete from public.site_settings where setting_key = 'nav_label_mapa'`,
      );
    }
  });
});

describe('a change a patch cannot publish', () => {
  it('is left to the whole build after a setting changed, and after a listing was created', async () => {
    await supabase?.database.exec(`
      insert into public.site_settings (setting_key, setting_value)
        values ('nav_label_hospedagem', 'Onde Ficar')
        on conflict (setting_key) do update set setting_value = excluded.setting_value;`);
    expect(await renderer?.patch(live, join(root, 'settings'))).toMatchObject({
      result: 'full',
      reason: 'as configurações mudaram',
    });
    await supabase?.database.exec(`
      delete from public.site_settings where setting_key = 'nav_label_hospedagem';
      insert into public.passeios
        (name, description, phone, image_url, price, duracao, ponto_encontro, categoria)
      values ('Passeio Novo', 'Pelo rio.', '5588999110009', '/demo/home/barco-1-hero.jpg', 90,
              '3 horas', 'Porto', 'Natureza');`);
    expect(await renderer?.patch(live, join(root, 'created'))).toMatchObject({
      result: 'full',
      reason: 'anúncios foram criados ou excluídos',
    });
    // Nothing written for a change left to the build.
    await expect(stat(join(root, 'created'))).rejects.toThrow(/ENOENT/);
  });

  it("is refused when the site's code changed, until a build of that code goes live", async () => {
    const markers: string[] = [];
    const changeCode = async () => {
      const marker = join(PORTAL_SRC, `.renderer-test-${Date.now()}-${markers.length}.txt`);
      markers.push(marker);
      await writeFile(marker, 'código novo');
    };
    try {
      await changeCode();
      expect(await renderer?.patch(live, join(root, 'other-code'))).toMatchObject({
        result: 'failed',
        reason: 'o código do site mudou desde que o renderizador foi feito',
      });
      // A build during which the code changed again: it goes live as it is, and no save is
      // patched onto it.
      expect((await renderer?.mark())?.result).toBe('marked');
      await changeCode();
      expect(await renderer?.settle(live, join(root, 'mid-build'), false)).toMatchObject({
        result: 'built',
        reason: 'o código do site mudou durante o build',
      });
      await expect(stat(join(root, 'mid-build'))).rejects.toThrow(/ENOENT/);
      expect(await renderer?.patch(live, join(root, 'after-mid-build'))).toMatchObject({
        result: 'failed',
        reason: 'o renderizador não está pronto',
      });
      // The next build, of this code, and the renderer made again: saves are patched again.
      expect((await renderer?.mark())?.result).toBe('marked');
      expect((await renderer?.settle(live, join(root, 'remade'), false))?.result).toBe('built');
      expect((await renderer?.prepare())?.result).toBe('ready');
      await supabase?.database.exec(
        `update public.passeios set price = 95 where name = 'Passeio Novo'`,
      );
      expect(await renderer?.patch(live, join(root, 'new-code'))).toMatchObject({
        result: 'patched',
      });
    } finally {
      for (const marker of markers) await rm(marker, { force: true });
    }
  });
});
