// Hospedagens, comercios and passeios: create, update, quick edit, delete, featured and pinned,
// and the same changes to several listings at once (the panel lists' bulk actions).
// Every change runs with the caller's token (row-level security applies too); ordering goes
// through the database's atomic functions. A deleted listing goes to the trash (a trigger) with
// its photos; photos replaced in an edit stay for its history (images/cleanup.ts).
// After each change the site is rebuilt and the site Worker renders the changed listings' pages
// (site-pages.ts: which slugs each route names).
import {
  LISTING_TABLE,
  type Listing,
  type ListingBulkAction,
  type ListingKind,
  listingBulkSchema,
  listingSchemas,
  moveSchema,
  quickEditSchemas,
  setFeaturedSchema,
  setPinnedSchema,
} from '@guia-fortim/domain';
import { type Context, Hono } from 'hono';
import { requireAdmin } from '../auth.ts';
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

const MOVE_FAILED = 'Não foi possível atualizar a ordem.';

/** A bulk action on the featured or pinned lists: the database function and its flag. */
const BULK_ORDERING: Record<
  Exclude<ListingBulkAction, 'delete'>,
  { fn: 'bulk_set_featured' | 'bulk_set_pinned'; args: Record<string, boolean> }
> = {
  feature: { fn: 'bulk_set_featured', args: { featured: true } },
  unfeature: { fn: 'bulk_set_featured', args: { featured: false } },
  pin: { fn: 'bulk_set_pinned', args: { pinned: true } },
  unpin: { fn: 'bulk_set_pinned', args: { pinned: false } },
};
const moveBody = moveSchema.pick({ direction: true });

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

  /** One of the database's atomic ordering functions on a listing; the site is then rebuilt. */
  const reorder = async <T>(
    c: Context<AppEnv>,
    fn: 'set_featured' | 'move_featured' | 'set_pinned' | 'move_pinned',
    args: { item_id: string } & Record<string, string | boolean>,
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
      .use(requireAdmin)
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
          const { fn, args } = BULK_ORDERING[action];
          done = await dataOf<string[]>(
            database(c).rpc(fn, { kind, item_ids: ids, ...args }),
          ).catch((err) => databaseError(err, 'Não foi possível atualizar os itens.'));
          requestRebuildAndPurge(c);
          renderListingPages(c, changed.reordered(kind, done));
        }
        return c.json({ action, ids: done });
      })
      .post(
        '/:id/featured',
        params(idParam),
        json(setFeaturedSchema.pick({ featured: true })),
        async (c) => {
          const { id } = c.req.valid('param');
          const { featured } = c.req.valid('json');
          const position = await reorder<number | null>(
            c,
            'set_featured',
            { item_id: id, featured },
            'Não foi possível atualizar o destaque.',
          );
          return c.json({ id, is_featured: position !== null, featured_order: position ?? 0 });
        },
      )
      .post('/:id/featured/move', params(idParam), json(moveBody), async (c) => {
        const { id } = c.req.valid('param');
        const { direction } = c.req.valid('json');
        const position = await reorder<number>(
          c,
          'move_featured',
          { item_id: id, direction },
          MOVE_FAILED,
        );
        return c.json({ id, is_featured: true, featured_order: position });
      })
      .post(
        '/:id/pinned',
        params(idParam),
        json(setPinnedSchema.pick({ pinned: true })),
        async (c) => {
          const { id } = c.req.valid('param');
          const { pinned } = c.req.valid('json');
          const position = await reorder<number | null>(
            c,
            'set_pinned',
            { item_id: id, pinned },
            pinned ? 'Não foi possível fixar o item.' : 'Não foi possível remover o item.',
          );
          return c.json({ id, is_pinned: position !== null, pin_order: position ?? 0 });
        },
      )
      .post('/:id/pinned/move', params(idParam), json(moveBody), async (c) => {
        const { id } = c.req.valid('param');
        const { direction } = c.req.valid('json');
        const position = await reorder<number>(
          c,
          'move_pinned',
          { item_id: id, direction },
          MOVE_FAILED,
        );
        return c.json({ id, is_pinned: true, pin_order: position });
      })
  );
}
