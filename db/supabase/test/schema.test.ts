// The migrations apply (and re-apply as a no-op) on PGlite and PostgreSQL 17, and the database
// matches what the TypeScript side says about it: columns and types, defaults, settings, slugs.

import { readFile } from 'node:fs/promises';
import {
  DEFAULT_CATEGORIA,
  DEFAULT_IMAGE_STYLES,
  DEFAULT_RATING,
  FAVORITE_COLUMNS,
  type FavoriteRow,
  isImageUrl,
  isLink,
  LEGAL_SETTING_KEYS,
  LISTING_KINDS,
  NOT_INFORMED,
  type PublishedReview,
  type QueuedReview,
  type Review,
  SETTINGS_DEFAULTS,
  SLIDE_DEFAULT_LINK,
  slugify,
  TABLE_COLUMNS,
  type TableName,
  type TableRow,
} from '@guia-fortim/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { MIGRATIONS_DIR, migrate, migrationFiles } from '../src/migrate.ts';
import { attempt, inRollback, must } from './support/callers.ts';
import { ENGINES, openDatabase, type TestDatabase } from './support/databases.ts';
import { insertRow, VALID_ROWS } from './support/fixtures.ts';

// Compile-time half of "row types kept in sync": every row type has exactly the listed columns,
// and the nullable ones (marked '?') admit null in the type.
type ColumnsOf<T extends TableName> = keyof (typeof TABLE_COLUMNS)[T];
type NullableColumns<T extends TableName> = {
  [K in ColumnsOf<T>]: (typeof TABLE_COLUMNS)[T][K] extends `${string}?` ? K : never;
}[ColumnsOf<T>];
type NullableInType<T extends TableName> = {
  [K in keyof TableRow[T]]: null extends TableRow[T][K] ? K : never;
}[keyof TableRow[T]];

// The listing statistics' relations, which the domain (db/domain/src/stats.ts) describes by their values rather
// than by row types: the columns the worker, the panel and the CSV export code against. A view's
// columns are nullable in information_schema.
const STATS_COLUMNS = {
  listing_stats: {
    kind: 'listing_kind',
    listing_id: 'uuid',
    day: 'date',
    event: 'text',
    count: 'int4',
  },
  listing_names: { kind: 'listing_kind?', id: 'uuid?', name: 'text?', slug: 'text?' },
  listing_daily_stats: {
    id: 'text?',
    kind: 'listing_kind?',
    listing_id: 'uuid?',
    name: 'text?',
    day: 'date?',
    views: 'int4?',
    whatsapp: 'int4?',
    map: 'int4?',
  },
};

// Visitors' reviews: the table and its two views, as db/domain/src/reviews.ts types their rows.
const REVIEW_COLUMNS = {
  reviews: {
    id: 'uuid',
    user_id: 'uuid',
    listing_kind: 'listing_kind',
    listing_id: 'uuid',
    rating: 'int2',
    comment: 'text',
    status: 'review_status',
    rejection_reason: 'text?',
    reported_at: 'timestamptz?',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    moderated_at: 'timestamptz?',
    moderated_by: 'uuid?',
  },
  published_reviews: {
    id: 'uuid?',
    listing_kind: 'listing_kind?',
    listing_id: 'uuid?',
    rating: 'int2?',
    comment: 'text?',
    author_name: 'text?',
    created_at: 'timestamptz?',
    updated_at: 'timestamptz?',
  },
  review_queue: {
    id: 'uuid?',
    status: 'review_status?',
    rating: 'int2?',
    comment: 'text?',
    rejection_reason: 'text?',
    reported_at: 'timestamptz?',
    created_at: 'timestamptz?',
    updated_at: 'timestamptz?',
    moderated_at: 'timestamptz?',
    listing_kind: 'listing_kind?',
    listing_id: 'uuid?',
    listing_name: 'text?',
    listing_slug: 'text?',
    author_name: 'text?',
    is_own: 'bool?',
  },
};

