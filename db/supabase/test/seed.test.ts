// The demo seed: generated file up to date, loads on an empty database and looks right (counts,
// featured/pinned order, accounts, photos, valid under the write schemas).
import { readFile } from 'node:fs/promises';
import type { Listing } from '@guia-fortim/domain';
import {
  comparePublicOrder,
  LISTING_KINDS,
  LISTING_TABLE,
  listingSchemas,
  MULTI_FORMAT_MARK,
  slugify,
} from '@guia-fortim/domain';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMERCIOS, DEMO_HOSPEDAGENS, DEMO_PASSEIOS, DEMO_SLIDES } from '../seed/data.ts';
import { DEMO_IMAGES } from '../seed/demo-images.ts';
import { buildSeedSql } from '../seed/seed-sql.ts';
import { DEMO_ACCOUNTS } from '../src/demo-accounts.ts';
import { migrate, SEED_FILE } from '../src/migrate.ts';
import { must } from './support/callers.ts';
import { openDatabase, type TestDatabase } from './support/databases.ts';
import { SPEC_CATEGORIES, SPEC_HOME_FEATURED, SPEC_MAP_CENTER } from './support/spec.ts';

// Section 3, site_settings keys, plus the site's public Maps key (a deliberate deviation, README).
const SPEC_SETTING_KEYS = [
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
  // ARCHITECTURE.md: social links are settings (shown only when set); the legal texts get a row
  // when an admin first edits them.
  'social_instagram',
  'social_facebook',
  'social_youtube',
  // How many days the history of changes is kept (an admin setting, default 365).
  'history_retention_days',
];

it('db/supabase/seed.sql is generated from the demo data (npm run seed:generate -w @guia-fortim/db)', async () => {
  expect(await readFile(SEED_FILE, 'utf8')).toBe(buildSeedSql());
});

it('the demo accounts’ password hashes match their passwords (bcrypt, cost 10)', async () => {
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    expect(account.passwordHash).toMatch(/^\$2[ab]\$10\$/);
    expect(await bcrypt.compare(account.password, account.passwordHash)).toBe(true);
  }
});

