// Carousel slides: create, update, delete (the database refuses to delete the last one). A deleted
// slide goes to the trash with its photo; a replaced photo stays for the history (images/cleanup.ts).
import { type CarouselSlide, slideCreateSchema, slideUpdateSchema } from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requireStaff } from '../auth.ts';
import { requestRebuildAndPurge } from '../content-changed.ts';
import { database, databaseError, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { idParam, json, params } from '../validation.ts';

const TABLE = 'carousel_slides';
const NOT_FOUND = 'Slide não encontrado.';

export const slides = new Hono<AppEnv>()
  .use(requireStaff)
  .post('/', json(slideCreateSchema), async (c) => {
    const rows = await dataOf<CarouselSlide[]>(
      database(c).from(TABLE).insert(c.req.valid('json')).select(),
    ).catch((err) => databaseError(err, 'Erro ao criar slide'));
    requestRebuildAndPurge(c);
    return c.json(rows[0], 201);
  })
  .patch('/:id', params(idParam), json(slideUpdateSchema), async (c) => {
    const rows = await dataOf<CarouselSlide[]>(
      database(c)
        .from(TABLE)
        .update(c.req.valid('json'))
        .eq('id', c.req.valid('param').id)
        .select(),
    ).catch((err) => databaseError(err, 'Erro ao atualizar slide'));
    const row = rows[0];
    if (!row) throw notFound(NOT_FOUND);
    requestRebuildAndPurge(c);
    return c.json(row);
  })
  .delete('/:id', params(idParam), async (c) => {
    const rows = await dataOf<CarouselSlide[]>(
      database(c).from(TABLE).delete().eq('id', c.req.valid('param').id).select(),
    ).catch((err) => databaseError(err, 'Erro ao remover slide'));
    const row = rows[0];
    if (!row) throw notFound(NOT_FOUND);
    requestRebuildAndPurge(c);
    return c.json(row);
  });
