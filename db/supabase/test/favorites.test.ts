// Visitors' favourites in their account (`public.favorites`), as the API roles on PGlite and
// PostgreSQL 17: each account reads, adds and removes its own rows only, with a live session; the
// cap of 100 per account and its Portuguese refusal, just inside and just outside; the account's
// deletion takes its favourites with it. The access matrix (security.test.ts) has the same rows
// per caller; this file holds the edges.
import { randomUUID } from 'node:crypto';
import { FAVORITES_FULL_CODE, FAVORITES_MAX, FAVORITES_MESSAGES } from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAs, anon, attempt, inRollback, must } from './support/callers.ts';
import { ENGINES, openDatabase, type TestDatabase } from './support/databases.ts';
import { createUser, type FixtureUser } from './support/fixtures.ts';

const FULL = {
  code: 'GF012',
  message: 'Você já tem 100 favoritos. Remova algum para salvar outro.',
};

describe.each(ENGINES)('favourites on %s', (engine) => {
  let db: TestDatabase;
  let me: FixtureUser;
  let other: FixtureUser;

  beforeAll(async () => {
    db = await openDatabase(engine);
    me = await createUser(db.sql, 'favorita');
    other = await createUser(db.sql, 'outrafav');
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Saves `count` favourites for a user as the owner (setup, not the rule under test). */
  const seed = (user: FixtureUser, count: number) =>
    db.sql.query(
      `insert into public.favorites (user_id, listing_kind, listing_id)
       select $1, 'hospedagem', gen_random_uuid() from generate_series(1, $2::int)`,
      [user.id, count],
    );
  const save = (kind: string, id: string) =>
    attempt(
      db.sql,
      'insert into public.favorites (listing_kind, listing_id) values ($1, $2) returning user_id::text',
      [kind, id],
    );
  const countOf = async (user: FixtureUser) =>
    Number(
      (
        await must<{ n: string }>(
          db.sql,
          'select count(*) as n from public.favorites where user_id = $1',
          [user.id],
        )
      )[0]?.n,
    );

  it('the domain states the same cap and words as the database', () => {
    expect(FAVORITES_MAX).toBe(100);
    expect({ code: FAVORITES_FULL_CODE, message: FAVORITES_MESSAGES.full }).toEqual(FULL);
  });

  it('a user saves a favourite as their own, reads it and removes it', async () => {
    await inRollback(db.sql, async () => {
      await actAs(db.sql, me.caller);
      const id = randomUUID();
      expect(await save('passeio', id)).toEqual({ rows: [{ user_id: me.id }] });
      expect(
        await must(db.sql, 'select listing_kind, listing_id::text from public.favorites'),
      ).toEqual([{ listing_kind: 'passeio', listing_id: id }]);
      // The same place twice is one favourite.
      expect((await save('passeio', id)).error?.code).toBe('23505');
      expect(
        await must(
          db.sql,
          'delete from public.favorites where listing_kind = $1 and listing_id = $2 returning 1 as ok',
          ['passeio', id],
        ),
      ).toHaveLength(1);
    });
  });

  it('the 100th favourite is saved, the 101st refused in Portuguese', async () => {
    await inRollback(db.sql, async () => {
      await seed(me, 99);
      await actAs(db.sql, me.caller);
      expect((await save('comercio', randomUUID())).error).toBeUndefined();
      await db.sql.exec('reset role');
      expect(await countOf(me)).toBe(100);
      await actAs(db.sql, me.caller);
      const refused = await save('comercio', randomUUID());
      expect(refused.error && { code: refused.error.code, message: refused.error.message }).toEqual(
        FULL,
      );
      await db.sql.exec('reset role');
      expect(await countOf(me)).toBe(100);
      // Another account's cap is its own.
      await actAs(db.sql, other.caller);
      expect((await save('comercio', randomUUID())).error).toBeUndefined();
    });
  });

  it('at the cap, saving a place already saved (a merge upsert) is not refused', async () => {
    await inRollback(db.sql, async () => {
      await seed(me, 99);
      await actAs(db.sql, me.caller);
      const id = randomUUID();
      expect((await save('passeio', id)).error).toBeUndefined();
      const again = await attempt(
        db.sql,
        `insert into public.favorites (listing_kind, listing_id) values ('passeio', $1)
         on conflict do nothing returning 1 as ok`,
        [id],
      );
      expect(again).toEqual({ rows: [] });
    });
  });

  it('a batch that would pass the cap is refused whole; one that fills it exactly is saved', async () => {
    await inRollback(db.sql, async () => {
      await seed(me, 98);
      await actAs(db.sql, me.caller);
      const batch = (n: number) =>
        attempt(
          db.sql,
          `insert into public.favorites (listing_kind, listing_id)
           select 'passeio', gen_random_uuid() from generate_series(1, $1::int) returning 1 as ok`,
          [n],
        );
      expect((await batch(3)).error?.code).toBe('GF012');
      expect((await batch(2)).rows).toHaveLength(2);
    });
  });

  it("another account's favourites are invisible and unwritable", async () => {
    await inRollback(db.sql, async () => {
      const theirs = randomUUID();
      await db.sql.query(
        `insert into public.favorites (user_id, listing_kind, listing_id) values ($1, 'hospedagem', $2)`,
        [other.id, theirs],
      );
      await actAs(db.sql, me.caller);
      expect(await must(db.sql, 'select * from public.favorites')).toEqual([]);
      expect(
        await must(db.sql, 'delete from public.favorites where listing_id = $1 returning 1 as ok', [
          theirs,
        ]),
      ).toEqual([]);
      // user_id is the caller's, never given: naming any account, even one's own, is refused.
      for (const owner of [other.id, me.id]) {
        const forged = await attempt(
          db.sql,
          `insert into public.favorites (user_id, listing_kind, listing_id) values ($1, 'passeio', $2)`,
          [owner, randomUUID()],
        );
        expect(forged.error?.code).toBe('42501');
      }
      const moved = await attempt(db.sql, 'update public.favorites set user_id = $1', [me.id]);
      expect(moved.error?.code).toBe('42501');
      await db.sql.exec('reset role');
      expect(await countOf(other)).toBe(1);
    });
  });

  it('an anonymous visitor reads and writes nothing', async () => {
    await inRollback(db.sql, async () => {
      await actAs(db.sql, anon);
      expect((await attempt(db.sql, 'select * from public.favorites')).error?.code).toBe('42501');
      expect((await save('passeio', randomUUID())).error?.code).toBe('42501');
      expect((await attempt(db.sql, 'delete from public.favorites where true')).error?.code).toBe(
        '42501',
      );
    });
  });

  it('a signed-out token saves and removes nothing: the session its token names must be live', async () => {
    await inRollback(db.sql, async () => {
      const kept = randomUUID();
      await db.sql.query(
        `insert into public.favorites (user_id, listing_kind, listing_id) values ($1, 'passeio', $2)`,
        [me.id, kept],
      );
      await actAs(db.sql, me.caller);
      await db.sql.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ role: 'authenticated', sub: me.id, session_id: randomUUID() }),
      ]);
      expect((await save('passeio', randomUUID())).error?.code).toBe('42501');
      expect(
        await must(db.sql, 'delete from public.favorites where listing_id = $1 returning 1 as ok', [
          kept,
        ]),
      ).toEqual([]);
    });
  });

  it('deleting the account deletes its favourites, and only its own', async () => {
    await inRollback(db.sql, async () => {
      const gone = await createUser(db.sql, `adeus${randomUUID().slice(0, 6)}`);
      await seed(gone, 3);
      await seed(other, 1);
      await db.sql.query('delete from auth.users where id = $1', [gone.id]);
      expect(await countOf(gone)).toBe(0);
      expect(await countOf(other)).toBe(1);
    });
  });
});
