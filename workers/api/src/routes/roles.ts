// Roles: an admin sets a user's role; any signed-in user may call the admin grant, and the
// database decides (an admin, or anyone while no administrator exists yet).
import {
  DB_ERROR,
  grantAdminBodySchema,
  grantAdminErrorMessage,
  userRoleBodySchema,
} from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requireAdmin, requireUser } from '../auth.ts';
import { DatabaseRefusal, database, databaseError, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, unauthorized } from '../errors.ts';
import { idParam, json, params } from '../validation.ts';

export const users = new Hono<AppEnv>().put(
  '/:id/role',
  requireAdmin,
  params(idParam),
  json(userRoleBodySchema),
  async (c) => {
    const { id } = c.req.valid('param');
    const { role } = c.req.valid('json');
    await dataOf(database(c).rpc('set_user_role', { user_id: id, new_role: role })).catch((err) =>
      databaseError(err, 'Erro ao atualizar função do usuário.'),
    );
    return c.json({ user_id: id, role, message: 'Função do usuário atualizada com sucesso.' });
  },
);

export const adminGrant = new Hono<AppEnv>().post(
  '/grant',
  requireUser,
  json(grantAdminBodySchema),
  async (c) => {
    const { email } = c.req.valid('json');
    try {
      await dataOf(database(c).rpc('grant_admin_access', { user_email: email }));
    } catch (err) {
      if (!(err instanceof DatabaseRefusal)) throw err;
      if (err.status === 401) throw unauthorized();
      const message = grantAdminErrorMessage(err.message);
      if (message.startsWith('Usuário não encontrado')) {
        throw new ApiError(404, 'user_not_found', message);
      }
      if (err.code === DB_ERROR.forbidden) throw new ApiError(403, 'forbidden', message);
      if (err.code === DB_ERROR.invalidParameter)
        throw new ApiError(400, 'invalid_data', err.message);
      throw new ApiError(502, 'grant_failed', message);
    }
    return c.json({ email, message: `Acesso de administrador concedido para ${email}` });
  },
);
