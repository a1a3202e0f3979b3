// The photo sweep's key, as the API roles on PGlite and PostgreSQL 17: only the operator (service
// role) sets it, the database keeps only its hash, and unreferenced_images answers — for the
// key's holder alone — which of the addresses of one page of the bucket nothing shows: not a live
// row's (active or not, every kind), not a trashed row's, not one in the history of a row that
// still exists; a purged row's photos are unreferenced again. A missing or wrong key, or a batch
// past its bound, is refused and reads nothing. Every test runs in a transaction rolled back.

import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newImageSweepKey } from '../scripts/sweep-key.ts';
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
  makeAdmin,
  VALID_ROWS,
} from './support/fixtures.ts';

const BAD_KEY = { code: '42501', message: 'Chave da varredura de fotos inválida.' };
const BAD_BATCH = { code: '22023', message: 'Lote de fotos inválido.' };
const NOT_OPERATOR = {
  code: '42501',
  message: 'Apenas o operador pode definir a chave da varredura de fotos.',
};
const SHORT_KEY = {
  code: '22023',
  message: 'A chave da varredura de fotos deve ter pelo menos 32 caracteres.',
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A photo's address as the worker stores it (the database only compares the text). */
const photo = (folder: string) =>
  `https://imagens.teste/${folder}/${randomUUID().replaceAll('-', '')}_1767225600000_mf-hero.jpg`;

describe.each(ENGINES)('the photo sweep key on %s', (engine) => {
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

  async function storedKeys(): Promise<string[]> {
    await asOwner();
    return (
      await must<{ key_hash: string }>(db.sql, 'select key_hash from private.image_sweep_keys')
    ).map((r) => r.key_hash);
  }

  async function setKey(key: string): Promise<void> {
    await actAs(db.sql, serviceRole);
    await must(db.sql, 'select public.set_image_sweep_key($1)', [key]);
  }

  /** The worker's question, by anon (the publishable key) unless told. */
  async function unreferenced(
    key: string | null,
    urls: (string | null)[] | null,
    caller: Caller = anon,
  ): Promise<{ urls?: string[]; error?: DbError }> {
    await actAs(db.sql, caller);
    const result = await attempt<{ urls: string[] }>(
      db.sql,
      'select public.unreferenced_images($1, $2) as urls',
      [key, urls],
    );
    return result.error ? { error: result.error } : { urls: result.rows[0]?.urls };
  }

  async function insertAsAdmin(table: string, values: Record<string, unknown>) {
    await actAs(db.sql, admin.caller);
    return insertRow(db.sql, table, values);
  }

  async function asAdmin(text: string, params: unknown[]) {
    await actAs(db.sql, admin.caller);
    return must(db.sql, text, params);
  }

  describe('set_image_sweep_key', () => {
    it('only the service role sets it; the owner without claims is refused too', async () => {
      await inRollback(db.sql, async () => {
        const key = newImageSweepKey();
        for (const [name, caller] of [
          ['anon', anon],
          ['a user', user.caller],
          ['an admin', admin.caller],
        ] as const) {
          await actAs(db.sql, caller);
          const result = await attempt(db.sql, 'select public.set_image_sweep_key($1)', [key]);
          // no EXECUTE at all
          expect(result.error?.code, name).toBe('42501');
        }
        await asOwner();
        expect(
          (await attempt(db.sql, 'select public.set_image_sweep_key($1)', [key])).error,
        ).toMatchObject(NOT_OPERATOR);
        expect(await storedKeys()).toEqual([]);
      });
    });

    it('refuses a key shorter than 32 characters, keeps only the hash, and a new key replaces the old', async () => {
      await inRollback(db.sql, async () => {
        for (const short of ['x'.repeat(31), '', null]) {
          await actAs(db.sql, serviceRole);
          const result = await attempt(db.sql, 'select public.set_image_sweep_key($1)', [short]);
          expect(result.error, String(short)).toMatchObject(SHORT_KEY);
        }
        expect(await storedKeys()).toEqual([]);

        const first = 'k'.repeat(32);
        await setKey(first);
        expect(await storedKeys()).toEqual([sha256(first)]);
        expect(await unreferenced(first, [])).toEqual({ urls: [] });

        const second = newImageSweepKey();
        expect(second.length).toBeGreaterThanOrEqual(32);
        await setKey(second);
        expect(await storedKeys()).toEqual([sha256(second)]);
        expect((await unreferenced(first, [])).error).toMatchObject(BAD_KEY);
        expect(await unreferenced(second, [])).toEqual({ urls: [] });
      });
    });

    it('is a key of its own: the statistics ingest key is no sweep key, nor the other way', async () => {
      await inRollback(db.sql, async () => {
        const stats = newImageSweepKey();
        const sweep = newImageSweepKey();
        await actAs(db.sql, serviceRole);
        await must(db.sql, 'select public.set_stats_ingest_key($1)', [stats]);
        await setKey(sweep);
        expect((await unreferenced(stats, [])).error).toMatchObject(BAD_KEY);
        await actAs(db.sql, anon);
        const counted = await attempt(db.sql, `select public.record_listing_events($1, '[]')`, [
          sweep,
        ]);
        expect(counted.error).toMatchObject({
          code: '42501',
          message: 'Chave de eventos inválida.',
        });
      });
    });
  });

  describe('unreferenced_images', () => {
    it('refuses a missing or wrong key (42501) for every caller, and reads nothing', async () => {
      await inRollback(db.sql, async () => {
        const urls = [photo('general')];
        const key = newImageSweepKey();
        // no key set yet
        expect((await unreferenced(key, urls)).error).toMatchObject(BAD_KEY);
        await setKey(key);
        // the stored hash is no key either
        for (const wrong of [null, '', `${key}x`, key.slice(1), sha256(key)]) {
          expect((await unreferenced(wrong, urls)).error, String(wrong)).toMatchObject(BAD_KEY);
        }
        // an admin's or the service role's standing is no key: the key is the only check
        for (const caller of [user.caller, admin.caller, serviceRole]) {
          expect((await unreferenced(`${key}x`, urls, caller)).error).toMatchObject(BAD_KEY);
        }
        expect(await storedKeys()).toEqual([sha256(key)]);
      });
    });

    it('refuses a batch that is no list or longer than 1000 addresses; nulls are no address', async () => {
      await inRollback(db.sql, async () => {
        const key = newImageSweepKey();
        await setKey(key);
        expect((await unreferenced(key, null)).error).toMatchObject(BAD_BATCH);
        const many = Array.from({ length: 1001 }, () => photo('general'));
        expect((await unreferenced(key, many)).error).toMatchObject(BAD_BATCH);
        // exactly 1000: answered, every one of them (nothing shows them)
        const thousand = many.slice(0, 1000);
        expect(await unreferenced(key, thousand)).toEqual({ urls: [...thousand].sort() });
        const one = photo('general');
        expect(await unreferenced(key, [null, one, one])).toEqual({ urls: [one] });
      });
    });

    it('names exactly the addresses nothing shows: live rows, the trash and the history keep theirs', async () => {
      await inRollback(db.sql, async () => {
        const key = newImageSweepKey();
        await setKey(key);
        const p = {
          hero: photo('hospedagens'),
          gallery: photo('hospedagens'),
          comercio: photo('comercios'),
          passeio: photo('passeios'),
          activeSlide: photo('carousel'),
          inactiveSlide: photo('carousel'),
          replaced: photo('hospedagens'),
          trashed: photo('comercios'),
          trashedHistory: photo('comercios'),
          purged: photo('passeios'),
          purgedHistory: photo('passeios'),
          never: photo('general'),
        };
        // live rows, each kind, the gallery too; slides active or not
        const h = await insertAsAdmin('hospedagens', {
          ...VALID_ROWS.hospedagens(),
          image_url: p.replaced,
          additional_images: [p.gallery],
        });
        // replaced: only the history of a row that still exists shows it
        await asAdmin('update public.hospedagens set image_url = $2 where id = $1', [h.id, p.hero]);
        await insertAsAdmin('comercios', { ...VALID_ROWS.comercios(), image_url: p.comercio });
        await insertAsAdmin('passeios', { ...VALID_ROWS.passeios(), image_url: p.passeio });
        await insertAsAdmin('carousel_slides', {
          ...VALID_ROWS.carousel_slides(),
          image_url: p.activeSlide,
        });
        await insertAsAdmin('carousel_slides', {
          ...VALID_ROWS.carousel_slides(),
          image_url: p.inactiveSlide,
          is_active: false,
        });
        // in the trash: its last state and its history
        const trashed = await insertAsAdmin('comercios', {
          ...VALID_ROWS.comercios(),
          image_url: p.trashedHistory,
        });
        await asAdmin('update public.comercios set image_url = $2 where id = $1', [
          trashed.id,
          p.trashed,
        ]);
        await asAdmin('delete from public.comercios where id = $1', [trashed.id]);
        // purged for good: neither it nor its history keeps anything
        const purged = await insertAsAdmin('passeios', {
          ...VALID_ROWS.passeios(),
          image_url: p.purgedHistory,
        });
        await asAdmin('update public.passeios set image_url = $2 where id = $1', [
          purged.id,
          p.purged,
        ]);
        await asAdmin('delete from public.passeios where id = $1', [purged.id]);
        await asOwner();
        const [item] = await must<{ id: string }>(
          db.sql,
          `select id::text from public.trash where table_name = 'passeios' and row_id = $1`,
          [purged.id],
        );
        await asAdmin('select public.purge_from_trash($1)', [item?.id]);

        const all = Object.values(p);
        expect(await unreferenced(key, all)).toEqual({
          urls: [p.purged, p.purgedHistory, p.never].sort(),
        });
        // the same answer as referenced_images, the admins' whole list
        await actAs(db.sql, admin.caller);
        const [whole] = await must<{ urls: string[] }>(
          db.sql,
          'select public.referenced_images() as urls',
        );
        expect(all.filter((url) => !whole?.urls.includes(url)).sort()).toEqual(
          [p.purged, p.purgedHistory, p.never].sort(),
        );
        // a sibling of a shown photo (another size or format) is another address: the worker
        // sends every object's address and keeps the photo if any one is shown
        const card = p.hero.replace(/-hero\.jpg$/, '-card.avif');
        expect(await unreferenced(key, [card, p.hero])).toEqual({ urls: [card] });
      });
    });

    it('changes nothing: the rows, the trash, the history and the key are as they were', async () => {
      await inRollback(db.sql, async () => {
        const key = newImageSweepKey();
        await setKey(key);
        await insertAsAdmin('hospedagens', { ...VALID_ROWS.hospedagens(), image_url: photo('x') });
        const snapshot = async () => {
          await asOwner();
          const [row] = await must<Record<string, number>>(
            db.sql,
            `select (select count(*) from public.hospedagens)::int as h,
                    (select count(*) from public.trash)::int as t,
                    (select count(*) from public.audit_log)::int as a`,
          );
          return { row, keys: await storedKeys() };
        };
        const before = await snapshot();
        await unreferenced(key, [photo('general')]);
        await unreferenced('x'.repeat(43), [photo('general')]);
        expect(await snapshot()).toEqual(before);
      });
    });
  });
});
