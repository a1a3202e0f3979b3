// Property: for generated rows of every listing kind, category, slide, setting and profile, the
// zod write schema accepts a row exactly when the database stores it. Each row is written the way
// the product writes it, as a PostgREST body (json_populate_record) in a rolled-back transaction:
// content and settings by an admin, a profile by its own user. A row zod accepts is written as zod
// outputs it (trimmed, defaults filled: what the worker sends); a row zod refuses is written as
// generated. Only constraint and invalid-value errors count as a refusal; any other error fails.

import { randomUUID } from 'node:crypto';
import {
  categoryCreateSchema,
  comercioCreateSchema,
  hospedagemCreateSchema,
  LISTING_EVENTS,
  LISTING_KINDS,
  LISTING_TABLE,
  listingEventSchema,
  passeioCreateSchema,
  profileUpdateSchema,
  settingsUpdateSchema,
  slideCreateSchema,
} from '@guia-fortim/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  actAs,
  anon,
  attempt,
  type DbError,
  inRollback,
  must,
  serviceRole,
} from './support/callers.ts';
import { ENGINES, openDatabase, type TestDatabase } from './support/databases.ts';
import {
  createUser,
  type FixtureUser,
  insertRow,
  makeAdmin,
  VALID_ROWS,
} from './support/fixtures.ts';
import * as gen from './support/row-arbitraries.ts';

// check, not-null and unique violations; a value the column type refuses (enum, integer, range)
const REFUSALS = new Set(['23514', '23502', '23505', '22P02', '22003']);
const RUNS = 80;

const listing = {
  name: gen.text(120),
  description: gen.text(5000),
  phone: gen.phone,
  rating: gen.rating,
  image_url: gen.imageUrl,
  additional_images: gen.imageList,
  amenities: gen.labels(30, 60),
  image_styles: gen.imageStyles,
  latitude: gen.latitude,
  longitude: gen.longitude,
};
// horario, duracao, ponto_encontro and categoria are never left out here: see the last test.
const present = (max: number) => gen.text(max, { missing: false });

type Case = {
  table: string;
  schema: z.ZodType;
  rows: fc.Arbitrary<Record<string, unknown>>;
};

const CASES: Case[] = [
  {
    table: 'hospedagens',
    schema: hospedagemCreateSchema,
    rows: gen.row({
      ...listing,
      address: gen.text(200),
      price: gen.price,
      categorias: gen.labels(20, 60),
    }),
  },
  {
    table: 'comercios',
    schema: comercioCreateSchema,
    rows: gen.row({
      ...listing,
      address: gen.text(200),
      horario: present(200),
      categoria: present(60),
    }),
  },
  {
    table: 'passeios',
    schema: passeioCreateSchema,
    rows: gen.row({
      ...listing,
      price: gen.price,
      duracao: present(100),
      ponto_encontro: present(200),
      itens_incluidos: gen.labels(30, 100),
      categoria: present(60),
    }),
  },
  {
    table: 'categories',
    schema: categoryCreateSchema,
    rows: gen.row({ name: gen.text(60), type: gen.kind, is_active: gen.flag }),
  },
  {
    table: 'carousel_slides',
    schema: slideCreateSchema,
    rows: gen.row({
      title: gen.text(120),
      subtitle: gen.text(300),
      image_url: gen.imageUrl,
      link: gen.link,
      is_active: gen.flag,
      order_position: gen.slideOrder,
      image_styles: gen.imageStyles,
    }),
  },
];

const SETTING_KEYS = [
  'contact_email',
  'contact_phone',
  'contact_address',
  'site_description',
  'nav_label_inicio',
  'nav_label_hospedagem',
  'nav_label_comercio',
  'nav_label_passeios',
  'nav_label_mapa',
  'header_title_hospedagem',
  'header_title_comercio',
  'header_title_passeios',
  'google_maps_api_key',
  'social_instagram',
  'social_facebook',
  'social_youtube',
  'legal_privacidade',
  'legal_termos',
  'legal_cookies',
];
const settingValue = gen.either(gen.text(2000));
// Site paths, URLs of other schemes, spaces, control characters: only http(s) or empty passes.
const socialLink = fc.oneof(gen.either(gen.link), fc.constant(''));
const settings = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.constantFrom(...SETTING_KEYS).chain((key) =>
      fc.record({
        setting_key: fc.constant(key),
        setting_value:
          key === 'contact_email'
            ? gen.either(gen.email)
            : key.startsWith('social_')
              ? socialLink
              : key.startsWith('legal_')
                ? gen.either(gen.text(20000))
                : settingValue,
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      setting_key: fc.constantFrom('site_title', 'CONTACT_EMAIL', 'contact_email ', ''),
      setting_value: fc.constant('Guia'),
    }),
  },
);

