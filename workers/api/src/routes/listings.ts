// Hospedagens, comercios and passeios: create, update, quick edit, delete, featured and pinned.
// Every change runs with the caller's token (row-level security applies too); ordering goes
// through the database's atomic functions.
import {
  LISTING_TABLE,
  type Listing,
  type ListingKind,
  listingSchemas,
  moveSchema,
  quickEditSchemas,
  setFeaturedSchema,
  setPinnedSchema,
} from '@guia-fortim/db';
import { Hono } from 'hono';
import { requireAdmin } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { imageUrlsOf, removeUnusedImages } from '../images/cleanup.ts';
import { requestRebuild } from '../publish.ts';
import { databaseError, restClient } from '../supabase.ts';
import { idParam, json, params } from '../validation.ts';

const NOUN: Record<ListingKind, string> = {
  hospedagem: 'a hospedagem',
  comercio: 'o comércio',
  passeio: 'o passeio',
};

const IMAGE_COLUMNS = 'image_url,additional_images';

export function listingRoutes(kind: ListingKind) {
  const table = LISTING_TABLE[kind];
  const schemas = listingSchemas[kind];
  const saveFailed = `Não foi possível salvar ${NOUN[kind]}.`;

  return new Hono<AppEnv>()
    .use(requireAdmin)
    .post('/', json(schemas.create), async (c) => {
      const rows = await restClient(c)
        .insert<Listing>(table, c.req.valid('json'))
        .catch((err) => databaseError(err, saveFailed));
      requestRebuild(c);
      return c.json(rows[0], 201);
    })
    .patch('/:id', params(idParam), json(schemas.update), async (c) => {
      const { id } = c.req.valid('param');
      const changes = c.req.valid('json');
      const rest = restClient(c);
      const touchesImages = 'image_url' in changes || 'additional_images' in changes;
      let before: Pick<Listing, 'image_url' | 'additional_images'>[] = [];
      if (touchesImages) {
        before = await rest
          .select<Listing>(table, { select: IMAGE_COLUMNS, id: `eq.${id}` })
          .catch((err) => databaseError(err, saveFailed));
        if (before.length === 0) throw notFound();
      }
      const rows = await rest
        .update<Listing>(table, { id: `eq.${id}` }, changes)
        .catch((err) => databaseError(err, saveFailed));
      const row = rows[0];
      if (!row) throw notFound();
      if (touchesImages) {
        const kept = new Set(imageUrlsOf(row));
        await removeUnusedImages(
          c,
          imageUrlsOf(before[0]).filter((url) => !kept.has(url)),
        );
      }
      requestRebuild(c);
      return c.json(row);
    })
    .patch('/:id/quick', params(idParam), json(quickEditSchemas[kind]), async (c) => {
      const { id } = c.req.valid('param');
      const rows = await restClient(c)
        .update<Listing>(table, { id: `eq.${id}` }, c.req.valid('json'))
        .catch((err) => databaseError(err, saveFailed));
      if (!rows[0]) throw notFound();
      requestRebuild(c);
      return c.json(rows[0]);
    })
    .delete('/:id', params(idParam), async (c) => {
      const { id } = c.req.valid('param');
      const rows = await restClient(c)
        .remove<Listing>(table, { id: `eq.${id}` })
        .catch((err) => databaseError(err, `Não foi possível excluir ${NOUN[kind]}.`));
      const row = rows[0];
      if (!row) throw notFound();
      await removeUnusedImages(c, imageUrlsOf(row));
      requestRebuild(c);
      return c.json(row);
    })
    .post(
      '/:id/featured',
      params(idParam),
      json(setFeaturedSchema.pick({ featured: true })),
      async (c) => {
        const { id } = c.req.valid('param');
        const { featured } = c.req.valid('json');
        const position = await restClient(c)
          .rpc<number | null>('set_featured', { kind, item_id: id, featured })
          .catch((err) => databaseError(err, 'Não foi possível atualizar o destaque.'));
        requestRebuild(c);
        return c.json({ id, is_featured: position !== null, featured_order: position ?? 0 });
      },
    )
    .post(
      '/:id/featured/move',
      params(idParam),
      json(moveSchema.pick({ direction: true })),
      async (c) => {
        const { id } = c.req.valid('param');
        const { direction } = c.req.valid('json');
        const position = await restClient(c)
          .rpc<number>('move_featured', { kind, item_id: id, direction })
          .catch((err) => databaseError(err, 'Não foi possível atualizar a ordem.'));
        requestRebuild(c);
        return c.json({ id, is_featured: true, featured_order: position });
      },
    )
    .post(
      '/:id/pinned',
      params(idParam),
      json(setPinnedSchema.pick({ pinned: true })),
      async (c) => {
        const { id } = c.req.valid('param');
        const { pinned } = c.req.valid('json');
        const position = await restClient(c)
          .rpc<number | null>('set_pinned', { kind, item_id: id, pinned })
          .catch((err) =>
            databaseError(
              err,
              pinned ? 'Não foi possível fixar o item.' : 'Não foi possível remover o item.',
            ),
          );
        requestRebuild(c);
        return c.json({ id, is_pinned: position !== null, pin_order: position ?? 0 });
      },
    )
    .post(
      '/:id/pinned/move',
      params(idParam),
      json(moveSchema.pick({ direction: true })),
      async (c) => {
        const { id } = c.req.valid('param');
        const { direction } = c.req.valid('json');
        const position = await restClient(c)
          .rpc<number>('move_pinned', { kind, item_id: id, direction })
          .catch((err) => databaseError(err, 'Não foi possível atualizar a ordem.'));
        requestRebuild(c);
        return c.json({ id, is_pinned: true, pin_order: position });
      },
    );
}
