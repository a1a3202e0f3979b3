// The site's data version (public.site_version(), private.site_version), as the API roles on
// PGlite and PostgreSQL 17: who reads it and that nobody but its owner writes it; that every row
// changed in the six tables the public site shows raises it by one, at commit (a deferred trigger:
// here fired at once with `set constraints all immediate`), a statement that changes no row
// raises nothing, and nothing else does; and that a raise is seen exactly when its change is: at
// commit, never by another session before, never after a rollback.
// Every test runs in a transaction that is rolled back, except the two-session ones (PostgreSQL).

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
import { clientSql, ENGINES, openDatabase, type TestDatabase } from './support/databases.ts';
import {
  createUser,
  type FixtureUser,
  insertRow,
  makeAdmin,
  VALID_ROWS,
} from './support/fixtures.ts';

/** The tables whose every change raises the version: what the public site shows. */
const SITE_TABLES = [
  'hospedagens',
  'comercios',
  'passeios',
  'categories',
  'carousel_slides',
  'site_settings',
] as const;
type SiteTable = (typeof SITE_TABLES)[number];
type RowTable = Exclude<SiteTable, 'site_settings'>;

/**
 * How much one delete statement raises it. Each statement on the six tables raises it by one,
 * the ones their triggers run included: a delete of listings runs two more (closing the gaps in
 * the featured and the pinned orders: private.renumber_listing_order), whatever it deleted.
 */

/** Two settings an admin may save (the keys are a fixed set: their rows are never new). */
const SETTING_KEYS = ['contact_phone', 'contact_address'];

/** A column of each table an admin may update (to itself: an update that changes nothing). */
const EDITABLE: Record<SiteTable, string> = {
  hospedagens: 'description',
  comercios: 'description',
  passeios: 'description',
  categories: 'is_active',
  carousel_slides: 'is_active',
  site_settings: 'setting_value',
};