// The profile form always sends both fields as text (null is the sign-up's "absent").
const profiles = gen.row({
  full_name: gen.text(100, { nullable: false, missing: false }),
  username: gen.username,
});

function failed(error: DbError | undefined): boolean {
  if (!error) return false;
  if (!REFUSALS.has(error.code)) {
    throw new Error(`o banco falhou sem ser por uma restrição: ${error.code} ${error.message}`);
  }
  return true;
}

/** Inserts one row as PostgREST does, columns limited to the keys it carries. */
function insertSql(table: string, columns: string[], upsert = ''): string {
  const list = columns.join(', ');
  return `insert into public.${table} (${list})
    select ${list} from jsonb_populate_record(null::public.${table}, $1::jsonb) ${upsert}`;
}

describe.each(ENGINES)('zod and the database agree on %s', (engine) => {
  let db: TestDatabase;
  let admin: FixtureUser;
  let visitor: FixtureUser;

  beforeAll(async () => {
    db = await openDatabase(engine);
    admin = await createUser(db.sql, 'admin_agree');
    await makeAdmin(db.sql, admin);
    visitor = await createUser(db.sql, 'visitante_agree');
  });
  afterAll(async () => {
    await db?.close();
  });

  async function refuses(user: FixtureUser, text: string, params: unknown[]): Promise<boolean> {
    const result = await inRollback(db.sql, async () => {
      await actAs(db.sql, user.caller);
      return attempt(db.sql, text, params);
    });
    if (result.rows && result.rows.length !== 1 && !text.startsWith('insert')) {
      throw new Error(`a escrita atingiu ${result.rows.length} linhas`);
    }
    return failed(result.error);
  }

  /** Runs the property; returns how many rows each side accepted and refused, in agreement. */
  async function agreement<T>(
    rows: fc.Arbitrary<T>,
    check: (row: T) => Promise<{ zod: boolean; db: boolean }>,
  ) {
    const seen = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(rows, async (row) => {
        const { zod, db: stored } = await check(row);
        expect(zod, 'zod aceita exatamente quando o banco aceita').toBe(stored);
        seen[zod ? 'accepted' : 'refused'] += 1;
      }),
      { numRuns: RUNS },
    );
    return seen;
  }

  /** Both outcomes occurred, a fair share each: the property did not pass vacuously. */
  function expectBoth(seen: { accepted: number; refused: number }) {
    expect(seen.accepted).toBeGreaterThan(RUNS / 6);
    expect(seen.refused).toBeGreaterThan(RUNS / 6);
  }

  it.each(CASES)('$table: an admin inserts exactly the rows zod accepts', async (c) => {
    const seen = await agreement(c.rows, async (generated) => {
      const parsed = c.schema.safeParse(generated);
      const written = (parsed.success ? parsed.data : generated) as Record<string, unknown>;
      const refused = await refuses(admin, insertSql(c.table, Object.keys(written)), [
        JSON.stringify(written),
      ]);
      return { zod: parsed.success, db: !refused };
    });
    expectBoth(seen);
  });

  it('site_settings: an admin upserts exactly the values zod accepts', async () => {
    const seen = await agreement(settings, async (generated) => {
      const parsed = settingsUpdateSchema.safeParse({
        [generated.setting_key]: generated.setting_value,
      });
      const written = parsed.success
        ? { setting_key: generated.setting_key, setting_value: Object.values(parsed.data)[0] }
        : generated;
      const sql = insertSql(
        'site_settings',
        ['setting_key', 'setting_value'],
        'on conflict (setting_key) do update set setting_value = excluded.setting_value',
      );
      const refused = await refuses(admin, sql, [JSON.stringify(written)]);
      return { zod: parsed.success, db: !refused };
    });
    expectBoth(seen);
  });

  it('profiles: a user saves exactly the name and username zod accepts', async () => {
    const seen = await agreement(profiles, async (generated) => {
      const parsed = profileUpdateSchema.safeParse(generated);
      const written = parsed.success ? parsed.data : generated;
      const refused = await refuses(
        visitor,
        `update public.profiles p set (full_name, username) = (
           select full_name, username from jsonb_populate_record(null::public.profiles, $1::jsonb)
         ) where p.id = $2 returning p.id`,
        [JSON.stringify(written), visitor.id],
      );
      return { zod: parsed.success, db: !refused };
    });
    expectBoth(seen);
  });

  // The beacon's kinds and events (listingEventSchema: LISTING_KINDS, LISTING_EVENTS) are
  // exactly what listing_stats stores (its listing_kind enum, its event CHECK) and what
  // record_listing_events counts.
  it('listing_stats: the table and the flush take exactly the kinds and events the beacon schema accepts', async () => {
    const kinds = [
      ...LISTING_KINDS,
      'hospedagens',
      'Hospedagem',
      'passeios',
      'evento',
      '',
      ' comercio',
    ];
    const events = [...LISTING_EVENTS, 'views', 'View', 'click', 'whatsApp', 'mapa', '', 'map '];
    await inRollback(db.sql, async () => {
      const ids: Record<string, string> = {};
      for (const kind of LISTING_KINDS) {
        const table = LISTING_TABLE[kind];
        ids[kind] = String((await insertRow(db.sql, table, VALID_ROWS[table]())).id);
      }
      const [today] = await must<{ day: string }>(
        db.sql,
        'select private.stats_today()::text as day',
      );
      const key = 'chave-de-teste-'.repeat(3);
      await actAs(db.sql, serviceRole);
      await must(db.sql, 'select public.set_stats_ingest_key($1)', [key]);
      const seen = { accepted: 0, refused: 0 };
      for (const kind of kinds) {
        for (const event of events) {
          const id = ids[kind] ?? randomUUID();
          const zod = listingEventSchema.safeParse({ kind, id, event }).success;
          await db.sql.exec('reset role');
          const stored = await attempt(
            db.sql,
            `insert into public.listing_stats (kind, listing_id, day, event, count)
             values ($1, $2, private.stats_today(), $3, 1)`,
            [kind, id, event],
          );
          await actAs(db.sql, anon);
          const [flushed] = await must<{ n: number }>(
            db.sql,
            'select public.record_listing_events($1, $2::jsonb) as n',
            [key, JSON.stringify([{ kind, id, day: today?.day, event, count: 1 }])],
          );
          const label = `${JSON.stringify(kind)} ${JSON.stringify(event)}`;
          expect(!failed(stored.error), `${label}: the table`).toBe(zod);
          expect(flushed?.n, `${label}: the flush`).toBe(zod ? 1 : 0);
          seen[zod ? 'accepted' : 'refused'] += 1;
        }
      }
      expect(seen.accepted).toBe(LISTING_KINDS.length * LISTING_EVENTS.length);
      expect(seen.refused).toBe(kinds.length * events.length - seen.accepted);
    });
  });

  // Where the specs themselves make the two sides differ, and the property above leaves it out.
  it('differs only where the specs make it: defaults, a blank maps key, rounding, null', async () => {
    const sql = (table: string, row: Record<string, unknown>) =>
      refuses(admin, insertSql(table, Object.keys(row)), [JSON.stringify(row)]);
    const base = {
      name: 'Café do Porto',
      description: 'Café coado.',
      phone: '5588999990000',
      image_url: '/demo/comercios/cafe-1-hero.jpg',
    };
    // "horario (default 'Não informado')"; "Commerce requires … horario
    // … categoria" and "Tour requires … ponto_encontro, duracao, … categoria".
    const comercio = { ...base, address: 'Rua do Porto, 1' };
    const passeio = { ...base, price: 70 };
    expect(comercioCreateSchema.safeParse(comercio).success).toBe(false);
    expect(passeioCreateSchema.safeParse(passeio).success).toBe(false);
    expect(await sql('comercios', comercio)).toBe(false);
    expect(await sql('passeios', passeio)).toBe(false);
    // site_settings holds the key from the start, empty; and an admin may empty it again
    // (deliberately, not only a non-empty key is saved: a wrong key would otherwise
    // break every visitor's map until a valid one is found).
    expect(settingsUpdateSchema.safeParse({ google_maps_api_key: '' }).success).toBe(true);
    const [key] = (
      await db.sql.query<{ setting_value: string }>(
        `select setting_value from public.site_settings where setting_key = 'google_maps_api_key'`,
      )
    ).rows;
    expect(key?.setting_value).toBe('');
    // Slide: "order_position (integer; new slide gets slide count plus 1)": the trigger takes
    // null for "not given", as the schema takes a missing value.
    const slide = { title: 'T', subtitle: 'S', image_url: '/a', order_position: null };
    expect(slideCreateSchema.safeParse(slide).success).toBe(false);
    expect(await sql('carousel_slides', slide)).toBe(false);
    // "Rating 0 to 5, step 0.1", "Price: number, minimum 0, step 0.01": numeric(2,1) and
    // numeric(10,2) round to the step first, so less than half a step past a bound is stored.
    const tour = { ...passeio, ponto_encontro: 'Cais', duracao: '2h', categoria: 'Natureza' };
    for (const edge of [{ rating: 5.04 }, { rating: -0.04 }, { price: -0.004 }]) {
      expect(passeioCreateSchema.safeParse({ ...tour, ...edge }).success).toBe(false);
      expect(await sql('passeios', { ...tour, ...edge })).toBe(false);
    }
    // Sign-up metadata "each null when absent".
    expect(profileUpdateSchema.safeParse({ full_name: null, username: null }).success).toBe(false);
    expect(
      await refuses(
        visitor,
        'update public.profiles set full_name = null, username = null where id = $1 returning id',
        [visitor.id],
      ),
    ).toBe(false);
  });
});
