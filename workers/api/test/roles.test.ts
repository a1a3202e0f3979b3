// Roles: an admin sets a user's role; the admin grant by e-mail with its screen's messages.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, expectCall, newUser, rows, snapshot } from './support/client.ts';

let token: string;
beforeAll(async () => {
  token = (await admin()).token;
});

const rolesOf = async (userId: string) =>
  (await rows('user_roles', `user_id=eq.${userId}&select=role`)).map((r) => r.role);

describe('PUT /api/users/:id/role', () => {
  it("replaces the user's roles with the chosen one", async () => {
    const user = await newUser();
    expect(await rolesOf(user.id)).toEqual(['user']);
    const reply = await api('PUT', `/api/users/${user.id}/role`, {
      token,
      json: { role: 'moderator' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      user_id: user.id,
      role: 'moderator',
      message: 'Função do usuário atualizada com sucesso.',
    });
    expect(await rolesOf(user.id)).toEqual(['moderator']);
  });

  it('refuses unknown roles, unknown users and malformed ids, changing nothing', async () => {
    const user = await newUser();
    const before = await snapshot();
    const role = await api('PUT', `/api/users/${user.id}/role`, { token, json: { role: 'dono' } });
    // Role options limited to user, moderator, admin.
    expect([role.status, role.body.error.message]).toEqual([
      400,
      'Função inválida. Use user, moderator ou admin.',
    ]);
    const unknown = await api('PUT', '/api/users/00000000-0000-4000-8000-00000000abcd/role', {
      token,
      json: { role: 'admin' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({
      code: 'user_not_found',
      message: 'Usuário não encontrado.',
    });
    const malformed = await api('PUT', '/api/users/nao-uuid/role', {
      token,
      json: { role: 'user' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe('Identificador inválido.');
    expect(await snapshot()).toEqual(before);
  });

  it('never demotes the last administrator', async () => {
    const admins = await rows('user_roles', 'role=eq.admin&select=user_id');
    const { id } = await admin();
    for (const other of admins.filter((a) => a.user_id !== id)) {
      await expectCall(200, 'PUT', `/api/users/${other.user_id}/role`, {
        token,
        json: { role: 'user' },
      });
    }
    expect(await rows('user_roles', 'role=eq.admin&select=user_id')).toEqual([{ user_id: id }]);
    const before = await snapshot();
    const reply = await api('PUT', `/api/users/${id}/role`, { token, json: { role: 'user' } });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toEqual({
      code: 'last_admin',
      message: 'Não é possível remover o último administrador.',
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/admin/grant', () => {
  it('lets an admin grant admin access by e-mail, with its message', async () => {
    const user = await newUser();
    const reply = await api('POST', '/api/admin/grant', {
      token,
      json: { email: `  ${user.email.toUpperCase()}  ` },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      email: user.email.toUpperCase(),
      message: `Acesso de administrador concedido para ${user.email.toUpperCase()}`,
    });
    expect(await rolesOf(user.id)).toEqual(['admin']);
  });

  it('tells a non-admin that only administrators may grant access', async () => {
    const user = await newUser();
    const target = await newUser();
    const before = await snapshot();
    const reply = await api('POST', '/api/admin/grant', {
      token: user.token,
      json: { email: target.email },
    });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toEqual({
      code: 'forbidden',
      message: 'Apenas administradores podem conceder acesso de admin a outros usuários.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('explains an unknown e-mail and an empty one', async () => {
    const before = await snapshot();
    const unknown = await api('POST', '/api/admin/grant', {
      token,
      json: { email: 'ninguem@testes.local' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({
      code: 'user_not_found',
      message: 'Usuário não encontrado. Certifique-se de que o usuário já possui uma conta.',
    });
    for (const json of [{ email: '   ' }, {}, { email: 7 }]) {
      const empty = await api('POST', '/api/admin/grant', { token, json });
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toBe('Por favor, insira um email válido.');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('requires a signed-in caller', async () => {
    const reply = await api('POST', '/api/admin/grant', { json: { email: 'a@b.c' } });
    expect([reply.status, reply.body]).toEqual([
      401,
      {
        error: {
          code: 'unauthorized',
          message: 'Sessão inválida ou expirada. Entre novamente.',
        },
      },
    ]);
  });
});
