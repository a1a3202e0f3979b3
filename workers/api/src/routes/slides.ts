// Carousel slides: create, update, delete (the database refuses to delete the last one).
import { type CarouselSlide, slideCreateSchema, slideUpdateSchema } from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requireAdmin } from '../auth.ts';
import { requestRebuildAndSweep } from '../content-changed.ts';
import { database, databaseError, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { imageUrlsOf, removeUnusedImages } from '../images/cleanup.ts';
import { idParam, json, params } from '../validation.ts';

const TABLE = 'carousel_slides';
const NOT_FOUND = 'Slide não encontrado.';

export const slides = new Hono<AppEnv>()
  .use(requireAdmin)
  .post('/', json(slideCreateSchema), async (c) => {
    const rows = await dataOf<CarouselSlide[]>(
      database(c).from(TABLE).insert(c.req.valid('json')).select(),
    ).catch((err) => databaseError(err, 'Erro ao criar slide'));
    requestRebuildAndSweep(c);
    return c.json(rows[0], 201);
  })
  .patch('/:id', params(idParam), json(slideUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const changes = c.req.valid('json');
    const db = database(c);
    let before: Pick<CarouselSlide, 'image_url'>[] = [];
    if (changes.image_url !== undefined) {
      before = await dataOf<Pick<CarouselSlide, 'image_url'>[]>(
        db.from(TABLE).select('image_url').eq('id', id),
      ).catch((err) => databaseError(err, 'Erro ao atualizar slide'));
      if (before.length === 0) throw notFound(NOT_FOUND);
    }
    const rows = await dataOf<CarouselSlide[]>(
      db.from(TABLE).update(changes).eq('id', id).select(),
    ).catch((err) => databaseError(err, 'Erro ao atualizar slide'));
    const row = rows[0];
    if (!row) throw notFound(NOT_FOUND);
    if (before[0] && before[0].image_url !== row.image_url) {
      await removeUnusedImages(c, [before[0].image_url]);
    }
    requestRebuildAndSweep(c);
    return c.json(row);
  })
  .delete('/:id', params(idParam), async (c) => {
    const rows = await dataOf<CarouselSlide[]>(
      database(c).from(TABLE).delete().eq('id', c.req.valid('param').id).select(),
    ).catch((err) => databaseError(err, 'Erro ao remover slide'));
    const row = rows[0];
    if (!row) throw notFound(NOT_FOUND);
    await removeUnusedImages(c, imageUrlsOf(row));
    requestRebuildAndSweep(c);
    return c.json(row);
  });
