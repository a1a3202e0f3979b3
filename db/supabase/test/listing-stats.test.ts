// Contacts and views per listing, as the API roles on PGlite and PostgreSQL 17: who
// reads the counts, that nobody writes them but record_listing_events with the ingest key, what a
// flush counts, ignores and refuses, 'Mais procurados' (order and period), the daily view, and
// what a listing's trip through the trash does to its counts.
// Every test runs in a transaction that is rolled back; the owner only sets up rows (older days).

import { createHash, randomUUID } from 'node:crypto';
import { type ListingEvent, type ListingKind, statsDay } from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStatsIngestKey } from '../scripts/stats-key.ts';
import {
  actAs,
  anon,
  attempt,
  type Caller,
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
  type ListingTable,
  makeAdmin,
  VALID_ROWS,
} from './support/fixtures.ts';

const TABLE_OF: Record<ListingKind, ListingTable> = {
  hospedagem: 'hospedagens',
  comercio: 'comercios',
  passeio: 'passeios',
};

const BAD_KEY = { code: '42501', message: 'Chave de eventos inválida.' };
const BAD_BATCH = { code: '22023', message: 'Lote de eventos inválido.' };
const NOT_OPERATOR = {
  code: '42501',
  message: 'Apenas o operador pode definir a chave de eventos.',
};
const SHORT_KEY = {
  code: '22023',
  message: 'A chave de eventos deve ter pelo menos 32 caracteres.',
};

