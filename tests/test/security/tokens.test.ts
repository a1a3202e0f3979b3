// Token abuse over HTTP: expired and forged tokens at the worker, PostgREST and Auth; a session
// replayed after sign-out; an admin's still-valid token after the role is removed; and what a
// stolen token cannot do to its account (change the password, delete it).

import { newAdmin, newUser, PORTUGUESE_401, PORTUGUESE_403 } from '@guia-fortim/api/testing/client';
import {
  alteredToken,
  expiredToken,
  hs256Token,
  reissuedToken,
  unsignedToken,
  wrongKeyToken,
} from '@guia-fortim/api/testing/tokens';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type Caller,
  makeCallers,
  type Reply,
  removedAdmin,
  snapshot,
  stack,
  supabase,
} from './support/callers.ts';

let admin: Caller;
let user: Caller;

beforeAll(async () => {
  ({ admin, user } = await makeCallers());
});

/** One write and one read on each surface that takes a token. */
const surfaces = (token: string) => ({
  workerWrite: () =>
    api('PUT', '/api/settings', { token, json: { contact_phone: '+55 (88) 93333-4444' } }),
  workerRead: () => api('GET', '/api/publish', { token }),
  restWrite: () =>
    supabase('PATCH', '/rest/v1/site_settings?setting_key=eq.contact_phone', token, {
      json: { setting_value: 'sequestrado' },
      headers: { Prefer: 'return=representation' },
    }),
  restRead: () => supabase('GET', '/rest/v1/user_roles?select=*', token),
  authUser: () => supabase('GET', '/auth/v1/user', token),
});

function expectWorker401(reply: Reply) {
  expect(reply.status).toBe(401);
  expect(reply.body).toEqual({ error: { code: 'unauthorized', message: PORTUGUESE_401 } });
  expect(reply.headers.get('www-authenticate')).toBe('Bearer');
}