describe.each(ENGINES)('migrations on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openDatabase(engine);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('recorded every migration file, and a second run applies nothing', async () => {
    const files = await migrationFiles();
    const recorded = await must<{ version: string; name: string; statements: string[] }>(
      db.sql,
      'select version, name, statements from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.map((r) => [r.version, r.name])).toEqual(files.map((f) => [f.version, f.name]));
    const texts = await Promise.all(
      files.map((f) => readFile(new URL(f.file, MIGRATIONS_DIR), 'utf8')),
    );
    expect(recorded.map((r) => r.statements)).toEqual(texts.map((text) => [text]));
    expect(await migrate(db.sql, { local: db.local, seed: false })).toEqual({
      applied: [],
      seeded: false,
    });
  });

  it('has exactly the columns, types and nullability of TABLE_COLUMNS', async () => {
    const rows = await must<{
      table_name: string;
      column_name: string;
      udt_name: string;
      is_nullable: string;
    }>(
      db.sql,
      `select table_name, column_name, udt_name, is_nullable from information_schema.columns
       where table_schema = 'public' order by table_name, column_name`,
    );
    const actual: Record<string, Record<string, string>> = {};
    for (const r of rows) {
      actual[r.table_name] ??= {};
      (actual[r.table_name] as Record<string, string>)[r.column_name] =
        r.udt_name + (r.is_nullable === 'YES' ? '?' : '');
    }
    expect(actual).toEqual({
      ...TABLE_COLUMNS,
      ...STATS_COLUMNS,
      ...REVIEW_COLUMNS,
      favorites: FAVORITE_COLUMNS,
    });
    expectTypeOf<keyof typeof REVIEW_COLUMNS.reviews>().toEqualTypeOf<keyof Review>();
    expectTypeOf<keyof typeof REVIEW_COLUMNS.published_reviews>().toEqualTypeOf<
      keyof PublishedReview
    >();
    expectTypeOf<keyof typeof REVIEW_COLUMNS.review_queue>().toEqualTypeOf<keyof QueuedReview>();
    expectTypeOf<ColumnsOf<'hospedagens'>>().toEqualTypeOf<keyof TableRow['hospedagens']>();
    expectTypeOf<ColumnsOf<'comercios'>>().toEqualTypeOf<keyof TableRow['comercios']>();
    expectTypeOf<ColumnsOf<'passeios'>>().toEqualTypeOf<keyof TableRow['passeios']>();
    expectTypeOf<ColumnsOf<'profiles'>>().toEqualTypeOf<keyof TableRow['profiles']>();
    expectTypeOf<ColumnsOf<'user_roles'>>().toEqualTypeOf<keyof TableRow['user_roles']>();
    expectTypeOf<ColumnsOf<'categories'>>().toEqualTypeOf<keyof TableRow['categories']>();
    expectTypeOf<ColumnsOf<'carousel_slides'>>().toEqualTypeOf<keyof TableRow['carousel_slides']>();
    expectTypeOf<ColumnsOf<'site_settings'>>().toEqualTypeOf<keyof TableRow['site_settings']>();
    expectTypeOf<keyof typeof FAVORITE_COLUMNS>().toEqualTypeOf<keyof FavoriteRow>();
    expectTypeOf<NullableColumns<'profiles'>>().toEqualTypeOf<NullableInType<'profiles'>>();
    expectTypeOf<NullableInType<'hospedagens' | 'comercios' | 'passeios'>>().toEqualTypeOf<never>();
  });

  it('has the statistics functions with the signatures the worker and the panel call', async () => {
    const rows = await must<{ proname: string; args: string; result: string; definer: boolean }>(
      db.sql,
      `select p.proname, pg_get_function_identity_arguments(p.oid) as args,
              pg_get_function_result(p.oid) as result, p.prosecdef as definer
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'
         and p.proname in ('record_listing_events', 'listing_ranking', 'set_stats_ingest_key')
       order by 1`,
    );
    expect(rows).toEqual([
      {
        proname: 'listing_ranking',
        args: 'p_days integer',
        result:
          'TABLE(kind listing_kind, listing_id uuid, name text, slug text, views integer, whatsapp integer, map integer)',
        // row-level security of listing_stats decides who sees counts
        definer: false,
      },
      {
        proname: 'record_listing_events',
        args: 'p_key text, p_counts jsonb',
        result: 'integer',
        definer: true,
      },
      { proname: 'set_stats_ingest_key', args: 'p_key text', result: 'void', definer: true },
    ]);
  });

  // A count's kind is the categories' type, one enum whose labels are the domain's kinds: a kind
  // the domain adds is a label added to listing_kind, for the categories and the counts at once.
  it("stores the counts' kinds as listing_kind, the categories' type, labelled LISTING_KINDS", async () => {
    const columns = await must<{ relation: string; type: string }>(
      db.sql,
      `select c.relname || '.' || a.attname as relation, a.atttypid::regtype::text as type
       from pg_attribute a join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and not a.attisdropped
         and (c.relname, a.attname) in (('categories', 'type'), ('listing_stats', 'kind'),
           ('listing_names', 'kind'), ('listing_daily_stats', 'kind'))
       order by 1`,
    );
    expect(columns).toEqual([
      { relation: 'categories.type', type: 'listing_kind' },
      { relation: 'listing_daily_stats.kind', type: 'listing_kind' },
      { relation: 'listing_names.kind', type: 'listing_kind' },
      { relation: 'listing_stats.kind', type: 'listing_kind' },
    ]);
    const labels = await must<{ label: string }>(
      db.sql,
      `select enumlabel as label from pg_enum
       where enumtypid = 'public.listing_kind'::regtype order by enumsortorder`,
    );
    expect(labels.map((l) => l.label)).toEqual([...LISTING_KINDS]);
  });

  it('creates the site settings with the same Portuguese defaults as SETTINGS_DEFAULTS', async () => {
    const rows = await must<{ setting_key: string; setting_value: string }>(
      db.sql,
      'select setting_key, setting_value from public.site_settings',
    );
    // The legal texts have no row until an admin edits them: their defaults live once, in the domain.
    const stored = Object.fromEntries(rows.map((r) => [r.setting_key, r.setting_value]));
    expect({
      ...stored,
      ...Object.fromEntries(LEGAL_SETTING_KEYS.map((k) => [k, SETTINGS_DEFAULTS[k]])),
    }).toEqual(SETTINGS_DEFAULTS);
    expect(Object.keys(stored).filter((key) => key.startsWith('legal_'))).toEqual([]);
    const unknown = await inRollback(db.sql, () =>
      attempt(db.sql, `insert into public.site_settings (setting_key) values ('tema')`),
    );
    expect(unknown.error?.code).toBe('23514');
  });

  it('uses the same defaults as the TypeScript constants', async () => {
    await inRollback(db.sql, async () => {
      const c = await insertRow(db.sql, 'comercios', VALID_ROWS.comercios());
      const p = await insertRow(db.sql, 'passeios', VALID_ROWS.passeios());
      const s = await insertRow(db.sql, 'carousel_slides', VALID_ROWS.carousel_slides());
      expect(Number(c.rating)).toBe(DEFAULT_RATING);
      expect([c.horario, p.duracao, p.ponto_encontro]).toEqual([
        NOT_INFORMED,
        NOT_INFORMED,
        NOT_INFORMED,
      ]);
      expect([c.categoria, p.categoria]).toEqual([DEFAULT_CATEGORIA, DEFAULT_CATEGORIA]);
      expect([c.image_styles, s.image_styles]).toEqual([
        DEFAULT_IMAGE_STYLES,
        DEFAULT_IMAGE_STYLES,
      ]);
      expect(s.link).toBe(SLIDE_DEFAULT_LINK);
    });
  });

  it('slugify() in TypeScript and private.slugify() in SQL agree', async () => {
    const alphabet = [...'aAzZ09 -_.,!?/çÇãÃéÉíÍõÕüÜñÑýÿßøŒ€😀\t', 'K', 'İ'];
    const text = fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 100 });
    const samples = fc.sample(text, 300);
    samples.push(
      'Pousada Pontal do Maceió',
      'Café & Cia. — Centro',
      '',
      '---',
      `${'a'.repeat(90)} b`,
    );
    const { rows } = await db.sql.query<{ slug: string }>(
      'select private.slugify(s) as slug from unnest($1::text[]) with ordinality u(s, n) order by n',
      [samples],
    );
    expect(rows.map((r) => r.slug)).toEqual(samples.map(slugify));
  });

  it('isImageUrl()/isLink() in TypeScript and the SQL checks agree', async () => {
    const url = fc
      .tuple(
        fc.constantFrom(
          '',
          '/',
          '//',
          'http://',
          'https://',
          'HTTPS://',
          'javascript:',
          '/\\',
          'ftp://',
        ),
        fc.string({ unit: fc.constantFrom(...'ab/.?#:-_ \\'), maxLength: 12 }),
      )
      .map(([prefix, rest]) => prefix + rest);
    const samples = fc.sample(url, 300);
    const { rows } = await db.sql.query<{ image: boolean; link: boolean }>(
      `select private.is_image_url(s) as image, private.is_link(s) as link
       from unnest($1::text[]) with ordinality u(s, n) order by n`,
      [samples],
    );
    expect(rows.map((r) => [r.image, r.link])).toEqual(
      samples.map((s) => [isImageUrl(s), isLink(s)]),
    );
  });
});