describe('the seeded database', () => {
  let db: TestDatabase;
  const listings: Record<string, Listing[]> = {};

  beforeAll(async () => {
    db = await openDatabase('pglite', { seed: true });
    for (const kind of LISTING_KINDS) {
      const table = LISTING_TABLE[kind];
      listings[kind] = (
        await must<{ row: Listing }>(db.sql, `select to_jsonb(t) as row from public.${table} t`)
      ).map((r) => r.row);
    }
  });
  afterAll(async () => {
    await db?.close();
  });

  it('invents no counts and sets no ingest key (the numbers must be true)', async () => {
    const [row] = await must<{ stats: number; keys: number }>(
      db.sql,
      `select (select count(*)::int from public.listing_stats) as stats,
              (select count(*)::int from private.stats_ingest_keys) as keys`,
    );
    expect(row).toEqual({ stats: 0, keys: 0 });
  });

  it('has every demo listing, 3 active slides and 1 inactive, all categories and all settings', async () => {
    expect(listings.hospedagem?.length).toBe(DEMO_HOSPEDAGENS.length);
    expect(listings.comercio?.length).toBe(DEMO_COMERCIOS.length);
    expect(listings.passeio?.length).toBe(DEMO_PASSEIOS.length);
    expect(DEMO_HOSPEDAGENS.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_COMERCIOS.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_PASSEIOS.length).toBeGreaterThanOrEqual(6);
    const slides = await must(
      db.sql,
      'select order_position, title, is_active from public.carousel_slides order by 1',
    );
    expect(slides).toEqual([
      { order_position: 1, title: 'Descubra Fortim', is_active: true },
      { order_position: 2, title: 'Ventos do Canto da Barra', is_active: false },
      { order_position: 3, title: 'Hospede-se à beira-mar', is_active: true },
      { order_position: 4, title: 'Sabores do litoral', is_active: true },
    ]);
    for (const kind of LISTING_KINDS) {
      const names = await must<{ name: string }>(
        db.sql,
        'select name from public.categories where type = $1 and is_active order by order_position',
        [kind],
      );
      expect(names.map((r) => r.name)).toEqual(SPEC_CATEGORIES[kind]);
    }
    const keys = await must<{ setting_key: string }>(
      db.sql,
      'select setting_key from public.site_settings',
    );
    expect(keys.map((r) => r.setting_key).sort()).toEqual([...SPEC_SETTING_KEYS].sort());
  });

  it('features enough items for the home page and pins some, in contiguous order', () => {
    for (const kind of LISTING_KINDS) {
      const items = listings[kind] ?? [];
      const featured = items
        .filter((i) => i.is_featured)
        .map((i) => i.featured_order)
        .sort();
      const pinned = items
        .filter((i) => i.is_pinned)
        .map((i) => i.pin_order)
        .sort();
      expect(featured.length).toBeGreaterThanOrEqual(SPEC_HOME_FEATURED[kind]);
      expect(featured).toEqual(featured.map((_, i) => i));
      expect(featured.length).toBeLessThanOrEqual(4);
      expect(pinned.length).toBeGreaterThan(0);
      expect(pinned).toEqual(pinned.map((_, i) => i + 1));
    }
  });

  it('orders pins, featured items and slides so that no other order gives the right one', async () => {
    const inserted: Record<string, string[]> = {
      hospedagem: DEMO_HOSPEDAGENS.map((i) => i.name),
      comercio: DEMO_COMERCIOS.map((i) => i.name),
      passeio: DEMO_PASSEIOS.map((i) => i.name),
    };
    const newest = (a: Listing, b: Listing) => Date.parse(b.created_at) - Date.parse(a.created_at);
    const wrongOrders = (items: Listing[], kind: string) => [
      [...items].sort(newest).map((i) => i.name),
      [...items].sort((a, b) => newest(b, a)).map((i) => i.name),
      (inserted[kind] ?? []).filter((name) => items.some((i) => i.name === name)),
    ];
    for (const kind of LISTING_KINDS) {
      const items = listings[kind] ?? [];
      const pinned = items.filter((i) => i.is_pinned).sort((a, b) => a.pin_order - b.pin_order);
      const featured = items
        .filter((i) => i.is_featured)
        .sort((a, b) => a.featured_order - b.featured_order);
      expect(pinned.length, kind).toBeGreaterThanOrEqual(3);
      for (const wrong of wrongOrders(pinned, kind)) {
        expect(wrong, `${kind}: fixados`).not.toEqual(pinned.map((i) => i.name));
      }
      for (const wrong of wrongOrders(featured, kind)) {
        expect(wrong.slice(0, SPEC_HOME_FEATURED[kind]), `${kind}: destaques`).not.toEqual(
          featured.slice(0, SPEC_HOME_FEATURED[kind]).map((i) => i.name),
        );
      }
      // Unpinned items are not inserted newest first either.
      const rest = items.filter((i) => !i.is_pinned);
      expect(wrongOrders(rest, kind)[2]).not.toEqual([...rest].sort(newest).map((i) => i.name));
    }
    // More featured tours than the home page shows, so its limit shows too.
    expect(listings.passeio?.filter((i) => i.is_featured).length).toBeGreaterThan(
      SPEC_HOME_FEATURED.passeio,
    );
    const insertedSlides = DEMO_SLIDES.map((s) => s.title);
    const active = DEMO_SLIDES.filter((s) => s.isActive).map((s) => s.title);
    expect(insertedSlides.filter((t) => active.includes(t))).not.toEqual([
      'Descubra Fortim',
      'Hospede-se à beira-mar',
      'Sabores do litoral',
    ]);
  });

  it('every listing is valid for the admin forms, sits near Fortim and has its slug', () => {
    for (const kind of LISTING_KINDS) {
      const schema = listingSchemas[kind].create;
      const writable = Object.keys(schema.shape);
      for (const item of listings[kind] ?? []) {
        const payload = Object.fromEntries(
          writable.map((key) => [key, item[key as keyof Listing]]),
        );
        const parsed = schema.safeParse(payload);
        expect(parsed.error?.issues, item.name).toBeUndefined();
        expect(item.slug).toBe(slugify(item.name));
        expect(Math.abs(item.latitude - SPEC_MAP_CENTER.lat)).toBeLessThan(0.1);
        expect(Math.abs(item.longitude - SPEC_MAP_CENTER.lng)).toBeLessThan(0.1);
      }
    }
  });

  it('references exactly the demo photos, each a hero variant named after its listing', async () => {
    const slideImages = await must<{ image_url: string }>(
      db.sql,
      'select image_url from public.carousel_slides',
    );
    const used = [
      ...Object.values(listings).flatMap((items) =>
        items.flatMap((i) => [i.image_url, ...i.additional_images]),
      ),
      ...slideImages.map((s) => s.image_url),
    ];
    expect(new Set(used).size).toBe(used.length);
    expect(used.sort()).toEqual(DEMO_IMAGES.map((i) => i.url).sort());
    for (const kind of LISTING_KINDS) {
      for (const item of listings[kind] ?? []) {
        expect(item.image_url).toBe(
          `/demo/${LISTING_TABLE[kind]}/${item.slug}-1${MULTI_FORMAT_MARK}-hero.jpg`,
        );
      }
    }
  });

  it('has the demo accounts, confirmed, with their profiles and roles', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [row] = await must(
        db.sql,
        `select u.email, u.encrypted_password, u.email_confirmed_at is not null as confirmed,
                p.username, p.full_name, array(select r.role::text from public.user_roles r where r.user_id = u.id) as roles
         from auth.users u join public.profiles p on p.id = u.id where u.id = $1`,
        [account.id],
      );
      expect(row).toEqual({
        email: account.email,
        encrypted_password: account.passwordHash,
        confirmed: true,
        username: account.username,
        full_name: account.fullName,
        roles: [account.role],
      });
    }
  });

  it('decides each approved review by a staff member other than its author', async () => {
    const rows = await must<{ author: string; decider: string | null; staff: boolean }>(
      db.sql,
      `select r.user_id::text as author, r.moderated_by::text as decider,
              exists (select 1 from public.user_roles u
                      where u.user_id = r.moderated_by and u.role in ('admin', 'moderator')) as staff
       from public.reviews r where r.status = 'approved'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.staff).toBe(true);
      expect(row.decider).not.toBe(row.author);
    }
  });

  it('public list order in SQL matches comparePublicOrder', async () => {
    const rows = await must<{ id: string }>(
      db.sql,
      'select id from public.comercios order by is_pinned desc, pin_order asc, created_at desc, id asc',
    );
    const sorted = [...(listings.comercio ?? [])].sort(comparePublicOrder).map((i) => i.id);
    expect(sorted).toEqual(rows.map((r) => r.id));
  });

  it('is not loaded again on a database that has content', async () => {
    expect(await migrate(db.sql, { local: db.local, seed: true })).toEqual({
      applied: [],
      seeded: false,
    });
  });
});
