// Hospedagens, comercios and passeios: create, update, quick edit, delete, their place in the
// ordered lists (featured, pinned: db/domain's ORDERED_LIST) and the same changes to several
// listings at once (the panel lists' bulk actions).
// Every change runs with the caller's token (row-level security applies too); ordering goes
// through the database's atomic functions. A deleted listing goes to the trash (a trigger) with
// its photos; photos replaced in an edit stay for its history (images/cleanup.ts).
// After each change the site is rebuilt and the site Worker renders the changed listings' pages
// (site-pages.ts: which slugs each route names).
import {
  BULK_LIST_ACTIONS,
  LISTING_TABLE,
  type Listing,
  type ListingKind,
  listingBulkSchema,
  listingSchemas,
  moveSchema,
  ORDERED_LIST,
  type OrderedList,
  orderedListSchema,
  quickEditSchemas,
  setInListSchema,
} from '@guia-fortim/domain';
import { type Context, Hono } from 'hono';
import { requireStaff } from '../auth.ts';
import { requestRebuildAndPurge } from '../content-changed.ts';
import { database, databaseError, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { changed, renderListingPages } from '../site-pages.ts';
import { idParam, json, params } from '../validation.ts';

const NOUN: Record<ListingKind, string> = {
  hospedagem: 'a hospedagem',
  comercio: 'o comércio',
  passeio: 'o passeio',
};
const PLURAL: Record<ListingKind, string> = {
  hospedagem: 'as hospedagens',
  comercio: 'os comércios',
  passeio: 'os passeios',
};

/** `:id/lists/:list`: a listing and one of its kind's ordered lists ('Lista inválida.' otherwise). */
const listParam = idParam.extend({ list: orderedListSchema });
const includedBody = setInListSchema.pick({ included: true });

/** A listing's place in `list` as its row holds it: the list's flag and position columns. */
function placeIn(list: OrderedList, id: string, position: number | null) {
  const { flag, position: column } = ORDERED_LIST[list];
  return { id, [flag]: position !== null, [column]: position ?? 0 };
}

export function listingRoutes(kind: ListingKind) {
  const table = LISTING_TABLE[kind];
  const schemas = listingSchemas[kind];
  const saveFailed = `Não foi possível salvar ${NOUN[kind]}.`;

  /** The one row a request with the caller's token touches: a refusal is `failure`, none a 404. */
  const oneRow = async (
    write: Parameters<typeof dataOf>[0],
    failure: string = saveFailed,
  ): Promise<Listing> => {
    const [row] = await dataOf<Listing[]>(write).catch((err) => databaseError(err, failure));
    if (!row) throw notFound();
    return row;
  };

  /** One of the database's atomic ordered-list functions on a listing; the site is then rebuilt. */
  const reorder = async <T>(
    c: Context<AppEnv>,
    fn: 'set_in_list' | 'move_in_list',
    args: { list: OrderedList; item_id: string } & Record<string, string | boolean>,
    failure: string,
  ): Promise<T> => {
    const position = await dataOf<T>(database(c).rpc(fn, { kind, ...args })).catch((err) =>
      databaseError(err, failure),
    );
    requestRebuildAndPurge(c);
    renderListingPages(c, changed.reordered(kind, [args.item_id]));
    return position;
  };

  return (
    new Hono<AppEnv>()
      .use(requireStaff)
      .post('/', json(schemas.create), async (c) => {
        const values: Record<string, unknown> = c.req.valid('json');
        const row = await oneRow(database(c).from(table).insert(values).select());
        requestRebuildAndPurge(c);
        renderListingPages(c, changed.saved(kind, row));
        return c.json(row, 201);
      })
      .patch('/:id', params(idParam), json(schemas.update), async (c) => {
        const { id } = c.req.valid('param');
        const row = await oneRow(
          database(c).from(table).update(c.req.valid('json')).eq('id', id).select(),
        );
        requestRebuildAndPurge(c);
        renderListingPages(c, changed.saved(kind, row));
        return c.json(row);
      })
      .patch('/:id/quick', params(idParam), json(quickEditSchemas[kind]), async (c) => {
        const { id } = c.req.valid('param');
        const row = await oneRow(
          database(c).from(table).update(c.req.valid('json')).eq('id', id).select(),
        );
        requestRebuildAndPurge(c);
        renderListingPages(c, changed.saved(kind, row));
        return c.json(row);
      })
      .delete('/:id', params(idParam), async (c) => {
        const { id } = c.req.valid('param');
        const row = await oneRow(
          database(c).from(table).delete().eq('id', id).select(),
          `Não foi possível excluir ${NOUN[kind]}.`,
        );
        requestRebuildAndPurge(c);
        renderListingPages(c, changed.deleted(kind, [row]));
        return c.json(row);
      })
      // Several at once: a delete takes the rows that still exist (each to the trash, the orders
      // closing up as for one), the orderings go through their atomic bulk functions (all or none).
      // The answer lists the ids that changed.
      .post('/bulk', json(listingBulkSchema), async (c) => {
        const { action, ids } = c.req.valid('json');
        let done: string[];
        if (action === 'delete') {
          const rows = await dataOf<{ id: string; slug: string }[]>(
            database(c).from(table).delete().in('id', ids).select('id, slug'),
          ).catch((err) => databaseError(err, `Não foi possível excluir ${PLURAL[kind]}.`));
          if (rows.length === 0) throw notFound();
          done = [...new Set(ids)].filter((id) => rows.some((row) => row.id === id));
          requestRebuildAndPurge(c);
          renderListingPages(c, changed.deleted(kind, rows));
        } else {
          const { list, included } = BULK_LIST_ACTIONS[action];
          done = await dataOf<string[]>(
            database(c).rpc('bulk_set_in_list', { list, kind, item_ids: ids, included }),
          ).catch((err) => databaseError(err, 'Não foi possível atualizar os itens.'));
          requestRebuildAndPurge(c);
          renderListingPages(c, changed.reordered(kind, done));
        }
        return c.json({ action, ids: done });
      })
      // Into or out of an ordered list (at its end; the rest close up), one place up or down.
      .post('/:id/lists/:list', params(listParam), json(includedBody), async (c) => {
        const { id, list } = c.req.valid('param');
        const { included } = c.req.valid('json');
        const { texts } = ORDERED_LIST[list];
        const position = await reorder<number | null>(
          c,
          'set_in_list',
          { list, item_id: id, included },
          included ? texts.addFailure : texts.removeFailure,
        );
        return c.json(placeIn(list, id, position));
      })
      .post('/:id/lists/:list/move', params(listParam), json(moveSchema), async (c) => {
        const { id, list } = c.req.valid('param');
        const { direction } = c.req.valid('json');
        const position = await reorder<number>(
          c,
          'move_in_list',
          { list, item_id: id, direction },
          ORDERED_LIST[list].texts.moveFailure,
        );
        return c.json(placeIn(list, id, position));
      })
  );
}
