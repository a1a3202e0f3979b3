// What needs several connections, so PostgreSQL 17 only (PGlite has one): 20 concurrent
// featured/pinned operations leave a contiguous order with no duplicates, a fresh session
// works for an API role from its first statement, and concurrent statistics flushes (the
// worker's isolates) add up without losing a count or deadlocking.

import { DB_ERROR } from '@guia-fortim/domain';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TestDatabase } from './support/databases.ts';
import {
  createUser,
  type FixtureUser,
  insertRow,
  makeAdmin,
  VALID_ROWS,
} from './support/fixtures.ts';

const CONCURRENCY = 20;

type Outcome = { ok: true } | { ok: false; code: string };

describe('many connections on postgres17', () => {
  let db: TestDatabase;
  let admin: FixtureUser;
  let clients: pg.Client[];
  let ids: string[];

  beforeAll(async () => {
    db = await openDatabase('postgres17');
    admin = await createUser(db.sql, 'admin1');
    await makeAdmin(db.sql, admin);
    clients = await Promise.all(Array.from({ length: CONCURRENCY }, () => db.connect()));
  });
  afterAll(async () => {
    await db?.close();
  });

  async function resetItems(n: number): Promise<void> {
    await db.sql.exec('delete from public.hospedagens');
    ids = [];
    for (let i = 0; i < n; i++)
      ids.push(String((await insertRow(db.sql, 'hospedagens', VALID_ROWS.hospedagens())).id));
  }

  /** One API call as the admin, in its own transaction on its own connection. */
  async function call(client: pg.Client, text: string, params: unknown[]): Promise<Outcome> {
    await client.query('begin');
    try {
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ role: 'authenticated', sub: admin.id }),
      ]);
      await client.query('set local role authenticated');
      await client.query(text, params);
      await client.query('commit');
      return { ok: true };
    } catch (error) {
      await client.query('rollback');
      return { ok: false, code: String((error as { code?: string }).code) };
    }
  }

  async function orders(): Promise<{ featured: number[]; pinned: number[] }> {
    const rows = await db.sql.query<{ featured: number[] | null; pinned: number[] | null }>(
      `select array_agg(featured_order order by featured_order) filter (where is_featured) as featured,
              array_agg(pin_order order by pin_order) filter (where is_pinned) as pinned
       from public.hospedagens`,
    );
    return { featured: rows.rows[0]?.featured ?? [], pinned: rows.rows[0]?.pinned ?? [] };
  }

  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  it('runs the migrations and the tests as a hosted project does: `postgres` is no superuser, auth is not its own', async () => {
    const { rows } = await db.sql.query<{
      who: string;
      superuser: boolean;
      bypassrls: boolean;
      users_owner: string;
    }>(
      `select current_user as who, r.rolsuper as superuser, r.rolbypassrls as bypassrls,
         (select tableowner from pg_tables where schemaname = 'auth' and tablename = 'users')
           as users_owner
       from pg_roles r where r.rolname = current_user`,
    );
    expect(rows[0]).toEqual({
      who: 'postgres',
      superuser: false,
      bypassrls: true,
      users_owner: 'supabase_auth_admin',
    });
    const recorded = await db.sql.query<{ owner: string }>(
      `select distinct pg_get_userbyid(c.relowner) as owner from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'v')`,
    );
    expect(recorded.rows.map((r) => r.owner)).toEqual(['postgres']);
  });

  it('is the major version hosted Supabase runs: PostgreSQL 17', async () => {
    const { rows } = await db.sql.query<{ version: string }>(
      "select current_setting('server_version_num') as version",
    );
    const version = Number(rows[0]?.version);
    expect(version).toBeGreaterThanOrEqual(170000);
    expect(version).toBeLessThan(180000);
  });
  it('a fresh connection’s first write is an admin’s (validators need no cached plan)', async () => {
    const client = await db.connect();
    const row = {
      ...VALID_ROWS.hospedagens(),
      amenities: ['Wi-Fi'],
      additional_images: ['/x.jpg'],
    };
    let id: string;
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ role: 'authenticated', sub: admin.id }),
      ]);
      await client.query('set local role authenticated');
      const inserted = await client.query<{ id: string; writer: string }>(
        `insert into public.hospedagens (name, description, address, price, phone, image_url,
             categorias, amenities, additional_images) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         returning id, current_user as writer`,
        [
          row.name,
          row.description,
          row.address,
          row.price,
          row.phone,
          row.image_url,
          row.categorias,
          row.amenities,
          row.additional_images,
        ],
      );
      expect(inserted.rows).toEqual([{ id: expect.any(String), writer: 'authenticated' }]);
      id = inserted.rows[0]?.id as string;
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      await client.end();
    }
    // Committed, as written, with the product's defaults ("Rating 0 to 5, step
    // 0.1, default 4.5"; image_styles "Default scale 1, rotate 0, positions 50, cover").
    const stored = await db.sql.query(
      `select name, price::text, phone, image_url, categorias, amenities, additional_images,
              rating::text, image_styles, is_featured, featured_order, is_pinned, pin_order
       from public.hospedagens where id = $1`,
      [id],
    );
    expect(stored.rows).toEqual([
      {
        name: row.name,
        price: '200.00',
        phone: '5588999990000',
        image_url: row.image_url,
        categorias: ['Pousada'],
        amenities: ['Wi-Fi'],
        additional_images: ['/x.jpg'],
        rating: '4.5',
        image_styles: { scale: 1, rotate: 0, positionX: 50, positionY: 50, objectFit: 'cover' },
        is_featured: false,
        featured_order: 0,
        is_pinned: false,
        pin_order: 0,
      },
    ]);
  });

  it('20 admins featuring 20 items at once: exactly 4 succeed, in order 0..3', async () => {
    await resetItems(CONCURRENCY);
    const outcomes = await Promise.all(
      clients.map((client, i) =>
        call(client, `select public.set_in_list('featured', 'hospedagem', $1, true)`, [ids[i]]),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(4);
    expect(new Set(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.code))).toEqual(
      new Set([DB_ERROR.featuredLimit]),
    );
    expect((await orders()).featured).toEqual([0, 1, 2, 3]);
  });

  it('20 admins pinning 20 items at once: pin_order 1..20 without duplicates', async () => {
    await resetItems(CONCURRENCY);
    const outcomes = await Promise.all(
      clients.map((client, i) =>
        call(client, `select public.set_in_list('pinned', 'hospedagem', $1, true)`, [ids[i]]),
      ),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect((await orders()).pinned).toEqual(range(1, CONCURRENCY));
  });

  it('rounds of 20 mixed operations (add, remove, move, delete) keep both orders contiguous', async () => {
    await resetItems(12);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const expectedErrors = new Set<string>([
      DB_ERROR.featuredLimit,
      DB_ERROR.notFeatured,
      DB_ERROR.notPinned,
      DB_ERROR.itemNotFound,
    ]);
    for (let round = 0; round < 5; round++) {
      const outcomes = await Promise.all(
        clients.map((client) => {
          const id = ids[random(ids.length)];
          const choice = random(9);
          const direction = random(2) ? 'up' : 'down';
          const [text, params]: [string, unknown[]] =
            choice === 0
              ? ['delete from public.hospedagens where id = $1', [id]]
              : choice <= 2
                ? [
                    `select public.set_in_list('featured', 'hospedagem', $1, $2)`,
                    [id, choice === 1],
                  ]
                : choice === 3
                  ? [
                      `select public.move_in_list('featured', 'hospedagem', $1, $2)`,
                      [id, direction],
                    ]
                  : choice <= 5
                    ? [
                        `select public.set_in_list('pinned', 'hospedagem', $1, $2)`,
                        [id, choice === 4],
                      ]
                    : [
                        `select public.move_in_list('pinned', 'hospedagem', $1, $2)`,
                        [id, direction],
                      ];
          return call(client, text, params);
        }),
      );
      const unexpected = outcomes.filter((o) => !o.ok && !expectedErrors.has(o.code));
      expect(unexpected).toEqual([]);
      const { featured, pinned } = await orders();
      expect(featured).toEqual(range(0, featured.length));
      expect(featured.length).toBeLessThanOrEqual(4);
      expect(pinned).toEqual(range(1, pinned.length));
      const remaining = await db.sql.query<{ id: string }>('select id from public.hospedagens');
      ids = remaining.rows.map((r) => r.id);
      while (ids.length < 12)
        ids.push(String((await insertRow(db.sql, 'hospedagens', VALID_ROWS.hospedagens())).id));
    }
  });

  it('20 statistics flushes at once over the same listings, items in any order: every count lands', async () => {
    await resetItems(10);
    const key = 'chave-de-concorrencia-'.repeat(2);
    await db.sql.exec('begin');
    await db.sql.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    await db.sql.exec('set local role service_role');
    await db.sql.query('select public.set_stats_ingest_key($1)', [key]);
    await db.sql.exec('commit');
    await db.sql.exec('delete from public.listing_stats');
    const today = (await db.sql.query<{ day: string }>('select private.stats_today()::text as day'))
      .rows[0]?.day;
    const items = ids.flatMap((id) =>
      ['view', 'whatsapp', 'map'].map((event) => ({
        kind: 'hospedagem',
        id,
        day: today,
        event,
        count: 1,
      })),
    );
    const outcomes = await Promise.all(
      clients.map(async (client, i) => {
        // each flush lists the same keys in its own order: rotated, every other one reversed
        const shift = (i * 7) % items.length;
        const rotated = [...items.slice(shift), ...items.slice(0, shift)];
        const batch = i % 2 ? rotated.reverse() : rotated;
        await client.query('begin');
        try {
          await client.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
          await client.query('set local role anon');
          const result = await client.query<{ n: number }>(
            'select public.record_listing_events($1, $2::jsonb) as n',
            [key, JSON.stringify(batch)],
          );
          await client.query('commit');
          return result.rows[0]?.n;
        } catch (error) {
          await client.query('rollback');
          return String((error as { code?: string }).code);
        }
      }),
    );
    expect(outcomes).toEqual(clients.map(() => items.length));
    const counts = await db.sql.query<{ count: number; keys: number }>(
      'select count(*)::int as keys, min(count) as count from public.listing_stats',
    );
    expect(counts.rows).toEqual([{ keys: items.length, count: CONCURRENCY }]);
    const max = await db.sql.query<{ count: number }>(
      'select max(count) as count from public.listing_stats',
    );
    expect(max.rows).toEqual([{ count: CONCURRENCY }]);
  });
});
