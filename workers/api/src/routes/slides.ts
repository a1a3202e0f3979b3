// Carousel slides: create, update, delete (the database refuses to delete the last one).
import { type CarouselSlide, slideCreateSchema, slideUpdateSchema } from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requireAdmin } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { imageUrlsOf, removeUnusedImages } from '../images/cleanup.ts';
import { requestRebuild } from '../publish.ts';
import { databaseError, restClient } from '../supabase.ts';
import { idParam, json, params } from '../validation.ts';

const TABLE = 'carousel_slides';
const NOT_FOUND = 'Slide não encontrado.';

export const slides = new Hono<AppEnv>()
  .use(requireAdmin)
  .post('/', json(slideCreateSchema), async (c) => {
    const rows = await restClient(c)
      .insert<CarouselSlide>(TABLE, c.req.valid('json'))
      .catch((err) => databaseError(err, 'Erro ao criar slide'));
    requestRebuild(c);
    return c.json(rows[0], 201);
  })
  .patch('/:id', params(idParam), json(slideUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const changes = c.req.valid('json');
    const rest = restClient(c);
    let before: Pick<CarouselSlide, 'image_url'>[] = [];
    if (changes.image_url !== undefined) {
      before = await rest
        .select<CarouselSlide>(TABLE, { select: 'image_url', id: `eq.${id}` })
        .catch((err) => databaseError(err, 'Erro ao atualizar slide'));
      if (before.length === 0) throw notFound(NOT_FOUND);
    }
    const rows = await rest
      .update<CarouselSlide>(TABLE, { id: `eq.${id}` }, changes)
      .catch((err) => databaseError(err, 'Erro ao atualizar slide'));
    const row = rows[0];
    if (!row) throw notFound(NOT_FOUND);
    if (before[0] && before[0].image_url !== row.image_url) {
      await removeUnusedImages(c, [before[0].image_url]);
    }
    requestRebuild(c);
    return c.json(row);
  })
  .delete('/:id', params(idParam), async (c) => {
    const rows = await restClient(c)
      .remove<CarouselSlide>(TABLE, { id: `eq.${c.req.valid('param').id}` })
      .catch((err) => databaseError(err, 'Erro ao remover slide'));
    const row = rows[0];
    if (!row) throw notFound(NOT_FOUND);
    await removeUnusedImages(c, imageUrlsOf(row));
    requestRebuild(c);
    return c.json(row);
  });
