// The ordered lists, featured and pinned, through set_in_list, move_in_list and bulk_set_in_list:
// the featured limit at its edge (the 4th accepted, the 5th refused), contiguous positions from
// each list's first one, swaps and the ends, gaps closed on removal and delete, admins only, bad
// arguments; and the SQL's copy of each list's columns, limit and messages equal to db/domain's
// ORDERED_LIST — on PGlite and PostgreSQL 17.

import {
  DB_ERROR,
  FEATURED_LIMIT,
  listLimitMessage,
  MESSAGES,
  ORDERED_LIST,
  ORDERED_LISTS,
} from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAs, anon, attempt, inRollback, must } from './support/callers.ts';
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

const SET = 'select public.set_in_list($1, $2, $3, $4) as p';
const MOVE = 'select public.move_in_list($1, $2, $3, $4) as p';
const BULK = 'select public.bulk_set_in_list($1, $2, $3, $4) as changed';

describe.each(ENGINES)('ordered lists on %s', (engine) => {
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

  it("holds db/domain's columns, limit and messages for each list", async () => {
    await inRollback(db.sql, async () => {
      for (const list of ORDERED_LISTS) {
        const [row] = await must(
          db.sql,
          'select flag, position_column, first_position, size_limit, not_in_list from private.ordered_list($1)',
          [list],
        );
        const definition = ORDERED_LIST[list];
        expect(row).toEqual({
          flag: definition.flag,
          position_column: definition.position,
          first_position: definition.firstPosition,
          size_limit: definition.limit,
          not_in_list: definition.notInList,
        });
      }
      const unknown = await attempt(db.sql, 'select private.ordered_list($1)', ['destaques']);
      expect(unknown.error).toMatchObject({
        code: DB_ERROR.invalidParameter,
        message: MESSAGES.orderedList,
      });
    });
  });

  describe.each(KINDS)('%s', (kind, table) => {
    const order = async (list: 'featured' | 'pinned') => {
      const { flag, position } = ORDERED_LIST[list];
      return (
        await must<{ id: string; o: number }>(
          db.sql,
          `select id, ${position} as o from public.${table} where ${flag} order by ${position}`,
        )
      ).map((r) => [r.id, r.o]);
    };
    const set = async (list: string, id: string | undefined, included: boolean | null) =>
      (await must<{ p: number | null }>(db.sql, SET, [list, kind, id, included]))[0]?.p;
    const move = async (list: string, id: string | undefined, direction: string) =>
      (await must<{ p: number }>(db.sql, MOVE, [list, kind, id, direction]))[0]?.p;

    async function items(n: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < n; i++)
        ids.push(String((await insertRow(db.sql, table, VALID_ROWS[table]())).id));
      return ids;
    }

    it('features up to the limit, in order from 0; the one past it is refused with the domain message', async () => {
      await inRollback(db.sql, async () => {
        const ids = await items(FEATURED_LIMIT + 1);
        await actAs(db.sql, admin.caller);
        // The last one accepted is the limit's own: the 4th.
        for (const [i, id] of ids.slice(0, FEATURED_LIMIT).entries()) {
          expect(await set('featured', id, true)).toBe(i);
        }
        const fifth = await attempt(db.sql, SET, ['featured', kind, ids[FEATURED_LIMIT], true]);
        expect(fifth.error).toEqual({
          code: DB_ERROR.featuredLimit,
          message: 'Você já tem 4 itens em destaque. Remova um antes de adicionar outro.',
          hint: 'featured_limit',
        });
        // The SQL's copy of the sentence is the domain's.
        expect(fifth.error?.message).toBe(listLimitMessage(FEATURED_LIMIT));
        // featuring an already featured item changes nothing
        expect(await set('featured', ids[2], true)).toBe(2);
        expect(await order('featured')).toEqual(
          ids.slice(0, FEATURED_LIMIT).map((id, i) => [id, i]),
        );
      });
    });

    it('removing a featured item renumbers the rest from 0; moves swap with the neighbour', async () => {
      await inRollback(db.sql, async () => {
        const [a, b, c, d] = await items(4);
        await actAs(db.sql, admin.caller);
        for (const id of [a, b, c, d]) await set('featured', id, true);
        expect(await set('featured', b, false)).toBeNull();
        // taking out an item that is not in the list changes nothing
        expect(await set('featured', b, false)).toBeNull();
        expect(await order('featured')).toEqual([
          [a, 0],
          [c, 1],
          [d, 2],
        ]);
        expect(await move('featured', d, 'up')).toBe(1);
        expect(await order('featured')).toEqual([
          [a, 0],
          [d, 1],
          [c, 2],
        ]);
        // the first cannot move up, the last cannot move down
        expect(await move('featured', a, 'up')).toBe(0);
        expect(await move('featured', c, 'down')).toBe(2);
        await move('featured', a, 'down');
        expect(await order('featured')).toEqual([
          [d, 0],
          [a, 1],
          [c, 2],
        ]);
        const notFeatured = await attempt(db.sql, MOVE, ['featured', kind, b, 'up']);
        expect(notFeatured.error).toMatchObject({
          code: DB_ERROR.notFeatured,
          message: 'O item não está em destaque.',
        });
      });
    });

    it('pins at the end with no limit (1..n), unpinning renumbers the rest, moves swap', async () => {
      await inRollback(db.sql, async () => {
        const ids = await items(FEATURED_LIMIT + 2);
        const [a, b, c] = ids as [string, string, string];
        await actAs(db.sql, admin.caller);
        for (const [i, id] of ids.entries()) expect(await set('pinned', id, true)).toBe(i + 1);
        for (const id of ids.slice(3)) await set('pinned', id, false);
        await set('pinned', a, false);
        expect(await order('pinned')).toEqual([
          [b, 1],
          [c, 2],
        ]);
        expect(await move('pinned', c, 'up')).toBe(1);
        expect(await order('pinned')).toEqual([
          [c, 1],
          [b, 2],
        ]);
        expect(await move('pinned', b, 'down')).toBe(2);
        const notPinned = await attempt(db.sql, MOVE, ['pinned', kind, a, 'down']);
        expect(notPinned.error).toMatchObject({
          code: DB_ERROR.notPinned,
          message: 'O item não está fixado no topo.',
        });
      });
    });

    it('deleting featured and pinned items closes the gaps', async () => {
      await inRollback(db.sql, async () => {
        const [a, b, c] = await items(3);
        await actAs(db.sql, admin.caller);
        for (const id of [a, b, c]) {
          await set('featured', id, true);
          await set('pinned', id, true);
        }
        await must(db.sql, `delete from public.${table} where id = $1`, [a]);
        expect(await order('featured')).toEqual([
          [b, 0],
          [c, 1],
        ]);
        expect(await order('pinned')).toEqual([
          [b, 1],
          [c, 2],
        ]);
      });
    });

    it('bulk: in the order given, up to the limit; past it nothing changes; answers what changed', async () => {
      await inRollback(db.sql, async () => {
        const [a, b, c, d, e] = (await items(5)) as [string, string, string, string, string];
        await actAs(db.sql, admin.caller);
        await set('featured', a, true);
        const bulk = async (list: string, ids: string[], included: boolean) =>
          (await must<{ changed: string[] }>(db.sql, BULK, [list, kind, ids, included]))[0]
            ?.changed;
        expect(await bulk('featured', [c, a, b], true)).toEqual([c, b]);
        expect(await order('featured')).toEqual([
          [a, 0],
          [c, 1],
          [b, 2],
        ]);
        // One past the limit: the whole call is refused (the 4th of it included).
        const over = await attempt(db.sql, BULK, ['featured', kind, [d, e], true]);
        expect(over.error).toMatchObject({
          code: DB_ERROR.featuredLimit,
          message: listLimitMessage(FEATURED_LIMIT),
        });
        expect(await bulk('featured', [d], true)).toEqual([d]);
        expect(await bulk('featured', [c, a, e], false)).toEqual([c, a]);
        expect(await order('featured')).toEqual([
          [b, 0],
          [d, 1],
        ]);
        expect(await bulk('pinned', [e, d, e], true)).toEqual([e, d]);
        expect(await order('pinned')).toEqual([
          [e, 1],
          [d, 2],
        ]);
        expect(await bulk('pinned', [], false)).toEqual([]);
      });
    });

    it('refuses bad arguments and non-admin callers without changing anything', async () => {
      await inRollback(db.sql, async () => {
        const [a] = await items(1);
        await actAs(db.sql, user.caller);
        for (const [text, params] of [
          [SET, ['featured', kind, a, true]],
          [SET, ['pinned', kind, a, true]],
          [BULK, ['featured', kind, [a], true]],
        ] as const) {
          expect((await attempt(db.sql, text, [...params])).error).toMatchObject({
            code: DB_ERROR.forbidden,
            message: 'Apenas administradores podem realizar esta operação.',
          });
        }
        await actAs(db.sql, anon);
        expect((await attempt(db.sql, MOVE, ['pinned', kind, a, 'up'])).error?.code).toBe('42501');
        await actAs(db.sql, admin.caller);
        const badKind = await attempt(db.sql, SET, ['featured', 'praia', a, true]);
        expect(badKind.error?.code).toBe(DB_ERROR.invalidParameter);
        for (const text of [SET, BULK]) {
          const badList = await attempt(db.sql, text, [
            'destaques',
            kind,
            text === SET ? a : [a],
            true,
          ]);
          expect(badList.error).toMatchObject({
            code: DB_ERROR.invalidParameter,
            message: 'Lista inválida. Use featured ou pinned.',
          });
        }
        const moveBadList = await attempt(db.sql, MOVE, [null, kind, a, 'up']);
        expect(moveBadList.error?.code).toBe(DB_ERROR.invalidParameter);
        const badDirection = await attempt(db.sql, MOVE, ['featured', kind, a, 'left']);
        expect(badDirection.error).toMatchObject({
          code: '22023',
          message: 'Direção inválida. Use up ou down.',
        });
        for (const [list, message] of [
          ['featured', 'Informe se o item fica em destaque.'],
          ['pinned', 'Informe se o item fica fixado no topo.'],
        ] as const) {
          expect((await attempt(db.sql, SET, [list, kind, a, null])).error).toMatchObject({
            code: '22023',
            message,
          });
        }
        const missing = await attempt(
          db.sql,
          'select public.set_in_list($1, $2, gen_random_uuid(), true)',
          ['pinned', kind],
        );
        expect(missing.error).toMatchObject({
          code: DB_ERROR.itemNotFound,
          message: 'Item não encontrado.',
        });
        expect(await order('featured')).toEqual([]);
        expect(await order('pinned')).toEqual([]);
      });
    });
  });
});
