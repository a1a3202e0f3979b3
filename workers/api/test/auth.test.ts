// Who may call: every admin endpoint refuses anonymous callers, broken or forged tokens, plain
// users and an admin whose role was removed (while their token is still valid), and nothing
// changes in the database or the bucket when it does. A moderator passes the content endpoints
// and is refused the administrators' own.
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  api,
  expectCall,
  historyOf,
  newAdmin,
  newModerator,
  newUser,
  PORTUGUESE_401,
  PORTUGUESE_403,
  r2ObjectCount,
  snapshot,
  stack,
  trashItem,
} from './support/client.ts';
import { adminEndpoints, type Endpoint, type EndpointIds } from './support/endpoints.ts';
import { KIND_PATH, KINDS, validListing, validSlide } from './support/fixtures.ts';
import { signIn } from './support/stack.ts';
import {
  alteredToken,
  expiredToken,
  hs256Token,
  reissuedToken,
  unsignedToken,
  wrongKeyToken,
} from './support/tokens.ts';

let endpoints: Endpoint[];
let adminToken: string;
let userToken: string;
let removedAdminToken: string;
let signedOutToken: string;
let globallySignedOutToken: string;

/** Supabase Auth's sign-out: this session ('local') or every session of the user ('global'). */
async function signOut(token: string, scope: 'local' | 'global') {
  const response = await fetch(`${stack.supabaseUrl}/auth/v1/logout?scope=${scope}`, {
    method: 'POST',
    headers: { apikey: stack.publishableKey, Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(204);
}

function call(endpoint: Endpoint, token: string | null) {
  return api(endpoint.method, endpoint.path, {
    token,
    json: endpoint.json,
    body: endpoint.form?.(),
  });
}

/** Rows for every endpoint to aim at, created by the admin; `user` is whose role changes. */
async function endpointIds(user: string): Promise<EndpointIds> {
  const listing: Record<string, string> = {};
  for (const kind of KINDS) {
    const created = await expectCall(201, 'POST', KIND_PATH[kind], {
      token: adminToken,
      json: validListing(kind),
    });
    listing[kind] = created.id;
  }
  const category = await expectCall(201, 'POST', '/api/categories', {
    token: adminToken,
    json: { name: `Matriz ${Date.now()}`, type: 'comercio' },
  });
  const slide = await expectCall(201, 'POST', '/api/slides', {
    token: adminToken,
    json: validSlide(),
  });
  const trashed = await expectCall(201, 'POST', KIND_PATH.passeio, {
    token: adminToken,
    json: validListing('passeio'),
  });
  await expectCall(200, 'DELETE', `${KIND_PATH.passeio}/${trashed.id}`, { token: adminToken });
  const trash = (await trashItem('passeios', trashed.id)).id;
  const history = (await historyOf('hospedagens', listing.hospedagem ?? '')).at(-1).id;
  return { listing, category: category.id, slide: slide.id, user, trash, history };
}

beforeAll(async () => {
  adminToken = (await admin()).token;
  const user = await newUser();
  userToken = user.token;
  const removed = await newAdmin();
  const demoted = await api('PUT', `/api/users/${removed.id}/role`, {
    token: adminToken,
    json: { role: 'user' },
  });
  expect(demoted.status).toBe(200);
  removedAdminToken = removed.token;
  // Signed out: the access token itself is still unexpired and well signed.
  const leaving = await newAdmin();
  await signOut(leaving.token, 'local');
  signedOutToken = leaving.token;
  // Two devices of one admin; a global sign-out from the first ends the second's session too.
  const traveller = await newAdmin();
  const otherDevice = await signIn(
    stack.supabaseUrl,
    stack.publishableKey,
    traveller.email,
    'senha-teste-123',
  );
  await signOut(traveller.token, 'global');
  globallySignedOutToken = otherDevice.token;
  endpoints = adminEndpoints(await endpointIds(user.id));
});

describe('callers refused on every admin endpoint, with nothing changed', () => {
  const unauthenticated: [string, () => Promise<string | null> | string | null][] = [
    ['no token', () => null],
    ['a token that is not a JWT', () => 'nao-e-um-jwt'],
    ['an expired token (real key)', () => expiredToken(adminToken)],
    ['a token signed with another key', () => wrongKeyToken(adminToken)],
    ['an unsigned token ("alg": "none")', () => unsignedToken(adminToken)],
    [
      "a user's token altered to name the admin",
      () => alteredToken(userToken, decodeJwt(adminToken).sub ?? ''),
    ],
    [
      'a token from another issuer (real key)',
      () => reissuedToken(adminToken, { iss: 'https://outro.supabase.co/auth/v1' }),
    ],
    ['a token for another audience (real key)', () => reissuedToken(adminToken, { aud: 'anon' })],
    ['the anon key', () => stack.anonKey],
    ["an admin's token after signing out", () => signedOutToken],
    ["an admin's token on another device after a global sign-out", () => globallySignedOutToken],
    [
      'HS256 with a wrong secret',
      () => hs256Token(decodeJwt(adminToken), 'outro-segredo-qualquer-32-caracteres'),
    ],
  ];

  for (const [label, token] of unauthenticated) {
    it(`401 for ${label}`, async () => {
      const before = await snapshot();
      const objects = r2ObjectCount();
      const bearer = await token();
      const replies = await Promise.all(endpoints.map((endpoint) => call(endpoint, bearer)));
      for (const [i, reply] of replies.entries()) {
        expect([endpoints[i]?.name, reply.status]).toEqual([endpoints[i]?.name, 401]);
        expect(reply.body).toEqual({ error: { code: 'unauthorized', message: PORTUGUESE_401 } });
        expect(reply.headers.get('www-authenticate')).toBe('Bearer');
      }
      expect(await snapshot()).toEqual(before);
      expect(r2ObjectCount()).toBe(objects);
    });
  }

  const forbidden: [string, () => string][] = [
    ['a signed-in user without the admin role', () => userToken],
    ['an admin whose role was removed, with a still-valid token', () => removedAdminToken],
  ];

  for (const [label, token] of forbidden) {
    it(`403 for ${label}`, async () => {
      const before = await snapshot();
      const objects = r2ObjectCount();
      const replies = await Promise.all(endpoints.map((endpoint) => call(endpoint, token())));
      for (const [i, reply] of replies.entries()) {
        expect([endpoints[i]?.name, reply.status]).toEqual([endpoints[i]?.name, 403]);
        expect(reply.body).toEqual({ error: { code: 'forbidden', message: PORTUGUESE_403 } });
      }
      expect(await snapshot()).toEqual(before);
      expect(r2ObjectCount()).toBe(objects);
    });
  }
});

describe('accepted tokens', () => {
  it('accepts the admin session token (ES256, verified against the JWKS)', async () => {
    const reply = await api('GET', '/api/publish', { token: adminToken });
    expect(reply.status).toBe(200);
  });

  it('accepts a token signed with the legacy HS256 secret when the fallback is configured', async () => {
    const token = await hs256Token(decodeJwt(adminToken), stack.jwtSecret);
    const reply = await api('GET', '/api/publish', { token });
    expect(reply.status).toBe(200);
  });

  it('accepts the Bearer scheme in any letter case', async () => {
    const reply = await api('GET', '/api/publish', {
      headers: { Authorization: `bearer ${adminToken}` },
    });
    expect(reply.status).toBe(200);
  });
});

/** The endpoints only an administrator passes; a moderator passes every other. */
const ADMIN_ONLY = ['salvar configurações', 'alterar função', 'excluir definitivamente'];

describe('a moderator', () => {
  let moderatorToken: string;
  let ids: EndpointIds;
  let settingVersion: number;
  beforeAll(async () => {
    const moderator = await newModerator();
    moderatorToken = moderator.token;
    ids = await endpointIds((await newUser()).id);
    // A trashed row of its own for the refused purge: the restore takes the other.
    const spare = await expectCall(201, 'POST', KIND_PATH.comercio, {
      token: adminToken,
      json: validListing('comercio'),
    });
    await expectCall(200, 'DELETE', `${KIND_PATH.comercio}/${spare.id}`, { token: adminToken });
    ids.trashToPurge = (await trashItem('comercios', spare.id)).id;
    await expectCall(200, 'PUT', '/api/settings', {
      token: adminToken,
      json: { contact_address: `Rua da Matriz, ${Date.now() % 1000}` },
    });
    settingVersion = (await historyOf('site_settings', 'contact_address')).at(-1).id;
  });

  it("is refused the administrators' endpoints with the same 403, and nothing changes", async () => {
    const refused = adminEndpoints(ids).filter((endpoint) => ADMIN_ONLY.includes(endpoint.name));
    expect(refused.map((endpoint) => endpoint.name).sort()).toEqual([...ADMIN_ONLY].sort());
    const target = await newUser();
    const before = await snapshot();
    const objects = r2ObjectCount();
    const replies = await Promise.all(refused.map((endpoint) => call(endpoint, moderatorToken)));
    for (const [i, reply] of replies.entries()) {
      expect([refused[i]?.name, reply.status, reply.body]).toEqual([
        refused[i]?.name,
        403,
        { error: { code: 'forbidden', message: PORTUGUESE_403 } },
      ]);
    }
    // Granting admin: the database refuses a moderator as it refuses a user.
    const grant = await api('POST', '/api/admin/grant', {
      token: moderatorToken,
      json: { email: target.email },
    });
    expect([grant.status, grant.body]).toEqual([
      403,
      {
        error: {
          code: 'forbidden',
          message: 'Apenas administradores podem conceder acesso de admin a outros usuários.',
        },
      },
    ]);
    // A setting's version: the history route is the staff's, the setting the administrators'.
    const setting = await api('POST', `/api/history/${settingVersion}/restore`, {
      token: moderatorToken,
    });
    expect([setting.status, setting.body]).toEqual([
      403,
      { error: { code: 'forbidden', message: PORTUGUESE_403 } },
    ]);
    expect(await snapshot()).toEqual(before);
    expect(r2ObjectCount()).toBe(objects);
  });

  it('passes every content endpoint: listings, order, categories, slides, photos, trash, history', async () => {
    const allowed = adminEndpoints(ids).filter((endpoint) => !ADMIN_ONLY.includes(endpoint.name));
    const isDelete = (endpoint: Endpoint) => endpoint.name.startsWith('excluir');
    for (const endpoint of [
      ...allowed.filter((e) => !isDelete(e)),
      ...allowed.filter((e) => isDelete(e)),
    ]) {
      const reply = await call(endpoint, moderatorToken);
      const created = endpoint.name.startsWith('criar') || endpoint.name === 'enviar imagem';
      expect([endpoint.name, reply.status]).toEqual([endpoint.name, created ? 201 : 200]);
    }
  });

  it("is 401 once signed out, as an admin's token is", async () => {
    const leaving = await newModerator();
    await signOut(leaving.token, 'local');
    const reply = await api('GET', '/api/publish', { token: leaving.token });
    expect([reply.status, reply.body.error?.code]).toEqual([401, 'unauthorized']);
  });
});