describe.each(ENGINES)('the site version on %s', (engine) => {
  let db: TestDatabase;
  let admin: FixtureUser;
  let user: FixtureUser;

  beforeAll(async () => {
    db = await openDatabase(engine);
    admin = await createUser(db.sql, 'chefe');
    user = await createUser(db.sql, 'maria');
    await makeAdmin(db.sql, admin);
    // the carousel keeps one slide (a delete statement leaving none is refused)
    await insertRow(db.sql, 'carousel_slides', VALID_ROWS.carousel_slides());
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Back to the database owner, with no caller in the claims. */
  async function asOwner(): Promise<void> {
    await db.sql.exec('reset role');
    await db.sql.query(`select set_config('request.jwt.claims', '', true)`);
  }

  /** The stored version, read by its owner (not through the function under test). */
  async function stored(sql = db.sql): Promise<number> {
    const [row] = await must<{ v: string }>(
      sql,
      'select version::text as v from private.site_version',
    );
    return Number(row?.v);
  }

  /** Inside a transaction: the version now, read as the owner (the caller is restored after). */
  /** The version as a commit would leave it: the deferred raises of the changes so far fired. */
  async function version(): Promise<number> {
    await asOwner();
    await db.sql.exec('set constraints all immediate');
    await db.sql.exec('set constraints all deferred');
    return stored();
  }

  /** Runs `text` as `caller` (or the owner) and says by how much it raised the version. */
  async function raisedBy(
    caller: Caller | 'owner',
    text: string,
    params: unknown[] = [],
  ): Promise<{ raised: number; rows: number }> {
    const { raised, rows } = await change(caller, text, params);
    return { raised, rows: rows.length };
  }

  /** Runs `text` as `caller` (or the owner): the rows it returned and how much it raised. */
  async function change(
    caller: Caller | 'owner',
    text: string,
    params: unknown[] = [],
  ): Promise<{ raised: number; rows: Record<string, unknown>[] }> {
    const before = await version();
    if (caller === 'owner') await asOwner();
    else await actAs(db.sql, caller);
    const result = await attempt(db.sql, text, params);
    if (result.error) throw new Error(`${text}: ${result.error.code} ${result.error.message}`);
    return { raised: (await version()) - before, rows: result.rows };
  }

  /** `count` new rows of `table` as one insert statement's values and parameters. */
  function newRows(table: RowTable, count: number): { text: string; params: unknown[] } {
    const rows = Array.from(
      { length: count },
      () => VALID_ROWS[table]() as Record<string, unknown>,
    );
    const columns = Object.keys(rows[0] ?? {});
    const params = rows.flatMap((row) => columns.map((column) => row[column]));
    const tuples = rows.map(
      (_, r) => `(${columns.map((_, i) => `$${r * columns.length + i + 1}`).join(', ')})`,
    );
    return {
      text: `insert into public.${table} (${columns.join(', ')}) values ${tuples.join(', ')}
             returning id::text`,
      params,
    };
  }

  it('is a stable security-definer function returning bigint, equal to the stored number', async () => {
    const [fn] = await must<{ args: string; result: string; definer: boolean; volatile: string }>(
      db.sql,
      `select pg_get_function_identity_arguments(p.oid) as args,
              pg_get_function_result(p.oid) as result, p.prosecdef as definer,
              p.provolatile as volatile
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname = 'site_version'`,
    );
    expect(fn).toEqual({ args: '', result: 'bigint', definer: true, volatile: 's' });
    const [row] = await must<{ n: number }>(
      db.sql,
      'select count(*)::int as n from private.site_version',
    );
    expect(row?.n).toBe(1);
  });

  it('anon, a user, an admin and the service role read it through site_version()', async () => {
    await inRollback(db.sql, async () => {
      const now = await version();
      for (const [name, caller] of [
        ['anon', anon],
        ['a user', user.caller],
        ['an admin', admin.caller],
        ['the service role', serviceRole],
      ] as const) {
        await actAs(db.sql, caller);
        const result = await attempt<{ v: string }>(
          db.sql,
          'select public.site_version()::text as v',
        );
        expect(result.error, name).toBeUndefined();
        expect(Number(result.rows?.[0]?.v), name).toBe(now);
      }
    });
    const privileges = await must<{ role: string; execute: boolean }>(
      db.sql,
      `select r.role, has_function_privilege(r.role, 'public.site_version()', 'execute') as execute
       from unnest(array['anon', 'authenticated', 'service_role']) r (role) order by 1`,
    );
    expect(privileges.every((p) => p.execute)).toBe(true);
  });

  it('nobody but its owner writes private.site_version or calls private.bump_site_version', async () => {
    const privileges = await must<{ role: string; table: string[]; bump: boolean }>(
      db.sql,
      `select r.role,
              array(select p from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE',
                'REFERENCES', 'TRIGGER']) p
                where has_table_privilege(r.role, 'private.site_version', p) order by p) as table,
              has_function_privilege(r.role, 'private.bump_site_version()', 'execute') as bump
       from unnest(array['anon', 'authenticated', 'service_role']) r (role) order by 1`,
    );
    expect(privileges).toEqual(
      ['anon', 'authenticated', 'service_role'].map((role) => ({ role, table: [], bump: false })),
    );
    await inRollback(db.sql, async () => {
      const before = await version();
      const statements = [
        'select version from private.site_version',
        'update private.site_version set version = version + 1',
        'update private.site_version set version = 0',
        'insert into private.site_version (only_row, version) values (true, 1000000)',
        'delete from private.site_version where true',
        'truncate private.site_version',
        'select private.bump_site_version()',
      ];
      for (const [name, caller] of [
        ['anon', anon],
        ['a user', user.caller],
        ['an admin', admin.caller],
        ['the service role', serviceRole],
      ] as const) {
        for (const text of statements) {
          await actAs(db.sql, caller);
          const result = await attempt(db.sql, text);
          expect(result.error?.code, `${text} by ${name}`).toBe('42501');
        }
      }
      expect(await version()).toBe(before);
      // The owner may; the trigger function is no function to call.
      await asOwner();
      expect((await attempt(db.sql, 'select private.bump_site_version()')).error?.code).toBe(
        '0A000',
      );
      await must(db.sql, 'update private.site_version set version = version + 5');
      expect(await version()).toBe(before + 5);
    });
  });

  describe.each(SITE_TABLES)('%s', (table) => {
    it('each insert, update or delete statement raises it once, whatever its rows (an upsert twice)', async () => {
      await inRollback(db.sql, async () => {
        const start = await version();
        if (table === 'site_settings') {
          // An admin saves settings (insert or update); only the owner deletes a setting.
          const keys = SETTING_KEYS;
          const saved = await must<{ setting_key: string; setting_value: string }>(
            db.sql,
            'select setting_key, setting_value from public.site_settings where setting_key = any($1)',
            [keys],
          );
          expect(saved).toHaveLength(2);
          expect(
            await raisedBy(
              admin.caller,
              `update public.site_settings set setting_value = setting_value || ' (editado)'
               where setting_key = any($1) returning setting_key`,
              [keys],
            ),
          ).toEqual({ raised: 2, rows: 2 });
          expect(
            await raisedBy(
              'owner',
              'delete from public.site_settings where setting_key = any($1) returning setting_key',
              [keys],
            ),
          ).toEqual({ raised: 2, rows: 2 });
          expect(
            await raisedBy(
              admin.caller,
              `insert into public.site_settings (setting_key, setting_value)
               select k, v from unnest($1::text[], $2::text[]) u (k, v) returning setting_key`,
              [saved.map((s) => s.setting_key), saved.map((s) => s.setting_value)],
            ),
          ).toEqual({ raised: 2, rows: 2 });
          // an upsert that updates changes one row: raised once
          expect(
            await raisedBy(
              admin.caller,
              `insert into public.site_settings (setting_key, setting_value) values ($1, 'x')
               on conflict (setting_key) do update set setting_value = excluded.setting_value
               returning setting_key`,
              ['contact_phone'],
            ),
          ).toEqual({ raised: 1, rows: 1 });
        } else {
          const one = newRows(table, 1);
          const first = await change(admin.caller, one.text, one.params);
          expect(first.raised).toBe(1);
          const three = newRows(table, 3);
          const inserted = await change(admin.caller, three.text, three.params);
          expect([inserted.raised, inserted.rows.length]).toEqual([3, 3]);
          const ids = [...first.rows, ...inserted.rows].map((r) => String(r.id));
          const column = EDITABLE[table];
          expect(
            await raisedBy(
              admin.caller,
              `update public.${table} set ${column} = ${column} where id = any($1::uuid[])
               returning id`,
              [ids],
            ),
          ).toEqual({ raised: 4, rows: 4 });
          expect(
            await raisedBy(
              admin.caller,
              `delete from public.${table} where id = any($1::uuid[]) returning id`,
              [ids.slice(0, 2)],
            ),
          ).toEqual({ raised: 2, rows: 2 });
          expect(
            await raisedBy(admin.caller, `delete from public.${table} where id = $1 returning id`, [
              ids[2],
            ]),
          ).toEqual({ raised: 1, rows: 1 });
        }
        expect(await version()).toBe(start + (table === 'site_settings' ? 7 : 1 + 3 + 4 + 2 + 1));
      });
    });

    // The trigger fires for each row changed: a statement that changes none raises nothing — a
    // signed-in user's update that row-level security hides from them entirely included.
    it('a statement that changes no row leaves it as it was (a user’s hidden update included)', async () => {
      await inRollback(db.sql, async () => {
        const key = table === 'site_settings' ? 'setting_key' : 'id';
        const none = table === 'site_settings' ? 'nenhuma' : '00000000-0000-0000-0000-000000000000';
        const column = EDITABLE[table];
        const value = column;
        expect(
          await raisedBy(
            admin.caller,
            `update public.${table} set ${column} = ${value} where ${key}::text = $1 returning 1`,
            [none],
          ),
        ).toEqual({ raised: 0, rows: 0 });
        expect(
          await raisedBy('owner', `delete from public.${table} where false returning 1`),
        ).toEqual({ raised: 0, rows: 0 });
        expect(
          await raisedBy(
            'owner',
            `insert into public.${table} select * from public.${table} where false returning 1`,
          ),
        ).toEqual({ raised: 0, rows: 0 });
        // row-level security hides every row from a signed-in user: nothing changes, nothing raised
        const before = await must<{ n: string }>(
          db.sql,
          `select md5(string_agg(t::text, '' order by t::text)) as n from public.${table} t`,
        );
        expect(
          await raisedBy(
            user.caller,
            `update public.${table} set ${column} = ${value} returning 1`,
          ),
        ).toEqual({ raised: 0, rows: 0 });
        await asOwner();
        expect(
          await must(
            db.sql,
            `select md5(string_agg(t::text, '' order by t::text)) as n from public.${table} t`,
          ),
        ).toEqual(before);
      });
    });

    it('a refused statement leaves it as it was (anon has no write at all)', async () => {
      await inRollback(db.sql, async () => {
        const before = await version();
        await actAs(db.sql, anon);
        const result = await attempt(db.sql, `delete from public.${table} where true`);
        expect(result.error?.code).toBe('42501');
        expect(await version()).toBe(before);
      });
    });
  });

  it('the panel’s functions and deletes raise it once per row they change in those tables', async () => {
    await inRollback(db.sql, async () => {
      await asOwner();
      const h = await insertRow(db.sql, 'hospedagens', VALID_ROWS.hospedagens());
      // set_in_list writes the listing once (no other featured listing moves)
      expect(
        await raisedBy(
          admin.caller,
          `select public.set_in_list('featured', 'hospedagem', $1, true)`,
          [h.id],
        ),
      ).toMatchObject({ raised: 1 });
      // deleting it raises it for its row (the renumbering moves no other here); the trash's own
      // row does not
      expect(
        await raisedBy(admin.caller, 'delete from public.hospedagens where id = $1 returning id', [
          h.id,
        ]),
      ).toEqual({ raised: 1, rows: 1 });
      await asOwner();
      const [trashed] = await must<{ id: string }>(
        db.sql,
        'select id::text from public.trash where row_id = $1',
        [h.id],
      );
      // restoring writes the listing back: raised (at least once: it may move the featured too)
      const restored = await raisedBy(admin.caller, 'select public.restore_from_trash($1)', [
        trashed?.id,
      ]);
      expect(restored.raised).toBeGreaterThanOrEqual(1);
    });
  });

  it('a review raises it when what the site shows changes: an approved one, in or out', async () => {
    await inRollback(db.sql, async () => {
      await asOwner();
      const h = await insertRow(db.sql, 'hospedagens', VALID_ROWS.hospedagens());
      const [row] = await must<{ id: string }>(
        db.sql,
        `insert into public.reviews (user_id, listing_kind, listing_id, rating, comment)
         values ($1, 'hospedagem', $2, 4, 'Muito bom') returning id::text`,
        [user.id, h.id],
      );
      const id = row?.id;
      const steps: [string, number][] = [
        // waiting for moderation: not on the site
        [`update public.reviews set comment = 'Muito bom mesmo' where id = $1`, 0],
        [`update public.reviews set status = 'approved' where id = $1`, 1],
        [`update public.reviews set rating = 5 where id = $1`, 1],
        // reported: back to the queue, off the site
        [`update public.reviews set status = 'pending', reported_at = now() where id = $1`, 1],
        [
          `update public.reviews set status = 'rejected', rejection_reason = 'Ofensivo' where id = $1`,
          0,
        ],
        [`delete from public.reviews where id = $1`, 0],
      ];
      for (const [text, raised] of steps) {
        expect((await raisedBy('owner', text, [id])).raised, text).toBe(raised);
      }
      const insertApproved = `insert into public.reviews
        (user_id, listing_kind, listing_id, rating, comment, status)
        values ($1, 'hospedagem', $2, 3, 'Bom', 'approved') returning id::text`;
      const approved = await change('owner', insertApproved, [user.id, h.id]);
      expect(approved.raised).toBe(1);
      const deleted = await raisedBy('owner', 'delete from public.reviews where id = $1', [
        approved.rows[0]?.id,
      ]);
      expect(deleted.raised).toBe(1);
    });
  });

  it('renaming an author raises it while they have an approved review (its author_name is on the site); without one it does not', async () => {
    await inRollback(db.sql, async () => {
      await asOwner();
      const h = await insertRow(db.sql, 'hospedagens', VALID_ROWS.hospedagens());
      const author = await createUser(db.sql, `autora${Date.now()}`);
      const review = async (who: FixtureUser, status: string) =>
        must(
          db.sql,
          `insert into public.reviews (user_id, listing_kind, listing_id, rating, comment, status)
           values ($1, 'hospedagem', $2, 4, 'Bom', $3::public.review_status)`,
          [who.id, h.id, status],
        );
      const rename = (who: FixtureUser, set: string) =>
        raisedBy(who.caller, `update public.profiles set ${set} where id = $1 returning id`, [
          who.id,
        ]);
      // a pending review is not on the site: its author's name is nowhere there
      await review(author, 'pending');
      expect((await rename(author, `full_name = 'Ainda Pendente'`)).raised).toBe(0);
      await asOwner();
      await must(db.sql, `update public.reviews set status = 'approved' where user_id = $1`, [
        author.id,
      ]);
      await version();
      expect((await rename(author, `full_name = 'Nome Novo'`)).raised).toBe(1);
      // the profile's name is shown: its user name is not, until the name is blank
      expect((await rename(author, `username = 'apelido_novo'`)).raised).toBe(0);
      expect((await rename(author, `full_name = null`)).raised).toBe(1);
      expect((await rename(author, `username = 'outro_apelido'`)).raised).toBe(1);
      expect(
        (
          await raisedBy('owner', `update public.profiles set updated_at = now() where id = $1`, [
            author.id,
          ])
        ).raised,
      ).toBe(0);
      // nothing changed: nothing raised
      expect((await rename(author, `username = 'outro_apelido'`)).raised).toBe(0);
    });
  });

  it('a change to any other table leaves it as it was', async () => {
    await inRollback(db.sql, async () => {
      await asOwner();
      const h = await insertRow(db.sql, 'hospedagens', VALID_ROWS.hospedagens());
      await must(db.sql, 'delete from public.hospedagens where id = $1', [h.id]);
      const [trashed] = await must<{ id: string }>(
        db.sql,
        'select id::text from public.trash where row_id = $1',
        [h.id],
      );
      const before = await version();
      // a new account: auth.users, its profile and its role
      const other = await createUser(db.sql, `outro${Date.now()}`);
      expect(await version()).toBe(before);
      const changes: [Caller | 'owner', string, unknown[]][] = [
        [
          user.caller,
          `update public.profiles set full_name = 'Maria Editada' where id = $1 returning id`,
          [user.id],
        ],
        [admin.caller, `select public.set_user_role($1, 'moderator')`, [other.id]],
        [
          'owner',
          `insert into public.listing_stats (kind, listing_id, day, event, count)
           values ('hospedagem', $1, current_date, 'view', 3)`,
          [h.id],
        ],
        [
          'owner',
          'update public.listing_stats set count = count + 1 where listing_id = $1',
          [h.id],
        ],
        [
          'owner',
          `update public.trash set deleted_at = now() - interval '31 days' where id = $1`,
          [trashed?.id],
        ],
        // the retention purge: the trash (and the history it may erase)
        [admin.caller, 'select public.purge_expired()', []],
        ['owner', 'delete from public.listing_stats where true', []],
      ];
      for (const [caller, text, params] of changes) {
        expect((await raisedBy(caller, text, params)).raised, text).toBe(0);
      }
      await asOwner();
      const [left] = await must<{ n: number }>(
        db.sql,
        'select count(*)::int as n from public.trash where id = $1',
        [trashed?.id],
      );
      expect(left?.n).toBe(0);
      expect(await version()).toBe(before);
    });
  });

  it('a rolled-back change leaves it as it was', async () => {
    await asOwner();
    const before = await stored();
    await inRollback(db.sql, async () => {
      const one = newRows('passeios', 2);
      expect(await raisedBy(admin.caller, one.text, one.params)).toEqual({ raised: 2, rows: 2 });
      expect(await version()).toBe(before + 2);
    });
    expect(await stored()).toBe(before);
  });

  it.runIf(engine === 'postgres17')(
    'another session sees the raise at commit, not before; concurrent writers both count',
    async () => {
      const [writer, other, reader] = await Promise.all([db.connect(), db.connect(), db.connect()]);
      /** What the site reads: site_version() as the anonymous visitor, in its own transaction. */
      const visitorReads = async () => {
        const sql = clientSql(reader);
        return inRollback(sql, async () => {
          await actAs(sql, anon);
          const [row] = await must<{ v: string }>(sql, 'select public.site_version()::text as v');
          return Number(row?.v);
        });
      };
      /** Begins a transaction as the admin on `client`. */
      const beginAsAdmin = async (client: typeof writer) => {
        await client.query('begin');
        await actAs(clientSql(client), admin.caller);
      };
      const start = await visitorReads();
      const row = VALID_ROWS.comercios();
      await beginAsAdmin(writer);
      await writer.query(
        'insert into public.comercios (name, description, address, phone, image_url) values ($1, $2, $3, $4, $5)',
        [row.name, row.description, row.address, row.phone, row.image_url],
      );
      // raised at commit: not even the writer sees it before, nobody else does
      expect(
        Number((await writer.query('select public.site_version()::text as v')).rows[0].v),
      ).toBe(start);
      expect(await visitorReads()).toBe(start);

      // A second writer on another table goes on (the number is taken at commit only, so no
      // writer holds it while waiting on rows) and counts on top of the first: no raise is lost.
      await beginAsAdmin(other);
      await other.query(
        `update public.site_settings set setting_value = 'Fortim, CE' where setting_key = 'contact_address'`,
      );
      expect(await visitorReads()).toBe(start);

      await writer.query('commit');
      expect(await visitorReads()).toBe(start + 1);
      await other.query('commit');
      expect(await visitorReads()).toBe(start + 2);
      expect(await stored(clientSql(reader))).toBe(start + 2);
    },
  );
});
