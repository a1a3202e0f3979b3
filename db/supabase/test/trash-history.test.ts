// Trash and history, as the API roles on PGlite and PostgreSQL 17: who reads them, that
// nobody writes the history, deleting into the trash, restoring (place, slug, name conflicts),
// the history of every change, restoring versions, purging and the photos still in use.
// Every test runs in a transaction that is rolled back; the superuser only sets up or ages rows.

import { randomUUID } from 'node:crypto';
import { DB_ERROR, DB_ERROR_MESSAGES, FEATURED_LIMIT } from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actAs,
  anon,
  attempt,
  type Caller,
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

const KINDS: [string, ListingTable][] = [
  ['hospedagem', 'hospedagens'],
  ['comercio', 'comercios'],
  ['passeio', 'passeios'],
];

const NOT_ADMIN = { code: DB_ERROR.forbidden, message: DB_ERROR_MESSAGES.forbidden };
// the featured list's limit is private.ordered_list's, which ordered-lists.test.ts holds equal
// to FEATURED_LIMIT
const NOT_FEATURED_AGAIN = `Não voltou aos destaques: já há ${FEATURED_LIMIT} itens em destaque. Remova um e adicione-o de novo.`;
const SLUG_TAKEN = 'O endereço antigo da página foi usado por outro item.';
const HISTORY_LOCKED = { code: '42501', message: 'O histórico não pode ser alterado.' };

type Row = Record<string, unknown>;
type Entry = {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  table_name: string;
  row_id: string;
  action: string;
  label: string | null;
  changed: string[];
  before: Row | null;
  after: Row | null;
};
type TrashItem = {
  id: string;
  table_name: string;
  row_id: string;
  label: string | null;
  data: Row;
  deleted_by: string | null;
  deleted_by_email: string | null;
};

