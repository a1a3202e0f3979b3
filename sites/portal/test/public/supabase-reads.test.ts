// What the build and the header read from Supabase, against db/local (the same migrations and
// row-level security as production) and the unmodified supabase-js client.
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { LISTING_TABLE } from '@guia-fortim/domain';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionStorageKey } from '../../src/lib/auth/session-key.ts';
import { readStoredUser } from '../../src/lib/session.ts';
import { readSiteData } from '../../src/lib/site-data.ts';

let supabase: LocalSupabase;
let config: { url: string; key: string };

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, seed: true, quiet: true });
  config = { url: supabase.url, key: supabase.keys.publishableKey };
}, 120_000);
afterAll(() => supabase?.stop());

const sql = (text: string, params: unknown[] = []) => supabase.database.query(text, params);

describe('readSiteData', () => {
  it('reads every listing, the active slides, the categories and the settings', async () => {
    // The pages' order is content.ts's (a collection gives its entries by slug): home.test.ts.
    const data = await readSiteData(config);
    const sorted = (values: unknown[]) => values.map(String).sort();
    for (const kind of ['hospedagem', 'comercio', 'passeio'] as const) {
      const { rows } = await sql(`select slug from public.${LISTING_TABLE[kind]}`);
      const key = `${LISTING_TABLE[kind]}` as 'hospedagens' | 'comercios' | 'passeios';
      expect(rows.length).toBeGreaterThan(0);
      expect(sorted(data[key].map((row) => row.slug))).toEqual(sorted(rows.map((row) => row.slug)));
    }
    const { rows: slides } = await sql('select title from public.carousel_slides where is_active');
    expect(sorted(data.slides.map((s) => s.title))).toEqual(sorted(slides.map((s) => s.title)));
    expect(data.categories.hospedagem[0]).toBe('Pousada');
    expect(data.settings.header_title_hospedagem).toBe('Hospedagens em Fortim');
  });

  it("reads the approved reviews alone, with their author's name and no account", async () => {
    // The demo seed holds approved reviews and a pending one.
    const data = await readSiteData(config);
    const { rows: approved } = await sql(
      "select id from public.reviews where status = 'approved' order by id",
    );
    const { rows: others } = await sql("select id from public.reviews where status <> 'approved'");
    expect(approved.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    expect(data.reviews.map((review) => review.id)).toEqual(approved.map((row) => row.id));
    for (const review of data.reviews) {
      expect(Object.keys(review).sort()).toEqual([
        'author_name',
        'comment',
        'created_at',
        'id',
        'listing_id',
        'listing_kind',
        'rating',
        'updated_at',
      ]);
      expect(review.author_name).not.toBe('');
    }
  });

  it("reads the data's version (site_version) first: a change raises it", async () => {
    const version = async () => Number((await sql('select public.site_version() as v')).rows[0]?.v);
    const before = await readSiteData(config);
    expect(before.version).toBe(await version());
    await sql(
      'update public.hospedagens set price = price + 1 where slug = (select min(slug) from public.hospedagens)',
    );
    const after = await readSiteData(config);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.version).toBe(await version());
  });

  it('gives the active categories of a kind by order_position, not as inserted', async () => {
    const order = `select name from public.categories where type = 'comercio' and is_active
                   order by order_position`;
    const { rows: inserted } = await sql(order);
    await sql(
      "update public.categories set order_position = 100 - order_position where type = 'comercio'",
    );
    try {
      const names = inserted.map((row) => row.name as string);
      expect(names.length).toBeGreaterThan(1);
      expect((await readSiteData(config)).categories.comercio).toEqual(names.reverse());
    } finally {
      await sql(
        "update public.categories set order_position = 100 - order_position where type = 'comercio'",
      );
    }
  });

  it('uses the fallback categories for a kind without active ones', async () => {
    // The seed's own tour categories, so the fallback is told apart from what the table holds.
    await sql("update public.categories set name = 'Roteiro ' || name where type = 'passeio'");
    try {
      const active = await readSiteData(config);
      expect(active.categories.passeio.length).toBeGreaterThan(0);
      expect(active.categories.passeio.every((name) => name.startsWith('Roteiro '))).toBe(true);
      await sql("update public.categories set is_active = false where type = 'passeio'");
      const data = await readSiteData(config);
      // Category: When none exist a fallback list is used. ... Passeio: Aventura,
      // Natureza, Ecoturismo, Esporte, Gastronomia.
      expect(data.categories.passeio).toEqual([
        'Aventura',
        'Natureza',
        'Ecoturismo',
        'Esporte',
        'Gastronomia',
      ]);
      expect(data.categories.comercio).not.toContain('Outro');
    } finally {
      await sql(
        "update public.categories set is_active = true, name = substr(name, 9) where type = 'passeio'",
      );
    }
  });

  it.each([
    // The fallback category lists of the other two kinds.
    [
      'hospedagem',
      [
        'Pousada',
        'Hotel',
        'Casa',
        'Chalé',
        'Apartamento',
        'Vista para o mar',
        'Piscina',
        'Família',
        'Natureza',
        'Longa estadia',
        'Familiar',
      ],
    ],
    [
      'comercio',
      ['Restaurante', 'Loja', 'Café', 'Mercado', 'Farmácia', 'Sorveteria', 'Supermercado'],
    ],
  ] as const)(
    'falls back to the fallback list for %s when its categories are gone',
    async (kind, names) => {
      const { rows: saved } = await sql(
        'delete from public.categories where type = $1 returning name, type, is_active, order_position',
        [kind],
      );
      expect(saved.length).toBeGreaterThan(0);
      try {
        expect((await readSiteData(config)).categories[kind]).toEqual(names);
      } finally {
        for (const row of saved) {
          await sql(
            'insert into public.categories (name, type, is_active, order_position) values ($1, $2, $3, $4)',
            [row.name, row.type, row.is_active, row.order_position],
          );
        }
      }
    },
  );

  it('gives the defaults for every setting missing from the table', async () => {
    const { rows: saved } = await sql(
      'delete from public.site_settings returning setting_key, setting_value',
    );
    expect(saved.length).toBeGreaterThan(0);
    try {
      const { settings } = await readSiteData(config);
      // site_settings: Defaults: a generic contact e-mail and phone, address 'Fortim,
      // Ceará - Brasil', a promotional description, labels Início, Hospedagem, Comércio Local,
      // Passeios, Mapa, titles 'Hospedagens em Fortim', 'Comércio Local', 'Passeios e
      // Experiências'.
      expect(settings).toMatchObject({
        contact_address: 'Fortim, Ceará - Brasil',
        nav_label_inicio: 'Início',
        nav_label_hospedagem: 'Hospedagem',
        nav_label_comercio: 'Comércio Local',
        nav_label_passeios: 'Passeios',
        nav_label_mapa: 'Mapa',
        header_title_hospedagem: 'Hospedagens em Fortim',
        header_title_comercio: 'Comércio Local',
        header_title_passeios: 'Passeios e Experiências',
      });
      expect(settings.contact_email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(settings.contact_phone).toMatch(/\d{4}/);
      expect(settings.site_description.length).toBeGreaterThan(20);
    } finally {
      for (const row of saved) {
        await sql('insert into public.site_settings (setting_key, setting_value) values ($1, $2)', [
          row.setting_key,
          row.setting_value,
        ]);
      }
    }
  });

  it('reads a listing saved without image_styles with the default styles', async () => {
    await sql(
      `insert into public.passeios (name, description, phone, image_url, price, duracao,
         ponto_encontro, categoria)
       values ('Passeio Sem Ajuste', 'Sem ajuste de imagem.', '5588999330099',
         '/demo/x/sem-ajuste-1-hero.jpg', 50, '1 hora', 'Porto', 'Natureza')`,
    );
    try {
      const data = await readSiteData(config);
      const tour = data.passeios.find((row) => row.name === 'Passeio Sem Ajuste');
      // image_styles: scale (default 1), rotate in degrees (0), positionX and positionY
      // in percent 0-100 (50, 50), objectFit (...; default cover).
      expect(tour?.image_styles).toEqual({
        scale: 1,
        rotate: 0,
        positionX: 50,
        positionY: 50,
        objectFit: 'cover',
      });
    } finally {
      await sql("delete from public.passeios where name = 'Passeio Sem Ajuste'");
    }
  });

  it('keeps the default of a setting missing from the table', async () => {
    await sql("update public.site_settings set setting_value = 'Roteiros' where setting_key = $1", [
      'header_title_passeios',
    ]);
    expect((await readSiteData(config)).settings.header_title_passeios).toBe('Roteiros');
    await sql('delete from public.site_settings where setting_key = $1', ['header_title_passeios']);
    // site_settings defaults: titles ... 'Passeios e Experiências'.
    expect((await readSiteData(config)).settings.header_title_passeios).toBe(
      'Passeios e Experiências',
    );
  });

  it('reads past the first 1,000 rows of a table', async () => {
    const { rows: before } = await sql(
      "select count(*)::int as n from public.categories where type = 'hospedagem' and is_active",
    );
    await sql(
      `insert into public.categories (name, type, order_position)
       select 'Categoria ' || n, 'hospedagem', 1000 + n from generate_series(1, 1200) as n`,
    );
    const data = await readSiteData(config);
    expect(data.categories.hospedagem).toHaveLength(Number(before[0]?.n) + 1200);
    expect(data.categories.hospedagem.at(-1)).toBe('Categoria 1200');
  });

  it('fails loudly, in Portuguese, when Supabase cannot be read', async () => {
    await expect(readSiteData({ url: 'http://127.0.0.1:9', key: config.key })).rejects.toThrow(
      /Não foi possível ler .+ em http:\/\/127\.0\.0\.1:9/,
    );
    await expect(readSiteData({ url: config.url, key: 'chave-errada' })).rejects.toThrow(
      /Leitura de .+ falhou \(HTTP 401\)/,
    );
  });

  it('refuses a row that does not have the expected shape, naming its table and slug', async () => {
    const { rows } = await sql('select slug from public.hospedagens order by slug limit 1');
    const slug = rows[0]?.slug as string;
    await sql('alter table public.hospedagens drop constraint hospedagens_image_styles_check');
    await sql(
      `update public.hospedagens set image_styles = jsonb_set(image_styles, '{objectFit}', '"esticar"')
       where slug = $1`,
      [slug],
    );
    await expect(readSiteData(config)).rejects.toThrow(
      new RegExp(`Linha inválida em hospedagens \\(${slug}\\): image_styles\\.objectFit`),
    );
  });
});

describe('the stored session the header reads', () => {
  it('is found where supabase-js keeps it and gives the user, then nothing after sign-out', async () => {
    const storage = new Map<string, string>();
    const client = createClient(config.url, config.key, {
      auth: {
        autoRefreshToken: false,
        storage: {
          getItem: (key) => storage.get(key) ?? null,
          setItem: (key, value) => void storage.set(key, value),
          removeItem: (key) => void storage.delete(key),
        },
      },
    });
    const { admin } = DEMO_ACCOUNTS;
    const { error } = await client.auth.signInWithPassword(admin);
    expect(error).toBeNull();
    const key = sessionStorageKey(config.url);
    expect(key).toBe('sb-127-auth-token');
    expect(readStoredUser(storage.get(key) ?? null)).toEqual({
      id: admin.id,
      email: admin.email,
      fullName: admin.fullName,
    });
    expect((await client.auth.signOut()).error).toBeNull();
    expect(readStoredUser(storage.get(key) ?? null)).toBeNull();
  });

  it('ignores what is not a usable session', () => {
    expect(readStoredUser(null)).toBeNull();
    expect(readStoredUser('{não é json')).toBeNull();
    expect(readStoredUser(JSON.stringify({ access_token: 'a', user: { id: 'u' } }))).toBeNull();
    expect(
      readStoredUser(
        JSON.stringify({
          access_token: 'a',
          refresh_token: 'r',
          user: { id: 'u', email: 'x@y.z' },
        }),
      ),
    ).toEqual({ id: 'u', email: 'x@y.z', fullName: null });
  });
});