const CLI_DEFAULT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Keeps the header and signature of a real token, with the payload edited. */
function tampered(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${b64url({ ...decodeJwt(token), ...changes })}.${signature}`;
}

describe('forged and expired tokens are refused everywhere, changing nothing', () => {
  // label → token, and the code PostgREST answers with (PGRST303 only for a genuine expiry).
  const forged: [string, () => Promise<string> | string, string][] = [
    ['expired (real key)', () => expiredToken(admin.token ?? ''), 'PGRST303'],
    [
      'signed with another ES256 key (same kid)',
      () => wrongKeyToken(admin.token ?? ''),
      'PGRST301',
    ],
    ['"alg": "none"', () => unsignedToken(admin.token ?? ''), 'PGRST301'],
    [
      'HS256 signed with the publishable key',
      () => hs256Token(decodeJwt(admin.token ?? ''), stack.publishableKey),
      'PGRST301',
    ],
    [
      'HS256 signed with the Supabase CLI default secret',
      () => hs256Token(decodeJwt(admin.token ?? ''), CLI_DEFAULT_SECRET),
      'PGRST301',
    ],
    [
      "a user's token naming the admin (signature kept)",
      () => alteredToken(user.token ?? '', admin.id),
      'PGRST301',
    ],
    [
      "a user's token claiming role service_role (signature kept)",
      () => tampered(user.token ?? '', { role: 'service_role' }),
      'PGRST301',
    ],
    [
      'audience changed (signature kept)',
      () => tampered(admin.token ?? '', { aud: 'service_role' }),
      'PGRST301',
    ],
    [
      'issuer changed (signature kept)',
      () => tampered(admin.token ?? '', { iss: 'https://outro.supabase.co/auth/v1' }),
      'PGRST301',
    ],
    [
      'expiry pushed a year ahead (signature kept)',
      () => tampered(admin.token ?? '', { exp: Math.floor(Date.now() / 1000) + 31_536_000 }),
      'PGRST301',
    ],
  ];

  for (const [label, make, restCode] of forged) {
    it(label, async () => {
      const before = await snapshot();
      const calls = surfaces(await make());
      expectWorker401(await calls.workerWrite());
      expectWorker401(await calls.workerRead());
      for (const reply of [await calls.restWrite(), await calls.restRead()]) {
        expect(reply.status).toBe(401);
        expect(reply.body.code).toBe(restCode);
      }
      const auth = await calls.authUser();
      expect(auth.status).toBe(403);
      expect(auth.body.error_code ?? auth.body.code).toBe('bad_jwt');
      expect(await snapshot()).toEqual(before);
    });
  }

  it("the worker checks the claims of tokens signed with the project's own key", async () => {
    const before = await snapshot();
    const token = admin.token ?? '';
    const claims: [string, Record<string, unknown>][] = [
      ['another issuer', { iss: 'https://outro.supabase.co/auth/v1' }],
      ['another audience', { aud: 'anon' }],
      ['role service_role', { role: 'service_role' }],
      ['role anon', { role: 'anon' }],
      ['no subject', { sub: undefined }],
    ];
    for (const [label, changes] of claims) {
      const reissued = await reissuedToken(token, changes);
      const reply = await surfaces(reissued).workerWrite();
      expect([label, reply.status]).toEqual([label, 401]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the project's API keys are not sessions at the worker", async () => {
    const before = await snapshot();
    for (const key of [stack.publishableKey, stack.secretKey, stack.anonKey]) {
      expectWorker401(await surfaces(key).workerWrite());
    }
    // At PostgREST the publishable key as Bearer is the anon role: refused, and said so as 401.
    const rest = await surfaces(stack.publishableKey).restWrite();
    expect([rest.status, rest.body.code]).toEqual([401, '42501']);
    expect(await snapshot()).toEqual(before);
  });

  it('the genuine admin token passes on every surface (the refusals above are not accidents)', async () => {
    const calls = surfaces(admin.token ?? '');
    expect((await calls.workerRead()).status).toBe(200);
    expect((await calls.restRead()).status).toBe(200);
    expect((await calls.authUser()).status).toBe(200);
  });
});

type Session = { access_token: string; refresh_token: string; expires_in: number };

async function signInSession(email: string): Promise<Session> {
  const reply = await supabase('POST', '/auth/v1/token?grant_type=password', null, {
    json: { email, password: 'senha-teste-123' },
  });
  expect(reply.status).toBe(200);
  return reply.body;
}

describe('a session replayed after sign-out', () => {
  it('cannot be refreshed nor used at Auth, the worker or for admin writes; PostgREST reads until it expires', async () => {
    const account = await newAdmin();
    const session = await signInSession(account.email);
    const { iat = 0, exp = 0 } = decodeJwt(session.access_token);
    expect(exp - iat).toBeLessThanOrEqual(3600);
    expect(session.expires_in).toBeLessThanOrEqual(3600);

    const logout = await supabase('POST', '/auth/v1/logout?scope=global', session.access_token);
    expect(logout.status).toBe(204);

    const refresh = await supabase('POST', '/auth/v1/token?grant_type=refresh_token', null, {
      json: { refresh_token: session.refresh_token },
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.access_token).toBeUndefined();
    expect([
      'refresh_token_not_found',
      'session_not_found',
      'refresh_token_already_used',
    ]).toContain(refresh.body.error_code ?? refresh.body.code);
    const auth = await supabase('GET', '/auth/v1/user', session.access_token);
    expect(auth.status).toBe(403);
    expect(auth.body.error_code ?? auth.body.code).toBe('session_not_found');

    // PostgREST keeps Supabase's semantics (access tokens are stateless until `exp`), but the
    // worker asks the database whether the token's session is still live: every call is 401.
    const calls = surfaces(session.access_token);
    expect((await calls.restRead()).status).toBe(200);
    const before = await snapshot();
    for (const reply of [await calls.workerRead(), await calls.workerWrite()]) {
      expect([reply.status, reply.body]).toEqual([
        401,
        { error: { code: 'unauthorized', message: PORTUGUESE_401 } },
      ]);
    }
    // The database's admin check asks the same: straight at PostgREST, the signed-out admin's
    // token writes nothing and grants nothing.
    const hidden = await calls.restWrite();
    expect([hidden.status, hidden.body]).toEqual([200, []]);
    const rpc = await supabase('POST', '/rest/v1/rpc/grant_admin_access', session.access_token, {
      json: { user_email: account.email },
    });
    expect([rpc.status, rpc.body.code]).toEqual([403, '42501']);
    // Nor its own profile: a user's own writes ask for a live session too.
    const profile = await supabase(
      'PATCH',
      `/rest/v1/profiles?id=eq.${account.id}`,
      session.access_token,
      { json: { full_name: 'Depois da Saída' }, headers: { Prefer: 'return=representation' } },
    );
    expect([profile.status, profile.body]).toEqual([200, []]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('an admin whose role was removed, with a token issued while admin', () => {
  it('is refused by the worker and by the database on every kind of write', async () => {
    const removed = await removedAdmin();
    const token = removed.token ?? '';
    expect(decodeJwt(token).exp ?? 0).toBeGreaterThan(Date.now() / 1000);
    const before = await snapshot();
    const calls = surfaces(token);
    const worker = await calls.workerWrite();
    expect([worker.status, worker.body.error.message]).toEqual([403, PORTUGUESE_403]);
    const grant = await api('POST', '/api/admin/grant', { token, json: { email: removed.email } });
    expect(grant.status).toBe(403);
    const hidden = await calls.restWrite();
    expect([hidden.status, hidden.body]).toEqual([200, []]);
    const rpc = await supabase('POST', '/rest/v1/rpc/grant_admin_access', token, {
      json: { user_email: removed.email },
    });
    expect([rpc.status, rpc.body.code]).toEqual([403, '42501']);
    const role = await supabase('PATCH', `/rest/v1/user_roles?user_id=eq.${removed.id}`, token, {
      json: { role: 'admin' },
    });
    expect([role.status, role.body.code]).toEqual([403, '42501']);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a stolen access token', () => {
  it('cannot change the password, so it cannot sign in anew and delete the account', async () => {
    const victim = await newUser('vitima');
    const stolen = (await signInSession(victim.email)).access_token;
    const before = await snapshot();

    // Without the current password (or with a wrong one) Auth refuses the change.
    const bare = await supabase('PUT', '/auth/v1/user', stolen, {
      json: { password: 'tomada-do-atacante-9' },
    });
    expect([bare.status, bare.body.error_code ?? bare.body.code]).toEqual([
      400,
      'current_password_required',
    ]);
    const guessed = await supabase('PUT', '/auth/v1/user', stolen, {
      json: { password: 'tomada-do-atacante-9', current_password: 'chute-errado-1' },
    });
    expect([guessed.status, guessed.body.error_code ?? guessed.body.code]).toEqual([
      400,
      'current_password_invalid',
    ]);
    // So the attacker's password opens nothing, and the owner's still does.
    const attacker = await supabase('POST', '/auth/v1/token?grant_type=password', null, {
      json: { email: victim.email, password: 'tomada-do-atacante-9' },
    });
    expect(attacker.status).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect((await signInSession(victim.email)).access_token).toBeTruthy();
  });

  it('from a session opened by an e-mailed link cannot delete the account', async () => {
    const victim = await newUser('vitima-link');
    const asked = await supabase('POST', '/auth/v1/recover', null, {
      json: { email: victim.email },
    });
    expect(asked.status).toBe(200);
    const mails = (await (
      await fetch(`${stack.supabaseUrl}/mailbox?to=${encodeURIComponent(victim.email)}`)
    ).json()) as { link: string; type: string }[];
    const link = mails.find((mail) => mail.type === 'recovery')?.link ?? '';
    // The link's button on the site: its token hash verified for a session.
    const verified = await supabase('POST', '/auth/v1/verify', null, {
      json: { token_hash: new URL(link).searchParams.get('token_hash'), type: 'recovery' },
    });
    const token = String(verified.body.access_token ?? '');
    expect(decodeJwt(token).sub).toBe(victim.id);

    const deleted = await supabase('POST', '/rest/v1/rpc/delete_own_account', token, { json: {} });
    expect([deleted.status, deleted.body.message]).toEqual([
      403,
      'Confirme sua senha para excluir a conta.',
    ]);
    expect((await signInSession(victim.email)).access_token).toBeTruthy();
  });
});
