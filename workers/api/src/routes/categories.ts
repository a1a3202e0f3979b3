// Categories: create (trimmed name, last in its type), rename or (de)activate, delete.
import { type Category, categoryCreateSchema, categoryUpdateSchema } from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requireAdmin } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, notFound } from '../errors.ts';
import { requestRebuild } from '../publish.ts';
import { databaseError, PostgrestError, restClient } from '../supabase.ts';
import { idParam, json, params } from '../validation.ts';

const TABLE = 'categories';
const NOT_FOUND = 'Categoria não encontrada.';

function categoryError(fallback: string) {
  return (err: unknown): never => {
    if (err instanceof PostgrestError && err.code === '23505') {
      throw new ApiError(409, 'conflict', 'Já existe uma categoria com esse nome.', {
        name: 'Já existe uma categoria com esse nome.',
      });
    }
    return databaseError(err, fallback);
  };
}

export const categories = new Hono<AppEnv>()
  .use(requireAdmin)
  .post('/', json(categoryCreateSchema), async (c) => {
    const rows = await restClient(c)
      .insert<Category>(TABLE, c.req.valid('json'))
      .catch(categoryError('Erro ao salvar categoria'));
    requestRebuild(c);
    return c.json(rows[0], 201);
  })
  .patch('/:id', params(idParam), json(categoryUpdateSchema), async (c) => {
    const rows = await restClient(c)
      .update<Category>(TABLE, { id: `eq.${c.req.valid('param').id}` }, c.req.valid('json'))
      .catch(categoryError('Erro ao salvar categoria'));
    if (!rows[0]) throw notFound(NOT_FOUND);
    requestRebuild(c);
    return c.json(rows[0]);
  })
  .delete('/:id', params(idParam), async (c) => {
    const rows = await restClient(c)
      .remove<Category>(TABLE, { id: `eq.${c.req.valid('param').id}` })
      .catch(categoryError('Erro ao excluir categoria'));
    if (!rows[0]) throw notFound(NOT_FOUND);
    requestRebuild(c);
    return c.json(rows[0]);
  });