type Listing = { kind: ListingKind; id: string; name: string; slug: string };
type Item = { kind: string; id: string; day: string; event: string; count: number };
type Stat = [kind: ListingKind, listing: Listing, day: string, event: ListingEvent, count: number];
type RankingRow = {
  kind: string;
  listing_id: string;
  name: string;
  slug: string | null;
  views: number;
  whatsapp: number;
  map: number;
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** `day` moved by `offset` days (negative: earlier), both YYYY-MM-DD. */
function shift(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

describe.each(ENGINES)('listing statistics on %s', (engine) => {
  let db: TestDatabase;
  let admin: FixtureUser;
  let user: FixtureUser;

  beforeAll(async () => {
    db = await openDatabase(engine);
    admin = await createUser(db.sql, 'chefe');
    user = await createUser(db.sql, 'maria');
    await makeAdmin(db.sql, admin);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Back to the database owner (superuser), with no caller in the claims. */
  async function asOwner(): Promise<void> {
    await db.sql.exec('reset role');
    await db.sql.query(`select set_config('request.jwt.claims', '', true)`);
  }

  /** Acts as `who` with a token naming a session (a live one, or one that was signed out). */
  async function actAsSession(who: FixtureUser, sessionId: string): Promise<void> {
    await actAs(db.sql, who.caller);
    await db.sql.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({
        role: 'authenticated',
        sub: who.id,
        email: who.email,
        aud: 'authenticated',
        session_id: sessionId,
      }),
    ]);
  }

  /** Today in Fortaleza, as the database counts it (within the test's transaction). */
  async function today(): Promise<string> {
    await asOwner();
    const [row] = await must<{ day: string }>(db.sql, 'select private.stats_today()::text as day');
    if (!row) throw new Error('stats_today não devolveu nada');
    return row.day;
  }

  async function listing(kind: ListingKind, name?: string): Promise<Listing> {
    await asOwner();
    const table = TABLE_OF[kind];
    const values = { ...VALID_ROWS[table](), ...(name ? { name } : {}) };
    const row = await insertRow(db.sql, table, values);
    return { kind, id: String(row.id), name: String(row.name), slug: String(row.slug) };
  }

  /** Counts written directly as the table's owner (any day: the API only takes yesterday..today). */
  async function addStats(stats: Stat[]): Promise<void> {
    await asOwner();
    for (const [kind, l, day, event, count] of stats) {
      await db.sql.query(
        `insert into public.listing_stats (kind, listing_id, day, event, count)
         values ($1, $2, $3, $4, $5)`,
        [kind, l.id, day, event, count],
      );
    }
  }

  /** Every count in the table, as 'kind id day event' → count (read as the owner). */
  async function stats(): Promise<Record<string, number>> {
    await asOwner();
    const rows = await must<{ k: string; count: number }>(
      db.sql,
      `select kind || ' ' || listing_id || ' ' || day::text || ' ' || event as k, count
       from public.listing_stats`,
    );
    return Object.fromEntries(rows.map((r) => [r.k, r.count]));
  }
  const at = (l: Listing, day: string, event: ListingEvent) => `${l.kind} ${l.id} ${day} ${event}`;

  async function storedKeys(): Promise<string[]> {
    await asOwner();
    return (
      await must<{ key_hash: string }>(db.sql, 'select key_hash from private.stats_ingest_keys')
    ).map((r) => r.key_hash);
  }

  async function setKey(key: string): Promise<void> {
    await actAs(db.sql, serviceRole);
    await must(db.sql, 'select public.set_stats_ingest_key($1)', [key]);
  }

  /** The worker's flush: `batch` is sent as JSON text (or SQL null), by anon unless told. */
  async function record(
    key: string | null,
    batch: unknown,
    caller: Caller = anon,
  ): Promise<{ counted?: number; error?: DbError }> {
    await actAs(db.sql, caller);
    const json =
      batch === undefined ? null : typeof batch === 'string' ? batch : JSON.stringify(batch);
    const result = await attempt<{ n: number }>(
      db.sql,
      'select public.record_listing_events($1, $2::jsonb) as n',
      [key, json],
    );
    return result.error ? { error: result.error } : { counted: result.rows[0]?.n };
  }

  const item = (l: Listing, day: string, event: string, count: number): Item => ({
    kind: l.kind,
    id: l.id,
    day,
    event,
    count,
  });

  async function ranking(
    days: number | null,
    caller: Caller = admin.caller,
  ): Promise<RankingRow[]> {
    await actAs(db.sql, caller);
    return must<RankingRow>(
      db.sql,
      `select kind, listing_id::text, name, slug, views, whatsapp, map
       from public.listing_ranking($1)`,
      [days],
    );
  }

  const ranked = (l: Listing, views: number, whatsapp: number, map: number): RankingRow => ({
    kind: l.kind,
    listing_id: l.id,
    name: l.name,
    slug: l.slug,
    views,
    whatsapp,
    map,
  });

  it('counts days as statsDay() does: the calendar day in Fortaleza (UTC−3)', async () => {
    const before = statsDay();
    const [row] = await must<{ day: string }>(db.sql, 'select private.stats_today()::text as day');
    expect([before, statsDay()]).toContain(row?.day);
    // PostgreSQL's time zone database and Intl agree on the day's edges
    const instants = ['2026-01-01T02:59:59Z', '2026-01-01T03:00:00Z', '2026-07-15T12:00:00Z'];
    const rows = await must<{ day: string }>(
      db.sql,
      `select (t at time zone 'America/Fortaleza')::date::text as day
       from unnest($1::timestamptz[]) with ordinality u(t, n) order by n`,
      [instants],
    );
    expect(rows.map((r) => r.day)).toEqual(instants.map((i) => statsDay(new Date(i))));
    expect(rows.map((r) => r.day)).toEqual(['2025-12-31', '2026-01-01', '2026-07-15']);
  });

  describe('reading', () => {
    it('only admins with a live session and the service role read the counts', async () => {
      await inRollback(db.sql, async () => {
        const h = await listing('hospedagem');
        const t = await today();
        await addStats([
          ['hospedagem', h, t, 'view', 3],
          ['hospedagem', h, t, 'whatsapp', 2],
        ]);
        const session = randomUUID();
        await asOwner();
        await db.sql.query(
          `insert into auth.sessions (id, user_id, amr_method) values ($1, $2, 'password')`,
          [session, admin.id],
        );
        const reads: [string, string, unknown[]][] = [
          [
            'listing_stats',
            `select listing_id::text as id, day::text, event, count from public.listing_stats
             where listing_id = $1 order by event`,
            [
              { id: h.id, day: t, event: 'view', count: 3 },
              { id: h.id, day: t, event: 'whatsapp', count: 2 },
            ],
          ],
          [
            'listing_daily_stats',
            `select id, listing_id::text, day::text, views, whatsapp, map
             from public.listing_daily_stats where listing_id = $1`,
            [{ id: `${h.id}:${t}`, listing_id: h.id, day: t, views: 3, whatsapp: 2, map: 0 }],
          ],
          [
            'listing_ranking',
            `select listing_id::text, views, whatsapp, map from public.listing_ranking(7)
             where listing_id = $1`,
            [{ listing_id: h.id, views: 3, whatsapp: 2, map: 0 }],
          ],
        ];
        for (const [what, text, rows] of reads) {
          const read = () => attempt(db.sql, text, [h.id]);
          await actAs(db.sql, anon);
          expect((await read()).error?.code, `${what} by anon`).toBe('42501');
          await actAs(db.sql, user.caller);
          expect((await read()).rows, `${what} by a user`).toEqual([]);
          await actAsSession(admin, randomUUID());
          expect((await read()).rows, `${what} by a signed-out admin`).toEqual([]);
          await actAsSession(admin, session);
          expect((await read()).rows, `${what} by an admin`).toEqual(rows);
          await actAs(db.sql, admin.caller);
          expect((await read()).rows, `${what} by an admin (no session claim)`).toEqual(rows);
          await actAs(db.sql, serviceRole);
          expect((await read()).rows, `${what} by the service role`).toEqual(rows);
        }
      });
    });

    it('no API role writes the counts, reads or writes the ingest keys, or calls the helpers', async () => {
      await inRollback(db.sql, async () => {
        const h = await listing('hospedagem');
        const t = await today();
        await addStats([['hospedagem', h, t, 'view', 3]]);
        await setKey(newStatsIngestKey());
        const before = { stats: await stats(), keys: await storedKeys() };
        const writes: [string, unknown[]][] = [
          [
            `insert into public.listing_stats (kind, listing_id, day, event, count)
             values ('hospedagem', $1, current_date, 'whatsapp', 100)`,
            [h.id],
          ],
          [
            `insert into public.listing_stats (kind, listing_id, day, event, count)
             values ('hospedagem', $1, current_date, 'view', 100)
             on conflict (listing_id, day, event) do update set count = 100`,
            [h.id],
          ],
          ['update public.listing_stats set count = 100 where listing_id = $1', [h.id]],
          ['delete from public.listing_stats where listing_id = $1', [h.id]],
          ['truncate public.listing_stats', []],
          ['select key_hash from private.stats_ingest_keys', []],
          [`insert into private.stats_ingest_keys (key_hash) values ('x')`, []],
          ['delete from private.stats_ingest_keys where true', []],
          ['select private.stats_today()', []],
          [`select private.stats_key_hash('x')`, []],
        ];
        for (const [name, caller] of [
          ['anon', anon],
          ['a user', user.caller],
          ['an admin', admin.caller],
          ['the service role', serviceRole],
        ] as const) {
          for (const [text, params] of writes) {
            await actAs(db.sql, caller);
            const result = await attempt(db.sql, text, params);
            expect(result.error?.code, `${text} by ${name}`).toBe('42501');
          }
        }
        expect({ stats: await stats(), keys: await storedKeys() }).toEqual(before);
      });
    });
  });

  describe('set_stats_ingest_key', () => {
    it('only the service role sets it; the owner without claims is refused too', async () => {
      await inRollback(db.sql, async () => {
        const key = newStatsIngestKey();
        for (const [name, caller] of [
          ['anon', anon],
          ['a user', user.caller],
          ['an admin', admin.caller],
        ] as const) {
          await actAs(db.sql, caller);
          const result = await attempt(db.sql, 'select public.set_stats_ingest_key($1)', [key]);
          // no EXECUTE at all
          expect(result.error?.code, name).toBe('42501');
        }
        await asOwner();
        expect(
          (await attempt(db.sql, 'select public.set_stats_ingest_key($1)', [key])).error,
        ).toMatchObject(NOT_OPERATOR);
        expect(await storedKeys()).toEqual([]);
      });
    });

    it('refuses a key shorter than 32 characters, keeps only the hash, and a new key replaces the old', async () => {
      await inRollback(db.sql, async () => {
        for (const short of ['x'.repeat(31), '', null]) {
          await actAs(db.sql, serviceRole);
          const result = await attempt(db.sql, 'select public.set_stats_ingest_key($1)', [short]);
          expect(result.error, String(short)).toMatchObject(SHORT_KEY);
        }
        expect(await storedKeys()).toEqual([]);

        const first = 'k'.repeat(32);
        await setKey(first);
        expect(await storedKeys()).toEqual([sha256(first)]);
        expect(await record(first, [])).toEqual({ counted: 0 });

        const second = newStatsIngestKey();
        expect(second.length).toBeGreaterThanOrEqual(32);
        await setKey(second);
        expect(await storedKeys()).toEqual([sha256(second)]);
        expect((await record(first, [])).error).toMatchObject(BAD_KEY);
        expect(await record(second, [])).toEqual({ counted: 0 });
      });
    });
  });

  describe('record_listing_events', () => {
    it('refuses a missing or wrong key (42501), changing nothing', async () => {
      await inRollback(db.sql, async () => {
        const h = await listing('hospedagem');
        const t = await today();
        await addStats([['hospedagem', h, t, 'view', 2]]);
        const batch = [item(h, t, 'view', 1)];
        const key = newStatsIngestKey();
        // no key set yet
        expect((await record(key, batch)).error).toMatchObject(BAD_KEY);
        await setKey(key);
        // the stored hash is no key either
        for (const wrong of [null, '', `${key}x`, key.slice(1), sha256(key)]) {
          expect((await record(wrong, batch)).error, String(wrong)).toMatchObject(BAD_KEY);
        }
        // checked before the batch: a bad key with a malformed batch is still a bad key
        expect((await record('errada', '{}')).error).toMatchObject(BAD_KEY);
        expect(await stats()).toEqual({ [at(h, t, 'view')]: 2 });
      });
    });

    it('counts exactly, summing repeated items and adding to the stored counts', async () => {
      await inRollback(db.sql, async () => {
        const h = await listing('hospedagem');
        const c = await listing('comercio');
        const p = await listing('passeio');
        const t = await today();
        const y = shift(t, -1);
        await addStats([['hospedagem', h, t, 'view', 10]]);
        const key = newStatsIngestKey();
        await setKey(key);

        expect(
          await record(key, [
            item(h, t, 'view', 3),
            item(h, t, 'view', 2),
            item(h, t, 'whatsapp', 1),
            item(h, y, 'map', 4),
            item(c, t, 'whatsapp', 7),
            item(p, y, 'view', 1_000_000),
          ]),
        ).toEqual({ counted: 1_000_017 });
        expect(await stats()).toEqual({
          [at(h, t, 'view')]: 15,
          [at(h, t, 'whatsapp')]: 1,
          [at(h, y, 'map')]: 4,
          [at(c, t, 'whatsapp')]: 7,
          [at(p, y, 'view')]: 1_000_000,
        });

        // any caller holding the key may flush (the worker uses the publishable key: anon)
        expect(
          await record(key, [item(h, t, 'whatsapp', 2), item(c, t, 'whatsapp', 1)], user.caller),
        ).toEqual({ counted: 3 });
        expect(await record(key, [item(p, y, 'view', 5)], serviceRole)).toEqual({ counted: 5 });
        expect(await record(key, [])).toEqual({ counted: 0 });
        expect(await stats()).toEqual({
          [at(h, t, 'view')]: 15,
          [at(h, t, 'whatsapp')]: 3,
          [at(h, y, 'map')]: 4,
          [at(c, t, 'whatsapp')]: 8,
          [at(p, y, 'view')]: 1_000_005,
        });
      });
    });

    it('ignores unknown listings, kinds and events, days outside yesterday..today and counts out of range', async () => {
      await inRollback(db.sql, async () => {
        const h = await listing('hospedagem');
        const c = await listing('comercio');
        const t = await today();
        const key = newStatsIngestKey();
        await setKey(key);
        const good = item(h, t, 'view', 1);
        const ignored: unknown[] = [
          { ...good, id: randomUUID() }, // no such listing
          { ...good, kind: 'comercio' }, // a hospedagem's id as a comercio
          { ...good, kind: 'passeio' },
          { ...item(c, t, 'view', 1), kind: 'hospedagem' },
          { ...good, kind: 'hospedagens' }, // unknown kinds
          { ...good, kind: 'Hospedagem' },
          { ...good, kind: null },
          { ...good, event: 'click' }, // unknown events
          { ...good, event: 'View' },
          { ...good, event: 'views' },
          { ...good, day: shift(t, -2) }, // before yesterday
          { ...good, day: shift(t, 1) }, // tomorrow
          { ...good, day: '1999-01-01' },
          { ...good, count: 0 }, // counts out of 1..1,000,000
          { ...good, count: -5 },
          { ...good, count: 1_000_001 },
          { kind: good.kind, day: good.day, event: good.event, count: 1 }, // missing fields
          { kind: good.kind, id: good.id, event: good.event, count: 1 },
          { kind: good.kind, id: good.id, day: good.day, count: 1 },
          { kind: good.kind, id: good.id, day: good.day, event: good.event },
          { ...good, extra: 'ignorado' }, // an extra field is no harm: counted
        ];
        expect(await record(key, [good, ...ignored])).toEqual({ counted: 2 });
        expect(await stats()).toEqual({ [at(h, t, 'view')]: 2 });
      });
    });

    it('refuses a malformed batch whole (22023), changing nothing', async () => {
      await inRollback(db.sql, async () => {
        const h = await listing('hospedagem');
        const t = await today();
        await addStats([['hospedagem', h, t, 'view', 5]]);
        const key = newStatsIngestKey();
        await setKey(key);
        const good = item(h, t, 'view', 1);
        const malformed: [string, unknown][] = [
          ['an object', '{}'],
          ['a string', '"[]"'],
          ['a number', '5'],
          ['JSON null', 'null'],
          ['SQL null', undefined],
          ['a number item', [good, 5]],
          ['a null item', [good, null]],
          ['an array item', [good, [good]]],
          ['a bad uuid', [good, { ...good, id: 'not-a-uuid' }]],
          // converted before filtering: a bad value in an item that would be ignored still refuses
          ['a bad uuid in an ignored item', [good, { ...good, id: '123', event: 'click' }]],
          ['a number as id', [good, { ...good, id: 42 }]],
          ['an impossible date', [good, { ...good, day: '2026-02-30' }]],
          ['a word as date', [good, { ...good, day: 'ontem' }]],
          ['a word as count', [good, { ...good, count: 'três' }]],
          ['a fraction as count', [good, { ...good, count: 1.5 }]],
          ['a count beyond integer', [good, { ...good, count: 1e10 }]],
          ['an object as count', [good, { ...good, count: { n: 1 } }]],
          ['5001 items', Array.from({ length: 5001 }, () => good)],
        ];
        for (const [what, batch] of malformed) {
          expect((await record(key, batch)).error, what).toMatchObject(BAD_BATCH);
        }
        expect(await stats()).toEqual({ [at(h, t, 'view')]: 5 });
        // the largest batch
        expect(
          await record(
            key,
            Array.from({ length: 5000 }, () => good),
          ),
        ).toEqual({
          counted: 5000,
        });
        expect(await stats()).toEqual({ [at(h, t, 'view')]: 5005 });
      });
    });
  });

  describe('listing_ranking', () => {
    it('orders by WhatsApp contacts, then views, then name, with every count and the slug', async () => {
      await inRollback(db.sql, async () => {
        const t = await today();
        const y = shift(t, -1);
        const suffix = randomUUID().slice(0, 6);
        const a = await listing('hospedagem', `Ranking Beta ${suffix}`);
        const b = await listing('comercio', `Ranking Alfa ${suffix}`);
        const c = await listing('passeio', `Ranking Gama ${suffix}`);
        const d = await listing('hospedagem', `Ranking Delta ${suffix}`);
        const e = await listing('comercio', `Ranking Eta ${suffix}`);
        const f = await listing('passeio', `Ranking Zeta ${suffix}`);
        const g = await listing('hospedagem', `Ranking Capa ${suffix}`);
        await addStats([
          ['hospedagem', a, t, 'whatsapp', 5],
          ['hospedagem', a, t, 'view', 1],
          ['hospedagem', a, y, 'map', 2],
          ['comercio', b, t, 'whatsapp', 3],
          ['comercio', b, y, 'whatsapp', 2],
          ['comercio', b, t, 'view', 9],
          ['passeio', c, t, 'view', 20],
          ['hospedagem', d, t, 'whatsapp', 1],
          ['hospedagem', d, y, 'view', 3],
          ['comercio', e, y, 'whatsapp', 1],
          ['comercio', e, t, 'view', 3],
          ['passeio', f, t, 'map', 7],
          ['hospedagem', g, y, 'view', 20],
        ]);
        expect(await ranking(7)).toEqual([
          ranked(b, 9, 5, 0),
          ranked(a, 1, 5, 2),
          ranked(d, 3, 1, 0),
          ranked(e, 3, 1, 0),
          ranked(g, 20, 0, 0),
          ranked(c, 20, 0, 0),
          ranked(f, 0, 0, 7),
        ]);
        expect(await ranking(7, serviceRole)).toEqual(await ranking(7));
        expect(await ranking(7, user.caller)).toEqual([]);
        await actAs(db.sql, anon);
        expect((await attempt(db.sql, 'select * from public.listing_ranking(7)')).error?.code).toBe(
          '42501',
        );
      });
    });

    it('counts only the last p_days days, today included (1 to 366)', async () => {
      await inRollback(db.sql, async () => {
        const t = await today();
        const l = await listing('hospedagem');
        const m = await listing('passeio');
        const views: [number, number][] = [
          [0, 1],
          [6, 2],
          [7, 4],
          [29, 8],
          [30, 16],
          [365, 32],
          [366, 64],
        ];
        await addStats([
          ...views.map(([ago, n]): Stat => ['hospedagem', l, shift(t, -ago), 'view', n]),
          ['hospedagem', l, shift(t, -6), 'whatsapp', 1],
          ['hospedagem', l, shift(t, -7), 'whatsapp', 2],
          ['passeio', m, shift(t, -10), 'map', 3],
        ]);
        expect(await ranking(7)).toEqual([ranked(l, 3, 1, 0)]);
        expect(await ranking(30)).toEqual([ranked(l, 15, 3, 0), ranked(m, 0, 0, 3)]);
        expect(await ranking(366)).toEqual([ranked(l, 63, 3, 0), ranked(m, 0, 0, 3)]);
        // beyond the bounds: at most 366 days, at least today
        expect(await ranking(1000)).toEqual(await ranking(366));
        for (const days of [1, 0, -5, null]) {
          expect(await ranking(days), String(days)).toEqual([ranked(l, 1, 0, 0)]);
        }
      });
    });
  });

  describe('listing_daily_stats', () => {
    it('has one row per listing and day with the three counts and the name', async () => {
      await inRollback(db.sql, async () => {
        const t = await today();
        const y = shift(t, -1);
        const h = await listing('hospedagem');
        const c = await listing('comercio');
        await addStats([
          ['hospedagem', h, t, 'view', 3],
          ['hospedagem', h, t, 'whatsapp', 1],
          ['hospedagem', h, t, 'map', 2],
          ['hospedagem', h, y, 'view', 5],
          ['hospedagem', h, shift(t, -40), 'map', 1],
          ['comercio', c, t, 'whatsapp', 4],
        ]);
        const daily = async (l: Listing, since?: string) => {
          await actAs(db.sql, admin.caller);
          return must(
            db.sql,
            `select id, kind, listing_id::text, name, day::text, views, whatsapp, map
             from public.listing_daily_stats
             where listing_id = $1 and ($2::date is null or day >= $2) order by day`,
            [l.id, since ?? null],
          );
        };
        const row = (l: Listing, day: string, views: number, whatsapp: number, map: number) => ({
          id: `${l.id}:${day}`,
          kind: l.kind,
          listing_id: l.id,
          name: l.name,
          day,
          views,
          whatsapp,
          map,
        });
        // the panel's chart: the last 30 days of one listing
        expect(await daily(h, shift(t, -29))).toEqual([row(h, y, 5, 0, 0), row(h, t, 3, 1, 2)]);
        expect(await daily(h)).toEqual([
          row(h, shift(t, -40), 0, 0, 1),
          row(h, y, 5, 0, 0),
          row(h, t, 3, 1, 2),
        ]);
        expect(await daily(c)).toEqual([row(c, t, 0, 4, 0)]);

        // a deleted listing keeps its counts, without a name
        await actAs(db.sql, admin.caller);
        await must(db.sql, 'delete from public.comercios where id = $1', [c.id]);
        expect(await daily(c)).toEqual([{ ...row(c, t, 0, 4, 0), name: '(excluído)' }]);
      });
    });
  });

  describe('the trash', () => {
    it('a deleted listing keeps its counts until it is purged; restoring keeps them too', async () => {
      await inRollback(db.sql, async () => {
        const t = await today();
        const h = await listing('hospedagem');
        const p = await listing('passeio');
        const key = newStatsIngestKey();
        await setKey(key);
        expect(
          await record(key, [
            item(h, t, 'view', 4),
            item(h, t, 'whatsapp', 2),
            item(p, t, 'whatsapp', 1),
          ]),
        ).toEqual({ counted: 7 });
        const counts = await stats();
        const trashId = async (l: Listing) => {
          await asOwner();
          const [row] = await must<{ id: string }>(
            db.sql,
            'select id::text from public.trash where row_id = $1',
            [l.id],
          );
          return row?.id;
        };
        const remove = async (l: Listing) => {
          await actAs(db.sql, admin.caller);
          const rows = await must(
            db.sql,
            `delete from public.${TABLE_OF[l.kind]} where id = $1 returning id`,
            [l.id],
          );
          expect(rows).toHaveLength(1);
        };

        await remove(h);
        expect(await stats()).toEqual(counts);
        expect(await ranking(7)).toEqual([
          { ...ranked(h, 4, 2, 0), name: '(excluído)', slug: null },
          ranked(p, 0, 1, 0),
        ]);
        // while in the trash it counts nothing new
        expect(await record(key, [item(h, t, 'view', 1)])).toEqual({ counted: 0 });
        expect(await stats()).toEqual(counts);

        const trashed = await trashId(h);
        await actAs(db.sql, admin.caller);
        await must(db.sql, 'select public.restore_from_trash($1)', [trashed]);
        expect(await stats()).toEqual(counts);
        expect(await ranking(7)).toEqual([ranked(h, 4, 2, 0), ranked(p, 0, 1, 0)]);

        await remove(h);
        const again = await trashId(h);
        await actAs(db.sql, admin.caller);
        await must(db.sql, 'select public.purge_from_trash($1)', [again]);
        expect(await stats()).toEqual({ [at(p, t, 'whatsapp')]: 1 });

        // the 30-day purge too
        await remove(p);
        await asOwner();
        await must(
          db.sql,
          `update public.trash set deleted_at = now() - interval '31 days' where row_id = $1`,
          [p.id],
        );
        await actAs(db.sql, admin.caller);
        await must(db.sql, 'select public.purge_expired()');
        expect(await stats()).toEqual({});
      });
    });
  });
});
