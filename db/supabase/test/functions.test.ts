// The SQL functions and triggers: roles and the first-admin rule, categories, carousel slides,
// slugs and defaults — on PGlite and PostgreSQL 17. (Featured and pinned: ordered-lists.test.ts.)

import { randomUUID } from 'node:crypto';
import { DB_ERROR } from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAs, anon, attempt, inRollback, must, serviceRole } from './support/callers.ts';
import { ENGINES, openDatabase, type TestDatabase } from './support/databases.ts';
import {
  createUser,
  type FixtureUser,
  insertRow,
  type ListingTable,
  makeAdmin,
  VALID_ROWS,
} from './support/fixtures.ts';

describe.each(ENGINES)('SQL functions on %s', (engine) => {
  let db: TestDatabase;
  let admin: FixtureUser;
  let user: FixtureUser;

  beforeAll(async () => {
    db = await openDatabase(engine);
    admin = await createUser(db.sql, 'admin1');
    user = await createUser(db.sql, 'maria');
    await makeAdmin(db.sql, admin);
  });
  afterAll(async () => {
    await db?.close();
  });

  const roles = async (id: string) =>
    (
      await must<{ role: string }>(
        db.sql,
        'select role::text from public.user_roles where user_id = $1 order by role',
        [id],
      )
    ).map((r) => r.role);

  describe('accounts', () => {
    it('sign-up creates the profile from the metadata and one user role', async () => {
      await inRollback(db.sql, async () => {
        const u = await createUser(db.sql, 'joao.silva', { avatar_url: 'javascript:alert(1)' });
        const [profile] = await must(
          db.sql,
          'select username, full_name, avatar_url from public.profiles where id = $1',
          [u.id],
        );
        expect(profile).toEqual({
          username: 'joao.silva',
          full_name: 'Pessoa joao.silva',
          avatar_url: null,
        });
        expect(await roles(u.id)).toEqual(['user']);
        // As the new user: has_role answers a user about themselves.
        await actAs(db.sql, u.caller);
        expect(
          (await must(db.sql, 'select public.has_role($1, $2) as r', [u.id, 'user']))[0]?.r,
        ).toBe(true);
      });
    });

    it('sign-up without metadata still creates an empty profile', async () => {
      await inRollback(db.sql, async () => {
        const [row] = await must<{ id: string }>(
          db.sql,
          `insert into auth.users (email) values ('sem.dados@teste.local') returning id`,
        );
        const [profile] = await must(
          db.sql,
          'select username, full_name from public.profiles where id = $1',
          [row?.id],
        );
        expect(profile).toEqual({ username: null, full_name: null });
      });
    });

    it('usernames are unique without regard to case, with a Portuguese message', async () => {
      await inRollback(db.sql, async () => {
        const signUp = await attempt(
          db.sql,
          `insert into auth.users (email, raw_user_meta_data) values ('m2@teste.local', '{"username":"MARIA"}')`,
        );
        expect(signUp.error).toMatchObject({
          code: '23505',
          message: 'Este nome de usuário já está em uso.',
        });
        await actAs(db.sql, admin.caller);
        const rename = await attempt(
          db.sql,
          `update public.profiles set username = 'Maria' where id = $1`,
          [admin.id],
        );
        expect(rename.error).toMatchObject({
          code: '23505',
          message: 'Este nome de usuário já está em uso.',
        });
        const available = await must(
          db.sql,
          'select public.username_available($1) as a, public.username_available($2) as b',
          [' mAria ', 'livre'],
        );
        expect(available[0]).toEqual({ a: false, b: true });
      });
    });

    it('refuses a malformed username at sign-up', async () => {
      await inRollback(db.sql, async () => {
        const result = await attempt(
          db.sql,
          `insert into auth.users (email, raw_user_meta_data) values ('x@teste.local', '{"username":"<b>oi</b>"}')`,
        );
        expect(result.error?.code).toBe('23514');
        expect(result.error?.message).toContain('nome de usuário');
      });
    });

    it('is_admin answers for the caller', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        expect((await must(db.sql, 'select public.is_admin() as a'))[0]?.a).toBe(true);
        await actAs(db.sql, user.caller);
        expect((await must(db.sql, 'select public.is_admin() as a'))[0]?.a).toBe(false);
      });
    });
  });

  describe('grant_admin_access', () => {
    it('the first admin: anyone signed in may grant while no admin exists, then only admins', async () => {
      await inRollback(db.sql, async () => {
        await db.sql.query(`delete from public.user_roles where role = 'admin'`);
        const other = await createUser(db.sql, 'outro');
        await actAs(db.sql, user.caller);
        await must(db.sql, 'select public.grant_admin_access($1)', [
          `  ${user.email.toUpperCase()} `,
        ]);
        expect(await roles(user.id)).toEqual(['admin']);
        await actAs(db.sql, other.caller);
        const second = await attempt(db.sql, 'select public.grant_admin_access($1)', [other.email]);
        expect(second.error?.code).toBe(DB_ERROR.forbidden);
        expect(second.error?.message).toContain('forbidden');
        await actAs(db.sql, user.caller);
        await must(db.sql, 'select public.grant_admin_access($1)', [other.email]);
        expect(await roles(other.id)).toEqual(['admin']);
      });
    });

    it('reports unknown and empty e-mails', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        const unknown = await attempt(db.sql, 'select public.grant_admin_access($1)', [
          'ninguem@teste.local',
        ]);
        expect(unknown.error?.code).toBe(DB_ERROR.userNotFound);
        expect(unknown.error?.message).toContain('not found');
        const empty = await attempt(db.sql, 'select public.grant_admin_access($1)', ['   ']);
        expect(empty.error).toMatchObject({
          code: '22023',
          message: 'Por favor, insira um email válido.',
        });
      });
    });

    it('the service role may grant', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, serviceRole);
        await must(db.sql, 'select public.grant_admin_access($1)', [user.email]);
        expect(await roles(user.id)).toEqual(['admin']);
      });
    });
  });

  describe('delete_own_account', () => {
    /**
     * Acts as `who` in a live session whose token says it signed in by `method` `secondsAgo`
     * seconds ago (the token's signed `amr` claim, as Supabase Auth writes it).
     */
    async function inSession(
      who: FixtureUser,
      secondsAgo: number,
      method: 'password' | 'otp' | 'recovery' = 'password',
    ): Promise<string> {
      const session = randomUUID();
      await db.sql.query('reset role');
      await db.sql.query(
        `insert into auth.sessions (id, user_id, amr_method, created_at)
         values ($1, $2, $3, now() - make_interval(secs => $4))`,
        [session, who.id, method, secondsAgo],
      );
      await actAs(db.sql, who.caller);
      const { rows } = await db.sql.query<{ at: number }>(
        'select floor(extract(epoch from now()))::float8 - $1 as at',
        [secondsAgo],
      );
      await db.sql.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({
          role: 'authenticated',
          sub: who.id,
          email: who.email,
          session_id: session,
          amr: [{ method, timestamp: rows[0]?.at }],
        }),
      ]);
      return session;
    }
    const left = async (id: string) => {
      await db.sql.query('reset role');
      return must<{ users: number; profiles: number; roles: number; sessions: number }>(
        db.sql,
        `select (select count(*)::int from auth.users where id = $1) as users,
                (select count(*)::int from public.profiles where id = $1) as profiles,
                (select count(*)::int from public.user_roles where user_id = $1) as roles,
                (select count(*)::int from auth.sessions where user_id = $1) as sessions`,
        [id],
      );
    };
    const refused = {
      code: DB_ERROR.forbidden,
      message: 'Confirme sua senha para excluir a conta.',
    };

    it('deletes the caller with their profile, roles and sessions, right after a sign-in', async () => {
      await inRollback(db.sql, async () => {
        const leaving = await createUser(db.sql, 'saindo');
        await inSession(leaving, 60);
        await must(db.sql, 'select public.delete_own_account()');
        expect(await left(leaving.id)).toEqual([{ users: 0, profiles: 0, roles: 0, sessions: 0 }]);
        expect((await left(user.id))[0]?.users).toBe(1);
      });
    });

    it('needs a password sign-in within 5 minutes: 4:55 ago passes, 5:05 ago is refused', async () => {
      await inRollback(db.sql, async () => {
        const leaving = await createUser(db.sql, 'antigo');
        await inSession(leaving, 5 * 60 + 5);
        expect((await attempt(db.sql, 'select public.delete_own_account()')).error).toMatchObject(
          refused,
        );
        expect((await left(leaving.id))[0]?.users).toBe(1);
        await inSession(leaving, 5 * 60 - 5);
        await must(db.sql, 'select public.delete_own_account()');
        expect((await left(leaving.id))[0]?.users).toBe(0);
      });
    });

    it('a session opened by an e-mailed link, an ended session or no session cannot delete', async () => {
      await inRollback(db.sql, async () => {
        const leaving = await createUser(db.sql, 'pelo_link');
        for (const method of ['otp', 'recovery'] as const) {
          await inSession(leaving, 0, method);
          const result = await attempt(db.sql, 'select public.delete_own_account()');
          expect(result.error, method).toMatchObject(refused);
        }
        // Signed out: the token still carries a fresh password sign-in, its session is gone.
        const session = await inSession(leaving, 0);
        await db.sql.query('reset role');
        await db.sql.query('delete from auth.sessions where id = $1', [session]);
        await actAs(db.sql, leaving.caller);
        await db.sql.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({
            role: 'authenticated',
            sub: leaving.id,
            session_id: session,
            amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
          }),
        ]);
        expect((await attempt(db.sql, 'select public.delete_own_account()')).error).toMatchObject(
          refused,
        );
        // A token without a session or without amr cannot either.
        await actAs(db.sql, leaving.caller);
        expect((await attempt(db.sql, 'select public.delete_own_account()')).error).toMatchObject(
          refused,
        );
        expect((await left(leaving.id))[0]?.users).toBe(1);
      });
    });

    it('anonymous callers cannot call it', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, anon);
        const result = await attempt(db.sql, 'select public.delete_own_account()');
        expect(result.error?.code).toBe(DB_ERROR.forbidden);
      });
    });

    it('the last administrator cannot delete their account; one of two can', async () => {
      await inRollback(db.sql, async () => {
        await inSession(admin, 0);
        const last = await attempt(db.sql, 'select public.delete_own_account()');
        expect(last.error).toMatchObject({
          code: DB_ERROR.lastAdmin,
          message: 'Não é possível excluir a conta do último administrador.',
        });
        expect((await left(admin.id))[0]?.users).toBe(1);
        await db.sql.query('reset role');
        const second = await createUser(db.sql, 'admin2');
        await makeAdmin(db.sql, second);
        await inSession(admin, 0);
        await must(db.sql, 'select public.delete_own_account()');
        expect((await left(admin.id))[0]?.users).toBe(0);
      });
    });
  });

  describe('set_user_role', () => {
    it('replaces all of the user’s role rows with one', async () => {
      await inRollback(db.sql, async () => {
        await db.sql.query(
          `insert into public.user_roles (user_id, role) values ($1, 'moderator')`,
          [user.id],
        );
        await actAs(db.sql, admin.caller);
        await must(db.sql, `select public.set_user_role($1, 'moderator')`, [user.id]);
        expect(await roles(user.id)).toEqual(['moderator']);
        await must(db.sql, `select public.set_user_role($1, 'admin')`, [user.id]);
        expect(await roles(user.id)).toEqual(['admin']);
      });
    });

    it('is for admins only', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, user.caller);
        const result = await attempt(db.sql, `select public.set_user_role($1, 'user')`, [admin.id]);
        expect(result.error?.code).toBe(DB_ERROR.forbidden);
      });
    });

    it('refuses to demote the last admin, and unknown users', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        const last = await attempt(db.sql, `select public.set_user_role($1, 'user')`, [admin.id]);
        expect(last.error).toMatchObject({
          code: DB_ERROR.lastAdmin,
          message: 'Não é possível remover o último administrador.',
        });
        const unknown = await attempt(
          db.sql,
          `select public.set_user_role(gen_random_uuid(), 'user')`,
        );
        expect(unknown.error?.code).toBe(DB_ERROR.userNotFound);
        await must(db.sql, `select public.set_user_role($1, 'admin')`, [user.id]);
        await must(db.sql, `select public.set_user_role($1, 'user')`, [admin.id]);
        expect(await roles(admin.id)).toEqual(['user']);
      });
    });
  });

  describe('listings', () => {
    it('apply the product defaults and keep created_at/updated_at', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        const h = await insertRow(db.sql, 'hospedagens', VALID_ROWS.hospedagens());
        const c = await insertRow(db.sql, 'comercios', VALID_ROWS.comercios());
        const p = await insertRow(db.sql, 'passeios', VALID_ROWS.passeios());
        const styles = { scale: 1, rotate: 0, positionX: 50, positionY: 50, objectFit: 'cover' };
        for (const row of [h, c, p]) {
          expect(Number(row.rating)).toBe(4.5);
          expect(row.image_styles).toEqual(styles);
          expect(row).toMatchObject({
            is_featured: false,
            featured_order: 0,
            is_pinned: false,
            pin_order: 0,
          });
          expect(row.additional_images).toEqual([]);
        }
        expect(c).toMatchObject({ horario: 'Não informado', categoria: 'Geral' });
        expect(p).toMatchObject({
          duracao: 'Não informado',
          ponto_encontro: 'Não informado',
          categoria: 'Geral',
        });
        const old = await insertRow(db.sql, 'hospedagens', VALID_ROWS.hospedagens());
        await actAs(db.sql, serviceRole);
        await must(
          db.sql,
          `update public.hospedagens set created_at = '2020-01-01', updated_at = '2020-01-01' where id = $1`,
          [old.id],
        );
        await actAs(db.sql, admin.caller);
        const [touched] = await must(
          db.sql,
          `update public.hospedagens set price = 10 where id = $1
           returning updated_at = now() as changed, created_at = '2020-01-01'::timestamptz as kept`,
          [old.id],
        );
        expect(touched).toEqual({ changed: true, kept: true });
      });
    });

    it('get a unique slug from the name that survives renames', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        const base = { ...VALID_ROWS.passeios(), name: 'Passeio de Barco — Pôr-do-Sol!' };
        const first = await insertRow(db.sql, 'passeios', base);
        const second = await insertRow(db.sql, 'passeios', base);
        const third = await insertRow(db.sql, 'passeios', {
          ...base,
          name: 'PASSEIO DE BARCO pôr do sol',
        });
        expect([first.slug, second.slug, third.slug]).toEqual([
          'passeio-de-barco-por-do-sol',
          'passeio-de-barco-por-do-sol-2',
          'passeio-de-barco-por-do-sol-3',
        ]);
        const [renamed] = await must(
          db.sql,
          `update public.passeios set name = 'Outro nome' where id = $1 returning slug`,
          [first.id],
        );
        expect(renamed?.slug).toBe('passeio-de-barco-por-do-sol');
        const symbols = await insertRow(db.sql, 'passeios', { ...base, name: '!!!' });
        expect(symbols.slug).toBe('item');
      });
    });

    const bad: [string, ListingTable, Record<string, unknown>][] = [
      ['rating above 5', 'hospedagens', { rating: 5.1 }],
      ['negative rating', 'comercios', { rating: -0.1 }],
      ['negative price', 'passeios', { price: -1 }],
      ['latitude out of range', 'hospedagens', { latitude: 91 }],
      ['longitude out of range', 'comercios', { longitude: -181 }],
      ['phone with letters', 'passeios', { phone: '55 88 9999-0000' }],
      ['phone too short', 'hospedagens', { phone: '558899' }],
      [
        '4 extra images',
        'comercios',
        { additional_images: ['/a.jpg', '/b.jpg', '/c.jpg', '/d.jpg'] },
      ],
      ['javascript: image', 'passeios', { image_url: 'javascript:alert(1)' }],
      ['protocol-relative image', 'hospedagens', { image_url: '//evil.example/x.jpg' }],
      [
        'image_styles with an extra key',
        'comercios',
        {
          image_styles: {
            scale: 1,
            rotate: 0,
            positionX: 50,
            positionY: 50,
            objectFit: 'cover',
            x: 1,
          },
        },
      ],
      [
        'image_styles scale out of range',
        'passeios',
        { image_styles: { scale: 4, rotate: 0, positionX: 50, positionY: 50, objectFit: 'cover' } },
      ],
      [
        'image_styles unknown objectFit',
        'hospedagens',
        {
          image_styles: { scale: 1, rotate: 0, positionX: 50, positionY: 50, objectFit: 'stretch' },
        },
      ],
      [
        'image_styles position as text',
        'comercios',
        {
          image_styles: { scale: 1, rotate: 0, positionX: '50', positionY: 50, objectFit: 'cover' },
        },
      ],
      ['no category', 'hospedagens', { categorias: [] }],
      ['repeated category', 'hospedagens', { categorias: ['Pousada', 'pousada'] }],
      ['blank name', 'comercios', { name: '   ' }],
      ['blank horario', 'comercios', { horario: '' }],
      ['blank amenity', 'passeios', { amenities: ['Wi-Fi', ' '] }],
    ];
    for (const [label, table, values] of bad) {
      it(`refuse ${label}`, async () => {
        await inRollback(db.sql, async () => {
          await actAs(db.sql, admin.caller);
          const row = { ...VALID_ROWS[table](), ...values };
          const columns = Object.keys(row);
          const result = await attempt(
            db.sql,
            `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
            Object.values(row).map((v) =>
              v && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v,
            ),
          );
          expect(result.error?.code).toBe('23514');
        });
      });
    }
  });

  describe('categories', () => {
    it('a new category goes last in its type (max + 1)', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        const a = await insertRow(db.sql, 'categories', { name: 'Praia', type: 'passeio' });
        await insertRow(db.sql, 'categories', {
          name: 'Hotel',
          type: 'hospedagem',
          order_position: 7,
        });
        const b = await insertRow(db.sql, 'categories', { name: 'Barco', type: 'passeio' });
        await must(db.sql, 'update public.categories set order_position = 10 where id = $1', [
          b.id,
        ]);
        const c = await insertRow(db.sql, 'categories', { name: 'Trilha', type: 'passeio' });
        expect([a.order_position, b.order_position, c.order_position]).toEqual([1, 2, 11]);
        const dup = await attempt(
          db.sql,
          `insert into public.categories (name, type) values ('praia', 'passeio')`,
        );
        expect(dup.error?.code).toBe('23505');
        const padded = await attempt(
          db.sql,
          `insert into public.categories (name, type) values (' Surf', 'passeio')`,
        );
        expect(padded.error?.code).toBe('23514');
      });
    });

    it('renaming a category renames it in the listings of its type', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        const pousada = await insertRow(db.sql, 'categories', {
          name: 'Pousada',
          type: 'hospedagem',
        });
        const loja = await insertRow(db.sql, 'categories', { name: 'Loja', type: 'comercio' });
        const h1 = await insertRow(db.sql, 'hospedagens', {
          ...VALID_ROWS.hospedagens(),
          categorias: ['Pousada', 'Família'],
        });
        const h2 = await insertRow(db.sql, 'hospedagens', {
          ...VALID_ROWS.hospedagens(),
          categorias: ['Família', 'Pousada', 'Pousada Rústica'],
        });
        const h3 = await insertRow(db.sql, 'hospedagens', {
          ...VALID_ROWS.hospedagens(),
          categorias: ['Pousada', 'Hotel'],
        });
        const c1 = await insertRow(db.sql, 'comercios', {
          ...VALID_ROWS.comercios(),
          categoria: 'Loja',
        });
        const p1 = await insertRow(db.sql, 'passeios', {
          ...VALID_ROWS.passeios(),
          categoria: 'Loja',
        });
        await must(db.sql, `update public.categories set name = 'Pousada Charme' where id = $1`, [
          pousada.id,
        ]);
        // the new name may already be on a listing: it is not repeated
        await must(db.sql, `update public.categories set name = 'Hotel' where id = $1`, [
          pousada.id,
        ]);
        await must(db.sql, `update public.categories set name = 'Artesanato' where id = $1`, [
          loja.id,
        ]);
        const cats = async (id: unknown) =>
          (await must(db.sql, 'select categorias from public.hospedagens where id = $1', [id]))[0]
            ?.categorias;
        expect(await cats(h1.id)).toEqual(['Hotel', 'Família']);
        expect(await cats(h2.id)).toEqual(['Família', 'Hotel', 'Pousada Rústica']);
        expect(await cats(h3.id)).toEqual(['Hotel']);
        expect(
          (await must(db.sql, 'select categoria from public.comercios where id = $1', [c1.id]))[0]
            ?.categoria,
        ).toBe('Artesanato');
        // only listings of the category's own type change
        expect(
          (await must(db.sql, 'select categoria from public.passeios where id = $1', [p1.id]))[0]
            ?.categoria,
        ).toBe('Loja');
      });
    });
  });

  describe('carousel slides', () => {
    it('get the defaults and order_position = number of slides + 1', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        const a = await insertRow(db.sql, 'carousel_slides', VALID_ROWS.carousel_slides());
        const b = await insertRow(db.sql, 'carousel_slides', VALID_ROWS.carousel_slides());
        expect(a).toMatchObject({ link: '/passeios', is_active: true, order_position: 1 });
        expect(b.order_position).toBe(2);
      });
    });

    it('the last slide cannot be deleted', async () => {
      await inRollback(db.sql, async () => {
        await actAs(db.sql, admin.caller);
        const a = await insertRow(db.sql, 'carousel_slides', VALID_ROWS.carousel_slides());
        const b = await insertRow(db.sql, 'carousel_slides', VALID_ROWS.carousel_slides());
        const all = await attempt(db.sql, 'delete from public.carousel_slides');
        expect(all.error).toMatchObject({
          code: DB_ERROR.lastSlide,
          message: 'O carrossel deve ter pelo menos um slide.',
        });
        await must(db.sql, 'delete from public.carousel_slides where id = $1', [a.id]);
        const last = await attempt(db.sql, 'delete from public.carousel_slides where id = $1', [
          b.id,
        ]);
        expect(last.error?.code).toBe(DB_ERROR.lastSlide);
        expect(await must(db.sql, 'select id from public.carousel_slides')).toEqual([{ id: b.id }]);
      });
    });

    for (const link of [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'data:text/html,x',
      'passeios',
      '/a b',
    ]) {
      it(`refuses the link ${JSON.stringify(link)}`, async () => {
        await inRollback(db.sql, async () => {
          await actAs(db.sql, admin.caller);
          const row = { ...VALID_ROWS.carousel_slides(), link };
          const result = await attempt(
            db.sql,
            'insert into public.carousel_slides (title, subtitle, image_url, link) values ($1, $2, $3, $4)',
            [row.title, row.subtitle, row.image_url, row.link],
          );
          expect(result.error?.code).toBe('23514');
        });
      });
    }

    for (const link of [
      '/',
      '/passeios',
      '/hospedagem/pousada-x?x=1#y',
      'https://guiafortim.com.br/a',
      'HTTP://example.com',
    ]) {
      it(`accepts the link ${JSON.stringify(link)}`, async () => {
        await inRollback(db.sql, async () => {
          await actAs(db.sql, admin.caller);
          const row = await insertRow(db.sql, 'carousel_slides', {
            ...VALID_ROWS.carousel_slides(),
            link,
          });
          expect(row.link).toBe(link);
        });
      });
    }
  });
});
