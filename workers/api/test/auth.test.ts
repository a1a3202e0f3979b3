// Who may call: every admin endpoint refuses anonymous callers, broken or forged tokens, plain
// users and an admin whose role was removed (while their token is still valid), and nothing
// changes in the database or the bucket when it does.
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  api,
  expectCall,
  historyOf,
  newAdmin,
  newUser,
  PORTUGUESE_401,
  PORTUGUESE_403,
  r2ObjectCount,
  snapshot,
  stack,
  trashItem,
} from './support/client.ts';
import { adminEndpoints, type Endpoint } from './support/endpoints.ts';
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

beforeAll(async () => {
  adminToken = (await admin()).token;
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
  endpoints = adminEndpoints({
    listing,
    category: category.id,
    slide: slide.id,
    user: user.id,
    trash,
    history,
  });
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