describe.each(ENGINES)('trash and history on %s', (engine) => {
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

  /**
   * As the owner, with the table's ordinary triggers off (session_replication_role = replica):
   * setup only, to age rows. The history's append-only trigger refuses even the owner, and the
   * touch trigger would reset updated_at; the setting is transaction-local and switched back at
   * once, and every test's transaction is rolled back.
   */
  async function asOwnerWithoutTriggers(text: string, params: unknown[]): Promise<void> {
    await asOwner();
    await db.sql.exec('set local session_replication_role = replica');
    try {
      await db.sql.query(text, params);
    } finally {
      await db.sql.exec('set local session_replication_role = origin');
    }
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

  /** The whole row as JSON (as the owner: whatever the caller may see). */
  async function rowOf(table: string, id: unknown): Promise<Row | undefined> {
    await asOwner();
    const [row] = await must<{ row: Row }>(
      db.sql,
      `select to_jsonb(t) as row from public.${table} t where id = $1`,
      [id],
    );
    return row?.row;
  }

  async function trashOf(table: string, id: unknown): Promise<TrashItem | undefined> {
    await asOwner();
    const [item] = await must<TrashItem>(
      db.sql,
      `select id::text, table_name, row_id::text, label, data, deleted_by::text, deleted_by_email
       from public.trash where table_name = $1 and row_id = $2`,
      [table, id],
    );
    return item;
  }

  /** A row's history, oldest first, read by the admin through the API. */
  async function historyOf(table: string, id: unknown): Promise<Entry[]> {
    await actAs(db.sql, admin.caller);
    return must<Entry>(
      db.sql,
      `select id::text, actor_id::text, actor_email, table_name, row_id, action, label, changed,
              before, after
       from public.audit_log a where table_name = $1 and row_id = $2::text order by a.id`,
      [table, id],
    );
  }

  async function restore(
    trashId: unknown,
  ): Promise<{ table_name: string; id: string; notices: string[] }> {
    await actAs(db.sql, admin.caller);
    const [row] = await must<{ r: { table_name: string; id: string; notices: string[] } }>(
      db.sql,
      'select public.restore_from_trash($1) as r',
      [trashId],
    );
    if (!row) throw new Error('restore_from_trash não devolveu nada');
    return row.r;
  }

  async function insertAsAdmin(table: string, values: Row): Promise<Row> {
    await actAs(db.sql, admin.caller);
    return insertRow(db.sql, table, values);
  }

  async function deleteAsAdmin(table: string, id: unknown): Promise<void> {
    await actAs(db.sql, admin.caller);
    const rows = await must(db.sql, `delete from public.${table} where id = $1 returning id`, [id]);
    expect(rows).toHaveLength(1);
  }

  const orders = async (table: string, column: 'featured_order' | 'pin_order') => {
    await asOwner();
    const flag = column === 'featured_order' ? 'is_featured' : 'is_pinned';
    return (
      await must<{ id: string; o: number }>(
        db.sql,
        `select id::text, ${column} as o from public.${table} where ${flag} order by ${column}`,
      )
    ).map((r) => [r.id, r.o]);
  };

  describe('reading', () => {
    it('only admins with a live session read the trash and the history', async () => {
      await inRollback(db.sql, async () => {
        const row = await insertAsAdmin('passeios', VALID_ROWS.passeios());
        await deleteAsAdmin('passeios', row.id);
        const session = randomUUID();
        await asOwner();
        await db.sql.query(
          `insert into auth.sessions (id, user_id, amr_method) values ($1, $2, 'password')`,
          [session, admin.id],
        );
        const read = async (table: string) =>
          attempt<{ n: number }>(
            db.sql,
            `select count(*)::int as n from public.${table} where row_id::text = $1`,
            [row.id],
          );
        for (const table of ['trash', 'audit_log']) {
          await actAs(db.sql, anon);
          expect((await read(table)).error?.code, `${table} by anon`).toBe('42501');
          await actAs(db.sql, user.caller);
          expect((await read(table)).rows, `${table} by a user`).toEqual([{ n: 0 }]);
          await actAsSession(admin, randomUUID());
          expect((await read(table)).rows, `${table} by a signed-out admin`).toEqual([{ n: 0 }]);
          await actAsSession(admin, session);
          const live = (await read(table)).rows?.[0]?.n;
          expect(live, `${table} by an admin`).toBeGreaterThan(0);
          await actAs(db.sql, serviceRole);
          expect((await read(table)).rows?.[0]?.n, `${table} by the service role`).toBe(live);
        }
      });
    });

    it('the trash and history functions refuse everyone but an admin, changing nothing', async () => {
      await inRollback(db.sql, async () => {
        const row = await insertAsAdmin('comercios', VALID_ROWS.comercios());
        await deleteAsAdmin('comercios', row.id);
        const item = await trashOf('comercios', row.id);
        const [entry] = await historyOf('comercios', row.id);
        const calls: [string, unknown[]][] = [
          ['select public.restore_from_trash($1)', [item?.id]],
          ['select public.purge_from_trash($1)', [item?.id]],
          ['select public.purge_expired()', []],
          ['select public.restore_version($1)', [entry?.id]],
          ['select public.images_in_use($1)', [[row.image_url]]],
          ['select public.referenced_images()', []],
        ];
        const signedOutSession = randomUUID();
        for (const who of ['anon', 'user', 'signed-out admin'] as const) {
          for (const [text, params] of calls) {
            if (who === 'anon') await actAs(db.sql, anon);
            else if (who === 'user') await actAs(db.sql, user.caller);
            else await actAsSession(admin, signedOutSession);
            const result = await attempt(db.sql, text, params);
            // anon has no EXECUTE at all; signed-in callers get the function's own refusal
            expect(result.error?.code, `${text} by ${who}`).toBe('42501');
            if (who !== 'anon') expect(result.error, `${text} by ${who}`).toMatchObject(NOT_ADMIN);
          }
        }
        expect((await trashOf('comercios', row.id))?.id).toBe(item?.id);
        expect(await rowOf('comercios', row.id)).toBeUndefined();
      });
    });
  });

  describe('nobody writes the history', () => {
    const writes: [string, string][] = [
      [
        'insert',
        `insert into public.audit_log (table_name, row_id, action, after)
         values ('site_settings', 'contact_email', 'update', '{"setting_value": "x"}')`,
      ],
      ['update', `update public.audit_log set actor_email = 'outro@teste.local'`],
      ['delete', 'delete from public.audit_log'],
      ['truncate', 'truncate public.audit_log'],
    ];

    it('no API role inserts, edits, deletes or truncates an entry (nor the trash)', async () => {
      await inRollback(db.sql, async () => {
        const callers: [string, Caller][] = [
          ['anon', anon],
          ['user', user.caller],
          ['admin', admin.caller],
          ['service_role', serviceRole],
        ];
        for (const [name, caller] of callers) {
          await actAs(db.sql, caller);
          // the purge switch does not open the table to anyone either
          await db.sql.query(`select set_config('guia.history_purge', 'on', true)`);
          for (const [op, text] of writes) {
            const result = await attempt(db.sql, text);
            expect(result.error?.code, `${op} by ${name}`).toBe('42501');
          }
          for (const text of [
            `insert into public.trash (table_name, row_id, data) values ('passeios', gen_random_uuid(), '{}')`,
            `update public.trash set deleted_at = now() - interval '1 year'`,
            'delete from public.trash',
            'truncate public.trash',
          ]) {
            expect((await attempt(db.sql, text)).error?.code, `${text} by ${name}`).toBe('42501');
          }
        }
      });
    });

    it('even the table’s owner cannot edit, delete or truncate entries outside purge_expired', async () => {
      await inRollback(db.sql, async () => {
        await insertAsAdmin('passeios', VALID_ROWS.passeios());
        await asOwner();
        const before = await must<{ n: number }>(
          db.sql,
          'select count(*)::int as n from public.audit_log',
        );
        for (const [op, text] of writes.slice(1)) {
          expect((await attempt(db.sql, text)).error, op).toMatchObject(HISTORY_LOCKED);
        }
        expect(await must(db.sql, 'select count(*)::int as n from public.audit_log')).toEqual(
          before,
        );
      });
    });
  });

  describe('deleting moves to the trash', () => {
    it('a listing, a category and a slide leave their tables whole into the trash', async () => {
      await inRollback(db.sql, async () => {
        const listing = await insertAsAdmin('hospedagens', VALID_ROWS.hospedagens());
        const category = await insertAsAdmin('categories', {
          ...VALID_ROWS.categories(),
          is_active: false,
        });
        const slide = await insertAsAdmin('carousel_slides', VALID_ROWS.carousel_slides());
        await insertAsAdmin('carousel_slides', VALID_ROWS.carousel_slides());
        const cases: [string, Row, string][] = [
          ['hospedagens', listing, String(listing.name)],
          ['categories', category, String(category.name)],
          ['carousel_slides', slide, String(slide.title)],
        ];
        for (const [table, row, label] of cases) {
          const whole = await rowOf(table, row.id);
          await deleteAsAdmin(table, row.id);
          expect(await trashOf(table, row.id), table).toMatchObject({
            table_name: table,
            row_id: row.id,
            label,
            data: whole,
            deleted_by: admin.id,
            deleted_by_email: admin.email,
          });
          expect(await rowOf(table, row.id), table).toBeUndefined();
          await actAs(db.sql, anon);
          expect(
            await must(db.sql, `select id from public.${table} where id = $1`, [row.id]),
          ).toEqual([]);
        }
      });
    });

    it('the last slide still cannot be deleted, and nothing reaches the trash', async () => {
      await inRollback(db.sql, async () => {
        const slide = await insertAsAdmin('carousel_slides', VALID_ROWS.carousel_slides());
        await actAs(db.sql, admin.caller);
        const result = await attempt(db.sql, 'delete from public.carousel_slides where id = $1', [
          slide.id,
        ]);
        expect(result.error).toMatchObject({
          code: DB_ERROR.lastSlide,
          message: 'O carrossel deve ter pelo menos um slide.',
        });
        expect(await trashOf('carousel_slides', slide.id)).toBeUndefined();
        expect(await rowOf('carousel_slides', slide.id)).toBeDefined();
      });
    });
  });

  describe('restore_from_trash', () => {
    describe.each(KINDS)('a %s', (kind, table) => {
      async function items(n: number): Promise<string[]> {
        const ids: string[] = [];
        for (let i = 0; i < n; i++)
          ids.push(String((await insertAsAdmin(table, VALID_ROWS[table]())).id));
        return ids;
      }
      async function call(list: string, id: string, value: boolean): Promise<void> {
        await actAs(db.sql, admin.caller);
        await must(db.sql, 'select public.set_in_list($1, $2, $3, $4)', [list, kind, id, value]);
      }

      it('comes back whole (id, slug, data) at its featured and pinned place', async () => {
        await inRollback(db.sql, async () => {
          const [a, b, c] = (await items(3)) as [string, string, string];
          for (const id of [a, b, c]) {
            await call('featured', id, true);
            await call('pinned', id, true);
          }
          const whole = await rowOf(table, b);
          await deleteAsAdmin(table, b);
          expect(await orders(table, 'featured_order')).toEqual([
            [a, 0],
            [c, 1],
          ]);
          expect(await orders(table, 'pin_order')).toEqual([
            [a, 1],
            [c, 2],
          ]);
          const item = await trashOf(table, b);
          expect(await restore(item?.id)).toEqual({ table_name: table, id: b, notices: [] });
          expect(await rowOf(table, b)).toEqual(whole);
          expect(await trashOf(table, b)).toBeUndefined();
          expect(await orders(table, 'featured_order')).toEqual([
            [a, 0],
            [b, 1],
            [c, 2],
          ]);
          expect(await orders(table, 'pin_order')).toEqual([
            [a, 1],
            [b, 2],
            [c, 3],
          ]);
          await actAs(db.sql, anon);
          expect(await must(db.sql, `select slug from public.${table} where id = $1`, [b])).toEqual(
            [{ slug: whole?.slug }],
          );
          // the history says it was restored, by whom, with the row as it came back
          const last = (await historyOf(table, b)).at(-1);
          expect(last).toMatchObject({
            action: 'restore',
            actor_id: admin.id,
            actor_email: admin.email,
            before: null,
            after: whole,
          });
        });
      });

      it('comes back last when fewer are featured and pinned now, keeping the orders contiguous', async () => {
        await inRollback(db.sql, async () => {
          const [a, b, c] = (await items(3)) as [string, string, string];
          for (const id of [a, b, c]) {
            await call('featured', id, true);
            await call('pinned', id, true);
          }
          await deleteAsAdmin(table, c);
          await call('featured', a, false);
          await call('pinned', a, false);
          await restore((await trashOf(table, c))?.id);
          expect(await orders(table, 'featured_order')).toEqual([
            [b, 0],
            [c, 1],
          ]);
          expect(await orders(table, 'pin_order')).toEqual([
            [b, 1],
            [c, 2],
          ]);
        });
      });

      it('comes back featured, at its place, while one more fits the featured list', async () => {
        await inRollback(db.sql, async () => {
          const ids = await items(FEATURED_LIMIT + 1);
          const [gone, ...others] = ids as [string, ...string[]];
          const meanwhile = others.slice(0, FEATURED_LIMIT - 1);
          await call('featured', gone, true);
          await deleteAsAdmin(table, gone);
          for (const id of meanwhile) await call('featured', id, true);
          const result = await restore((await trashOf(table, gone))?.id);
          expect(result.notices).toEqual([]);
          expect(await orders(table, 'featured_order')).toEqual(
            [gone, ...meanwhile].map((id, place) => [id, place]),
          );
        });
      });

      it('comes back unfeatured, with a notice, when the featured list is full meanwhile', async () => {
        await inRollback(db.sql, async () => {
          const ids = await items(FEATURED_LIMIT + 1);
          const [gone, ...others] = ids as [string, ...string[]];
          await call('featured', gone, true);
          await deleteAsAdmin(table, gone);
          for (const id of others) await call('featured', id, true);
          const result = await restore((await trashOf(table, gone))?.id);
          expect(result.notices).toEqual([NOT_FEATURED_AGAIN]);
          expect(await rowOf(table, gone)).toMatchObject({ is_featured: false, featured_order: 0 });
          expect(await orders(table, 'featured_order')).toEqual(
            others.map((id, place) => [id, place]),
          );
        });
      });

      it('gets a new slug, with a notice, when its slug was taken meanwhile', async () => {
        await inRollback(db.sql, async () => {
          const name = `Lugar Restaurado ${randomUUID().slice(0, 6)}`;
          const first = await insertAsAdmin(table, { ...VALID_ROWS[table](), name });
          await deleteAsAdmin(table, first.id);
          const second = await insertAsAdmin(table, { ...VALID_ROWS[table](), name });
          expect(second.slug).toBe(first.slug);
          const result = await restore((await trashOf(table, first.id))?.id);
          expect(result.notices).toEqual([SLUG_TAKEN]);
          expect(await rowOf(table, first.id)).toMatchObject({
            name,
            slug: `${String(first.slug)}-2`,
          });
        });
      });
    });

    it('a category whose name was taken meanwhile stays in the trash (GF008) until renamed', async () => {
      await inRollback(db.sql, async () => {
        const category = await insertAsAdmin('categories', {
          name: 'Praia Deserta',
          type: 'passeio',
        });
        const whole = await rowOf('categories', category.id);
        await deleteAsAdmin('categories', category.id);
        const again = await insertAsAdmin('categories', { name: 'praia deserta', type: 'passeio' });
        // another type may use the name
        await insertAsAdmin('categories', { name: 'Praia Deserta', type: 'hospedagem' });
        const item = await trashOf('categories', category.id);
        await actAs(db.sql, admin.caller);
        const refused = await attempt(db.sql, 'select public.restore_from_trash($1)', [item?.id]);
        expect(refused.error).toMatchObject({
          code: DB_ERROR.restoreConflict,
          message: 'Já existe uma categoria com esse nome. Renomeie-a antes de restaurar.',
        });
        expect((await trashOf('categories', category.id))?.id).toBe(item?.id);
        expect(await rowOf('categories', category.id)).toBeUndefined();
        await actAs(db.sql, admin.caller);
        await must(db.sql, `update public.categories set name = 'Praia Nova' where id = $1`, [
          again.id,
        ]);
        expect(await restore(item?.id)).toEqual({
          table_name: 'categories',
          id: category.id,
          notices: [],
        });
        expect(await rowOf('categories', category.id)).toEqual(whole);
      });
    });

    it('a slide comes back whole', async () => {
      await inRollback(db.sql, async () => {
        const slide = await insertAsAdmin('carousel_slides', VALID_ROWS.carousel_slides());
        await insertAsAdmin('carousel_slides', VALID_ROWS.carousel_slides());
        const whole = await rowOf('carousel_slides', slide.id);
        await deleteAsAdmin('carousel_slides', slide.id);
        await restore((await trashOf('carousel_slides', slide.id))?.id);
        expect(await rowOf('carousel_slides', slide.id)).toEqual(whole);
      });
    });

    it('refuses non-admins (changing nothing) and unknown trash ids', async () => {
      await inRollback(db.sql, async () => {
        const row = await insertAsAdmin('hospedagens', VALID_ROWS.hospedagens());
        await deleteAsAdmin('hospedagens', row.id);
        const item = await trashOf('hospedagens', row.id);
        for (const caller of [user.caller, anon]) {
          await actAs(db.sql, caller);
          const result = await attempt(db.sql, 'select public.restore_from_trash($1)', [item?.id]);
          expect(result.error?.code).toBe(DB_ERROR.forbidden);
        }
        expect((await trashOf('hospedagens', row.id))?.id).toBe(item?.id);
        expect(await rowOf('hospedagens', row.id)).toBeUndefined();
        await actAs(db.sql, admin.caller);
        const unknown = await attempt(
          db.sql,
          'select public.restore_from_trash(gen_random_uuid())',
        );
        expect(unknown.error).toMatchObject({
          code: DB_ERROR.itemNotFound,
          message: 'Item não encontrado.',
        });
      });
    });
  });

  describe('history', () => {
    it('records inserts, edits (only the changed columns) and deletes of content; no-op edits write nothing', async () => {
      await inRollback(db.sql, async () => {
        const row = await insertAsAdmin('passeios', VALID_ROWS.passeios());
        const inserted = await rowOf('passeios', row.id);
        const age = () =>
          asOwnerWithoutTriggers(
            `update public.passeios set updated_at = '2020-01-01' where id = $1`,
            [row.id],
          );
        // an edit that changes nothing (the trigger still moves updated_at) is no change
        await age();
        const stale = await rowOf('passeios', row.id);
        await actAs(db.sql, admin.caller);
        await must(db.sql, 'update public.passeios set name = name, price = price where id = $1', [
          row.id,
        ]);
        expect((await rowOf('passeios', row.id))?.updated_at).not.toBe(stale?.updated_at);
        await age();
        const aged = await rowOf('passeios', row.id);
        await actAs(db.sql, admin.caller);
        await must(
          db.sql,
          `update public.passeios set name = 'Passeio Renomeado', price = 95 where id = $1`,
          [row.id],
        );
        const edited = await rowOf('passeios', row.id);
        await deleteAsAdmin('passeios', row.id);
        const who = {
          actor_id: admin.id,
          actor_email: admin.email,
          table_name: 'passeios',
          row_id: row.id,
          id: expect.any(String),
        };
        expect(await historyOf('passeios', row.id)).toEqual([
          {
            ...who,
            action: 'insert',
            label: row.name,
            changed: [],
            before: null,
            after: inserted,
          },
          {
            ...who,
            action: 'update',
            label: 'Passeio Renomeado',
            changed: ['name', 'price'],
            before: aged,
            after: edited,
          },
          {
            ...who,
            action: 'delete',
            label: 'Passeio Renomeado',
            changed: [],
            before: edited,
            after: null,
          },
        ]);
      });
    });

    it('records settings changes and role changes with the admin who made them', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        // the settings screen's upsert
        await must(
          db.sql,
          `insert into public.site_settings (setting_key, setting_value) values ('contact_email', $1)
           on conflict (setting_key) do update set setting_value = excluded.setting_value`,
          ['novo@guiafortim.com.br'],
        );
        await must(
          db.sql,
          `insert into public.site_settings (setting_key, setting_value) values ('contact_email', $1)
           on conflict (setting_key) do update set setting_value = excluded.setting_value`,
          ['novo@guiafortim.com.br'],
        );
        const [setting] = await historyOf('site_settings', 'contact_email');
        expect(await historyOf('site_settings', 'contact_email')).toHaveLength(1);
        expect(setting).toMatchObject({
          actor_id: admin.id,
          actor_email: admin.email,
          row_id: 'contact_email',
          action: 'update',
          label: 'contact_email',
          changed: ['setting_value'],
          before: { setting_key: 'contact_email', setting_value: 'contato@guiafortim.com.br' },
          after: { setting_key: 'contact_email', setting_value: 'novo@guiafortim.com.br' },
        });

        await actAs(db.sql, admin.caller);
        const [old] = await must<{ id: string }>(
          db.sql,
          'select id::text from public.user_roles where user_id = $1',
          [user.id],
        );
        await must(db.sql, `select public.set_user_role($1, 'moderator')`, [user.id]);
        const [fresh] = await must<{ id: string }>(
          db.sql,
          'select id::text from public.user_roles where user_id = $1',
          [user.id],
        );
        const added = await historyOf('user_roles', fresh?.id);
        const who = { actor_id: admin.id, actor_email: admin.email, table_name: 'user_roles' };
        // the plain 'user' role (sign-up, account deletion) is no change of rights: not recorded
        expect(await historyOf('user_roles', old?.id)).toEqual([]);
        expect(added).toEqual([
          expect.objectContaining({
            ...who,
            action: 'insert',
            label: `${user.email} (moderator)`,
            before: null,
            after: expect.objectContaining({ user_id: user.id, role: 'moderator' }),
          }),
        ]);
        // and back to 'user': the moderator role's removal is recorded
        await must(db.sql, `select public.set_user_role($1, 'user')`, [user.id]);
        expect((await historyOf('user_roles', fresh?.id)).at(-1)).toMatchObject({
          ...who,
          action: 'delete',
          label: `${user.email} (moderator)`,
          before: { user_id: user.id, role: 'moderator' },
          after: null,
        });
      });
    });
  });

  describe('a deleted account', () => {
    it('leaves no e-mail in the history or the trash: its entries say "conta excluída"', async () => {
      await inRollback(db.sql, async () => {
        await asOwner();
        const moderator = await createUser(db.sql, 'moderadora');
        const other = await createUser(db.sql, 'fica');
        await actAs(db.sql, admin.caller);
        await must(db.sql, `select public.set_user_role($1, 'moderator')`, [moderator.id]);
        await must(db.sql, `select public.set_user_role($1, 'moderator')`, [other.id]);
        // The moderator, made an admin for the moment, adds and deletes a listing.
        await asOwner();
        await makeAdmin(db.sql, moderator);
        await actAs(db.sql, moderator.caller);
        const listing = await insertRow(db.sql, 'hospedagens', VALID_ROWS.hospedagens());
        await must(db.sql, 'delete from public.hospedagens where id = $1', [listing.id]);

        await asOwner();
        await must(db.sql, 'delete from auth.users where id = $1', [moderator.id]);

        await actAs(db.sql, admin.caller);
        const entries = await must<{ actor_email: string | null; label: string | null }>(
          db.sql,
          `select actor_email, label from public.audit_log
           where actor_id = $1 or label like '%' || $2 || '%' or label like 'conta excluída%'`,
          [moderator.id, moderator.email],
        );
        expect(entries.length).toBeGreaterThanOrEqual(3);
        for (const entry of entries) {
          expect(JSON.stringify(entry)).not.toContain(moderator.email);
        }
        expect(entries.filter((e) => e.actor_email === 'conta excluída').length).toBeGreaterThan(0);
        expect(entries.map((e) => e.label)).toContain('conta excluída (moderator)');
        expect((await trashOf('hospedagens', listing.id))?.deleted_by_email).toBe('conta excluída');
        // Another account's entries keep its e-mail.
        const kept = await must<{ label: string }>(
          db.sql,
          `select label from public.audit_log where table_name = 'user_roles' and label like $1`,
          [`${other.email}%`],
        );
        expect(kept).toEqual([{ label: `${other.email} (moderator)` }]);
        // The erasure opened the history for nothing else.
        await asOwner();
        const edit = await attempt(
          db.sql,
          `update public.audit_log set actor_email = 'x' where actor_id = $1`,
          [admin.id],
        );
        expect(edit.error).toMatchObject(HISTORY_LOCKED);
      });
    });
  });

  describe('restore_version', () => {
    async function revert(entryId: unknown): Promise<Row> {
      await actAs(db.sql, admin.caller);
      const [row] = await must<{ r: Row }>(db.sql, 'select public.restore_version($1) as r', [
        entryId,
      ]);
      if (!row) throw new Error('restore_version não devolveu nada');
      return row.r;
    }

    it('brings back a version’s content, never the featured and pinned orders or the slug', async () => {
      await inRollback(db.sql, async () => {
        const row = await insertAsAdmin('hospedagens', VALID_ROWS.hospedagens());
        await actAs(db.sql, admin.caller);
        await must(
          db.sql,
          `update public.hospedagens set name = 'Primeira Edição', description = 'Texto 1' where id = $1`,
          [row.id],
        );
        await must(db.sql, `select public.set_in_list('featured', 'hospedagem', $1, true)`, [
          row.id,
        ]);
        await must(db.sql, `select public.set_in_list('pinned', 'hospedagem', $1, true)`, [row.id]);
        await must(
          db.sql,
          `update public.hospedagens set name = 'Segunda Edição', description = 'Texto 2',
             price = 300 where id = $1`,
          [row.id],
        );
        const firstEdit = (await historyOf('hospedagens', row.id)).find(
          (e) => e.action === 'update' && e.after?.name === 'Primeira Edição',
        );
        expect(firstEdit?.after).toMatchObject({ is_featured: false, is_pinned: false });
        const restored = await revert(firstEdit?.id);
        expect(restored).toMatchObject({
          name: 'Primeira Edição',
          description: 'Texto 1',
          price: 200,
          slug: row.slug,
          is_featured: true,
          featured_order: 0,
          is_pinned: true,
          pin_order: 1,
        });
        expect(await rowOf('hospedagens', row.id)).toEqual(restored);
        expect((await historyOf('hospedagens', row.id)).at(-1)).toMatchObject({
          action: 'revert',
          actor_id: admin.id,
          actor_email: admin.email,
          changed: ['description', 'name', 'price'],
          after: restored,
        });
      });
    });

    it('brings back a category’s name but not its place in the list', async () => {
      await inRollback(db.sql, async () => {
        const category = await insertAsAdmin('categories', { name: 'Dunas', type: 'passeio' });
        await actAs(db.sql, admin.caller);
        await must(
          db.sql,
          `update public.categories set name = 'Dunas e Lagoas', order_position = 9 where id = $1`,
          [category.id],
        );
        const [created] = await historyOf('categories', category.id);
        const restored = await revert(created?.id);
        expect(restored).toMatchObject({ name: 'Dunas', order_position: 9 });
      });
    });

    it('restores a settings version', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        for (const value of ['um@guiafortim.com.br', 'dois@guiafortim.com.br']) {
          await must(
            db.sql,
            `update public.site_settings set setting_value = $1 where setting_key = 'contact_email'`,
            [value],
          );
        }
        const [first] = await historyOf('site_settings', 'contact_email');
        expect(await revert(first?.id)).toMatchObject({
          setting_key: 'contact_email',
          setting_value: 'um@guiafortim.com.br',
        });
        expect((await historyOf('site_settings', 'contact_email')).at(-1)).toMatchObject({
          action: 'revert',
          changed: ['setting_value'],
          before: { setting_value: 'dois@guiafortim.com.br' },
          after: { setting_value: 'um@guiafortim.com.br' },
        });
      });
    });

    it('refuses an entry without a version, a row now in the trash, roles, unknown ids and non-admins', async () => {
      await inRollback(db.sql, async () => {
        const row = await insertAsAdmin('comercios', VALID_ROWS.comercios());
        await actAs(db.sql, admin.caller);
        await must(db.sql, `update public.comercios set name = 'Outro Nome' where id = $1`, [
          row.id,
        ]);
        const [created] = await historyOf('comercios', row.id);
        await actAs(db.sql, user.caller);
        expect(
          (await attempt(db.sql, 'select public.restore_version($1)', [created?.id])).error,
        ).toMatchObject(NOT_ADMIN);
        await deleteAsAdmin('comercios', row.id);
        const deletion = (await historyOf('comercios', row.id)).at(-1);
        expect(deletion?.action).toBe('delete');
        // a role given by an admin: it has a version, but roles change only through set_user_role
        await actAs(db.sql, admin.caller);
        await must(db.sql, `select public.set_user_role($1, 'moderator')`, [user.id]);
        const [role] = await must<{ id: string }>(
          db.sql,
          `select id::text from public.audit_log where table_name = 'user_roles'
             and action = 'insert' and after ->> 'user_id' = $1`,
          [user.id],
        );
        await actAs(db.sql, admin.caller);
        for (const entry of [deletion, role]) {
          expect(
            (await attempt(db.sql, 'select public.restore_version($1)', [entry?.id])).error,
          ).toMatchObject({
            code: DB_ERROR.invalidParameter,
            message: 'Esta alteração não tem uma versão para restaurar.',
          });
        }
        expect(
          (await attempt(db.sql, 'select public.restore_version($1)', [created?.id])).error,
        ).toMatchObject({
          code: DB_ERROR.itemNotFound,
          message: 'Este item não existe mais. Restaure-o da lixeira antes.',
        });
        expect(
          (await attempt(db.sql, 'select public.restore_version($1)', [Number.MAX_SAFE_INTEGER]))
            .error,
        ).toMatchObject({ code: DB_ERROR.itemNotFound, message: 'Versão não encontrada.' });
        expect(await rowOf('comercios', row.id)).toBeUndefined();
      });
    });
  });

  describe('purging', () => {
    it('purge_from_trash ends a trashed row for good and records it', async () => {
      await inRollback(db.sql, async () => {
        const row = await insertAsAdmin('passeios', VALID_ROWS.passeios());
        const whole = await rowOf('passeios', row.id);
        if (!whole) throw new Error('o passeio não foi criado');
        await deleteAsAdmin('passeios', row.id);
        const item = await trashOf('passeios', row.id);
        await actAs(db.sql, user.caller);
        expect(
          (await attempt(db.sql, 'select public.purge_from_trash($1)', [item?.id])).error,
        ).toMatchObject(NOT_ADMIN);
        await actAs(db.sql, admin.caller);
        const [purged] = await must<{ data: Row }>(
          db.sql,
          'select public.purge_from_trash($1) as data',
          [item?.id],
        );
        // Which row it was, and the photos it showed, for the worker to free.
        expect(purged?.data).toEqual({
          table_name: 'passeios',
          id: row.id,
          images: [whole.image_url, ...(whole.additional_images as string[])].sort(),
        });
        expect(await trashOf('passeios', row.id)).toBeUndefined();
        expect((await historyOf('passeios', row.id)).at(-1)).toMatchObject({
          action: 'purge',
          actor_id: admin.id,
          actor_email: admin.email,
          label: row.name,
          before: whole,
          after: null,
        });
        await actAs(db.sql, admin.caller);
        for (const fn of ['purge_from_trash', 'restore_from_trash']) {
          expect((await attempt(db.sql, `select public.${fn}($1)`, [item?.id])).error?.code).toBe(
            DB_ERROR.itemNotFound,
          );
        }
      });
    });

    it('purge_expired removes trash older than 30 days and history older than the retention setting', async () => {
      await inRollback(db.sql, async () => {
        const old = await insertAsAdmin('comercios', VALID_ROWS.comercios());
        const recent = await insertAsAdmin('comercios', VALID_ROWS.comercios());
        const oldWhole = await rowOf('comercios', old.id);
        if (!oldWhole) throw new Error('o comércio não foi criado');
        await deleteAsAdmin('comercios', old.id);
        await deleteAsAdmin('comercios', recent.id);
        const [insertOld, deleteOld] = await historyOf('comercios', old.id);
        const [insertRecent, deleteRecent] = await historyOf('comercios', recent.id);
        // Ageing rows is the owner's setup work (asOwnerWithoutTriggers: the history's
        // append-only trigger refuses even the owner's UPDATE).
        for (const [id, days] of [
          [old.id, 31],
          [recent.id, 29],
        ] as const) {
          await asOwnerWithoutTriggers(
            `update public.trash set deleted_at = now() - make_interval(days => $2)
             where table_name = 'comercios' and row_id = $1`,
            [id, days],
          );
        }
        for (const [entry, days] of [
          [insertOld, 400],
          [deleteOld, 300],
          [insertRecent, 40],
          [deleteRecent, 20],
        ] as const) {
          await asOwnerWithoutTriggers(
            'update public.audit_log set at = now() - make_interval(days => $2) where id = $1',
            [entry?.id, days],
          );
        }

        const ids = async () =>
          (await historyOf('comercios', old.id))
            .concat(await historyOf('comercios', recent.id))
            .map((e) => e.id);
        const purge = async () => {
          await actAs(db.sql, admin.caller);
          const [result] = await must<{ r: { trash: number; history: number; images: string[] } }>(
            db.sql,
            'select public.purge_expired() as r',
          );
          return result?.r;
        };

        // default retention: 365 days
        expect(await purge()).toEqual({
          trash: 1,
          history: 1,
          images: [oldWhole.image_url, ...(oldWhole.additional_images as string[])].sort(),
        });
        expect(await trashOf('comercios', old.id)).toBeUndefined();
        expect(await trashOf('comercios', recent.id)).toBeDefined();
        const purgeEntry = (await historyOf('comercios', old.id)).at(-1);
        expect(purgeEntry).toMatchObject({ action: 'purge', actor_id: admin.id, before: oldWhole });
        expect(await ids()).toEqual([
          deleteOld?.id,
          purgeEntry?.id,
          insertRecent?.id,
          deleteRecent?.id,
        ]);

        // 30 days: the 300- and 40-day-old entries go; the trash keeps its 29-day-old row
        await actAs(db.sql, admin.caller);
        await must(
          db.sql,
          `update public.site_settings set setting_value = '30' where setting_key = 'history_retention_days'`,
        );
        expect(await purge()).toEqual({ trash: 0, history: 2, images: [] });
        expect(await ids()).toEqual([purgeEntry?.id, deleteRecent?.id]);
        expect(await trashOf('comercios', recent.id)).toBeDefined();

        await actAs(db.sql, user.caller);
        expect((await attempt(db.sql, 'select public.purge_expired()')).error).toMatchObject(
          NOT_ADMIN,
        );
      });
    });

    it('the retention rules run every day by themselves, with no admin: 30 days plus a minute goes, 30 days less a minute stays', async () => {
      const [job] = await must<{ schedule: string; command: string; active: boolean }>(
        db.sql,
        `select schedule, command, active from cron.job where jobname = 'guia-fortim-purge-expired'`,
      );
      // pg_cron's schedule, in UTC: 06:17, 03:17 in Fortim.
      expect(job).toEqual({
        schedule: '17 6 * * *',
        command: 'select private.purge_expired_unchecked()',
        active: true,
      });
      await inRollback(db.sql, async () => {
        const gone = await insertAsAdmin('comercios', VALID_ROWS.comercios());
        const kept = await insertAsAdmin('comercios', VALID_ROWS.comercios());
        await deleteAsAdmin('comercios', gone.id);
        await deleteAsAdmin('comercios', kept.id);
        for (const [id, age] of [
          [gone.id, '30 days 1 minute'],
          [kept.id, '29 days 23 hours 59 minutes'],
        ] as const) {
          await asOwnerWithoutTriggers(
            `update public.trash set deleted_at = now() - $2::interval
             where table_name = 'comercios' and row_id = $1`,
            [id, age],
          );
        }
        // As pg_cron runs it: the database owner, no API caller at all.
        await db.sql.exec('reset role');
        await db.sql.query(`select set_config('request.jwt.claims', '', true)`);
        await must(db.sql, job?.command ?? '');
        expect(await trashOf('comercios', gone.id)).toBeUndefined();
        expect(await trashOf('comercios', kept.id)).toBeDefined();
        expect((await historyOf('comercios', gone.id)).at(-1)).toMatchObject({
          action: 'purge',
          actor_id: null,
        });
      });
    });

    it('the retention setting stays between 30 and 3650 days', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        for (const value of ['29', '3651', '', '1e3', ' 60', '00030x']) {
          const result = await attempt(
            db.sql,
            `update public.site_settings set setting_value = $1 where setting_key = 'history_retention_days'`,
            [value],
          );
          expect(result.error?.code, JSON.stringify(value)).toBe(DB_ERROR.checkViolation);
        }
        for (const value of ['30', '3650', '0365']) {
          await must(
            db.sql,
            `update public.site_settings set setting_value = $1 where setting_key = 'history_retention_days'`,
            [value],
          );
        }
      });
    });
  });

  describe('photos in use', () => {
    it('a replaced photo stays in use while the row lives or waits in the trash, then is freed', async () => {
      await inRollback(db.sql, async () => {
        const photo = (n: number) => `https://fotos.example/${randomUUID()}-${n}.jpg`;
        const [hero, extra, next, shared, never] = [1, 2, 3, 4, 5].map(photo) as [
          string,
          string,
          string,
          string,
          string,
        ];
        const row = await insertAsAdmin('comercios', {
          ...VALID_ROWS.comercios(),
          image_url: hero,
          additional_images: [extra, shared],
        });
        await actAs(db.sql, admin.caller);
        await must(
          db.sql,
          `update public.comercios set image_url = $2, additional_images = '{}' where id = $1`,
          [row.id, next],
        );
        await insertAsAdmin('carousel_slides', {
          ...VALID_ROWS.carousel_slides(),
          image_url: shared,
        });
        const all = [hero, extra, next, shared, never];
        const inUse = async () => {
          await actAs(db.sql, admin.caller);
          const [r] = await must<{ urls: string[] }>(
            db.sql,
            'select public.images_in_use($1) as urls',
            [all],
          );
          return [...(r?.urls ?? [])].sort();
        };
        const referenced = async () => {
          await actAs(db.sql, admin.caller);
          const [r] = await must<{ urls: string[] }>(
            db.sql,
            'select public.referenced_images() as urls',
          );
          return all.filter((url) => r?.urls.includes(url)).sort();
        };
        const live = [hero, extra, next, shared].sort();
        // the old photos are in the live row's history
        expect(await inUse()).toEqual(live);
        expect(await referenced()).toEqual(live);
        // in the trash: the row and its history still show them
        await deleteAsAdmin('comercios', row.id);
        expect(await inUse()).toEqual(live);
        expect(await referenced()).toEqual(live);
        // purged: only the slide's photo is still shown
        const item = await trashOf('comercios', row.id);
        await actAs(db.sql, admin.caller);
        const [purged] = await must<{ r: { images: string[] } }>(
          db.sql,
          'select public.purge_from_trash($1) as r',
          [item?.id],
        );
        // the purge names the photos of every version, the replaced ones too
        expect(purged?.r.images).toEqual(live);
        expect(await inUse()).toEqual([shared]);
        expect(await referenced()).toEqual([shared]);
      });
    });
  });
});
