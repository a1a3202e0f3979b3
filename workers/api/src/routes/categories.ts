// Categories: create (trimmed name, last in its type), rename or (de)activate, move up or down in
// its type (move_category: atomic, the type's order kept 1..n), delete (to the trash, a trigger).
import {
  type Category,
  categoryCreateSchema,
  categoryUpdateSchema,
  DB_ERROR,
  MOVE_FAILED,
  moveSchema,
} from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requireStaff } from '../auth.ts';
import { requestRebuildAndPurge } from '../content-changed.ts';
import { DatabaseRefusal, database, databaseError, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, notFound } from '../errors.ts';
import { idParam, json, params } from '../validation.ts';

const TABLE = 'categories';
const NOT_FOUND = 'Categoria não encontrada.';

function categoryError(fallback: string) {
  return (err: unknown): never => {
    if (err instanceof DatabaseRefusal && err.code === DB_ERROR.uniqueViolation) {
      throw new ApiError(409, 'conflict', 'Já existe uma categoria com esse nome.', {
        name: 'Já existe uma categoria com esse nome.',
      });
    }
    return databaseError(err, fallback);
  };
}

export const categories = new Hono<AppEnv>()
  .use(requireStaff)
  .post('/', json(categoryCreateSchema), async (c) => {
    const rows = await dataOf<Category[]>(
      database(c).from(TABLE).insert(c.req.valid('json')).select(),
    ).catch(categoryError('Erro ao salvar categoria'));
    requestRebuildAndPurge(c);
    return c.json(rows[0], 201);
  })
  .patch('/:id', params(idParam), json(categoryUpdateSchema), async (c) => {
    const rows = await dataOf<Category[]>(
      database(c)
        .from(TABLE)
        .update(c.req.valid('json'))
        .eq('id', c.req.valid('param').id)
        .select(),
    ).catch(categoryError('Erro ao salvar categoria'));
    if (!rows[0]) throw notFound(NOT_FOUND);
    requestRebuildAndPurge(c);
    return c.json(rows[0]);
  })
  .post('/:id/move', params(idParam), json(moveSchema.pick({ direction: true })), async (c) => {
    const id = c.req.valid('param').id;
    const position = await dataOf<number>(
      database(c).rpc('move_category', {
        category_id: id,
        direction: c.req.valid('json').direction,
      }),
    ).catch((err) => databaseError(err, MOVE_FAILED));
    requestRebuildAndPurge(c);
    return c.json({ id, order_position: position });
  })
  .delete('/:id', params(idParam), async (c) => {
    const rows = await dataOf<Category[]>(
      database(c).from(TABLE).delete().eq('id', c.req.valid('param').id).select(),
    ).catch(categoryError('Erro ao excluir categoria'));
    if (!rows[0]) throw notFound(NOT_FOUND);
    requestRebuildAndPurge(c);
    return c.json(rows[0]);
  });
