// Hostile input: injection attempts in every place a request names something (columns, operators,
// order, on_conflict, select casts, JSON paths) or carries a value; malformed bodies; forged,
// expired and alg=none tokens; a Host naming another site (DNS rebinding). Each gets the documented
// 4xx and changes nothing.
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase, MailboxMessage } from '../index.ts';
import { MAX_LOGIC_DEPTH } from '../rest/query-syntax.ts';
import { BACKENDS, confirmationUrl, ownerQuery, signedInUser, startBackend } from './support.ts';

const DROP = '; drop table public.authors; --';
const REPOSITORY_ROOT = resolve(import.meta.dirname, '..', '..', '..');
/** `/x/y` after a space, a quote, a bracket or `=`: how an absolute path shows up in a message. */
const ABSOLUTE_PATH = /(?:^|[\s"'(=:])\/[\w.-]+\/[\w.-]+/;

function base64url(value: object) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe.each(BACKENDS)('hostile input (%s)', (backend) => {
  let server: LocalSupabase;
  let userToken: string;
  let snapshot: () => Promise<unknown>;

  beforeAll(async () => {
    server = await startBackend(backend);
    ({ accessToken: userToken } = await signedInUser(server, 'alvo@teste.local'));
    snapshot = async () => ({
      authors: await ownerQuery(server, 'select * from authors order by id'),
      posts: await ownerQuery(server, 'select id, title, views from posts order by id'),
      users: await ownerQuery(
        server,
        'select id, email, encrypted_password from auth.users order by id',
      ),
    });
  });
  afterAll(() => server?.stop());

  const rest = (path: string, init: RequestInit = {}, token = userToken) =>
    fetch(`${server.url}/rest/v1/${path}`, {
      ...init,
      headers: {
        apikey: server.keys.publishableKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        ...(init.headers as Record<string, string>),
      },
    });
  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code });
  };

  it('refuses injection through names: columns, filter keys, order, on_conflict, casts, paths', async () => {
    const before = await snapshot();
    const q = encodeURIComponent;
    await expectError(await rest(`authors?select=${q(`id,name${DROP}`)}`), 400, 'PGRST100');
    await expectError(await rest(`authors?select=${q('"id; drop table authors"')}`), 400, '42703');
    await expectError(await rest(`authors?${q(`id${DROP}`)}=eq.1`), 400, 'PGRST100');
    await expectError(await rest(`authors?${q('"name"" = 1 or ""x"')}=eq.1`), 400, 'PGRST100');
    await expectError(await rest(`authors?${q('"name = 1 or x"')}=eq.1`), 400, '42703');
    await expectError(await rest(`authors?order=${q(`id${DROP}`)}`), 400, 'PGRST100');
    await expectError(await rest(`authors?order=${q('id.asc,(select 1)')}`), 400, 'PGRST100');
    await expectError(
      await rest(`authors?select=${q('id::text);drop table authors;--')}`),
      400,
      'PGRST100',
    );
    await expectError(await rest(`posts?select=${q("meta->>'x'")}`), 400, 'PGRST100');
    const quotedPath = await rest(`posts?select=${q('v:meta->>"x\'; drop"')}&id=eq.1`);
    expect([quotedPath.status, await quotedPath.json()]).toEqual([200, [{ v: null }]]);
    await expectError(
      await rest(`authors?on_conflict=${q(`id)${DROP}`)}`, {
        method: 'POST',
        headers: { Prefer: 'resolution=merge-duplicates' },
        body: JSON.stringify({ id: 1, name: 'x' }),
      }),
      400,
      'PGRST100',
    );
    await expectError(
      await rest('authors?on_conflict=nope', {
        method: 'POST',
        headers: { Prefer: 'resolution=merge-duplicates' },
        body: JSON.stringify({ id: 1, name: 'x' }),
      }),
      400,
      'PGRST204',
    );
    await expectError(
      await rest(`authors?columns=${q(`name${DROP}`)}`, { method: 'POST', body: '[{"name":"x"}]' }),
      400,
      'PGRST100',
    );
    await expectError(
      await rest('authors', { method: 'POST', body: JSON.stringify({ [`name${DROP}`]: 'x' }) }),
      400,
      'PGRST204',
    );
    await expectError(await rest(`${q(`authors${DROP}`)}`), 404, 'PGRST205');
    await expectError(await rest('%E0%A4%A'), 404, 'PGRST205');
    await expectError(
      await rest('rpc/pg_sleep', { method: 'POST', body: '{"seconds":5}' }),
      404,
      'PGRST202',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses unknown operators and modifiers, and binds every value', async () => {
    const before = await snapshot();
    const q = encodeURIComponent;
    await expectError(await rest('authors?id=xx.1'), 400, 'PGRST100');
    await expectError(await rest(`authors?id=${q('eq;drop.1')}`), 400, 'PGRST100');
    await expectError(await rest(`authors?id=${q('eq(any).1')}`), 400, 'PGRST100');
    await expectError(await rest(`authors?name=${q('fts(english); drop.x')}`), 400, 'PGRST100');
    await expectError(await rest(`authors?name=${q('is.nothing')}`), 400, 'PGRST100');
    await expectError(await rest(`authors?or=${q('(id.eq.1,name.eq.x')}`), 400, 'PGRST100');
    const value = await rest(`authors?name=eq.${q(`x'${DROP}`)}`);
    expect([value.status, await value.json()]).toEqual([200, []]);
    const orValue = await rest(
      `authors?or=${q(`(name.eq."x'); delete from authors; --",id.eq.1)`)}&select=id`,
    );
    expect([orValue.status, await orValue.json()]).toEqual([200, [{ id: 1 }]]);
    await expectError(await rest(`authors?id=eq.${q('1 or 1=1')}`), 400, '22P02');
    const inList = await rest(`authors?name=in.(${q(`"a') or ('1'='1",b`)})`);
    expect([inList.status, await inList.json()]).toEqual([200, []]);
    const like = await rest(`authors?name=like.${q("%' or '1'='1")}`);
    expect([like.status, await like.json()]).toEqual([200, []]);
    const path = await rest(`posts?select=id&${q("meta->>nivel' or '1'='1")}=eq.1`);
    expect(path.status).toBe(400);
    await expectError(await rest('authors?limit=1;drop'), 400, 'PGRST100');
    await expectError(await rest('authors?offset=-1'), 400, 'PGRST100');
    expect(await snapshot()).toEqual(before);
  });

  it(`refuses and/or trees nested deeper than ${MAX_LOGIC_DEPTH} levels with PGRST100`, async () => {
    const q = encodeURIComponent;
    // `or=(…)` is the first level; each `or(…)`, `and(…)` or `not.or(…)` inside adds one. Each level
    // adds a condition that changes nothing: `or` a false one, `and` a true one.
    const tree = (levels: number, inner: 'or' | 'and' | 'not.or') => {
      let text = 'id.eq.1';
      for (let level = 2; level <= levels; level++) {
        text = `${inner}(${text},${inner === 'and' ? 'id.gt.0' : 'id.lt.0'})`;
      }
      return `(${text})`;
    };
    for (const path of [
      `authors?select=id&or=${q(tree(MAX_LOGIC_DEPTH, 'or'))}`,
      `authors?select=id&and=${q(tree(MAX_LOGIC_DEPTH, 'and'))}`,
    ]) {
      const deepest = await rest(path);
      expect([deepest.status, await deepest.json()]).toEqual([200, [{ id: 1 }]]);
    }
    for (const path of [
      `authors?select=id&id=eq.1&or=${q(tree(MAX_LOGIC_DEPTH, 'not.or'))}`,
      `authors?select=id,posts(id)&id=eq.1&posts.and=${q(tree(MAX_LOGIC_DEPTH, 'and'))}`,
    ]) {
      expect((await rest(path)).status).toBe(200);
    }
    for (const path of [
      `authors?select=id&or=${q(tree(MAX_LOGIC_DEPTH + 1, 'or'))}`,
      `authors?select=id&not.and=${q(tree(MAX_LOGIC_DEPTH + 1, 'and'))}`,
      `authors?select=id&or=${q(tree(MAX_LOGIC_DEPTH + 1, 'not.or'))}`,
      `authors?select=id,posts(id)&posts.or=${q(tree(MAX_LOGIC_DEPTH + 1, 'or'))}`,
      // 3,000 levels, unencoded as a browser leaves parentheses: near all a URL the server reads
      // (16 KB) can hold.
      `authors?select=id&or=(${'or('.repeat(2999)}id.eq.1${')'.repeat(3000)}`,
    ]) {
      const response = await rest(path);
      expect(response.status).toBe(400);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(body).toMatchObject({
        code: 'PGRST100',
        hint: null,
        message: expect.stringMatching(/^"failed to parse logic tree \(/),
        details: expect.stringContaining(`${MAX_LOGIC_DEPTH} níveis`),
      });
    }
  });

  it('refuses malformed bodies, headers and methods without touching data', async () => {
    const before = await snapshot();
    await expectError(
      await rest('authors', { method: 'POST', body: '{"name": "x",' }),
      400,
      'PGRST102',
    );
    await expectError(await rest('authors', { method: 'POST', body: '"texto"' }), 400, 'PGRST102');
    await expectError(await rest('authors', { method: 'POST', body: '' }), 400, 'PGRST102');
    await expectError(
      await rest('authors', { method: 'POST', body: '[{"name":"a"},{"name":"b","id":9}]' }),
      400,
      'PGRST102',
    );
    await expectError(
      await rest('authors?id=eq.1', { method: 'PATCH', body: '[{"name":"lista"}]' }),
      400,
      'PGRST102',
    );
    await expectError(
      await rest('authors?id=eq.1', { method: 'PATCH', body: 'null' }),
      400,
      'PGRST102',
    );
    await expectError(
      await rest('rpc/add_numbers', { method: 'POST', body: '[1,2]' }),
      400,
      'PGRST102',
    );
    await expectError(await rest('authors', { method: 'PUT', body: '{}' }), 405, 'PGRST117');
    await expectError(
      await rest('authors?id=eq.1', {
        method: 'PATCH',
        body: '{"name": 5}',
        headers: { 'Content-Profile': 'auth' },
      }),
      406,
      'PGRST106',
    );
    await expectError(await rest('authors', { headers: { Accept: 'text/csv' } }), 406, 'PGRST107');
    await expectError(
      await rest('authors', { method: 'DELETE', headers: { Prefer: 'return=representation' } }),
      400,
      '21000',
    );
    const garbagePrefer = await rest('authors?select=id&id=eq.1', {
      headers: { Prefer: 'count=everything, return=;drop' },
    });
    expect([garbagePrefer.status, await garbagePrefer.json()]).toEqual([200, [{ id: 1 }]]);
    const auth = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.keys.publishableKey, 'Content-Type': 'application/json' },
      body: '{"email": ["x"], "password": {}}',
    });
    expect(auth.status).toBe(400);
    expect(((await auth.json()) as { error_code: string }).error_code).toBe('bad_json');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body over 10 MB with 413 before reading it whole, at REST and at Auth', async () => {
    const before = await snapshot();
    const huge = JSON.stringify({ a: 1, b: 'x'.repeat(11 * 1024 * 1024) });
    await expectError(
      await rest('rpc/add_numbers', { method: 'POST', body: huge }),
      413,
      'PGRST413',
    );
    await expectError(await rest('authors', { method: 'POST', body: huge }), 413, 'PGRST413');
    const auth = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.keys.publishableKey, 'Content-Type': 'application/json' },
      body: huge,
    });
    expect(auth.status).toBe(413);
    // Just under the limit is read as usual.
    const large = await rest('rpc/add_numbers', {
      method: 'POST',
      body: JSON.stringify({ a: 1, b: 2, padding: 'x'.repeat(9 * 1024 * 1024) }),
    });
    expect(large.status).not.toBe(413);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the mailbox to its own origin: no CORS, other origins refused', async () => {
    const mailbox = `${server.url}/mailbox`;
    const evil = { Origin: 'http://evil.example' };
    const read = await fetch(mailbox, { headers: evil });
    expect([read.status, read.headers.get('access-control-allow-origin')]).toEqual([403, null]);
    const preflight = await fetch(mailbox, {
      method: 'OPTIONS',
      headers: { ...evil, 'Access-Control-Request-Method': 'DELETE' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const sent = await (await fetch(mailbox)).json();
    const emptied = await fetch(mailbox, { method: 'DELETE', headers: evil });
    expect(emptied.status).toBe(403);
    expect(await (await fetch(mailbox)).json()).toEqual(sent);
    const own = await fetch(mailbox, { headers: { Origin: server.url } });
    expect([own.status, own.headers.get('access-control-allow-origin')]).toEqual([200, null]);
  });

  it('answers only requests that name its own address in Host (DNS rebinding)', async () => {
    const sent = await fetch(`${server.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: server.keys.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'alvo@teste.local' }),
    });
    expect(sent.status).toBe(200);
    const [mail] = (await (
      await fetch(`${server.mailboxUrl}?to=alvo@teste.local`)
    ).json()) as MailboxMessage[];
    // Auth's own link for the mailed token (the site's page is not this server's).
    const link = new URL(confirmationUrl(server.url, mail as MailboxMessage));
    const token = link.searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    const { port } = server;
    const keyed = { apikey: server.keys.publishableKey };
    const preflight = { Origin: 'http://127.0.0.1:3000', 'Access-Control-Request-Method': 'GET' };
    // Everything a page could read without a key, and the keyed APIs too.
    const reads: [string, string, Record<string, string>][] = [
      ['GET', '/mailbox', {}],
      ['GET', '/', {}],
      ['GET', '/auth/v1/.well-known/jwks.json', {}],
      ['GET', '/auth/v1/settings', keyed],
      ['GET', '/rest/v1/', keyed],
      ['GET', '/rest/v1/authors?select=id', keyed],
      ['OPTIONS', '/rest/v1/authors', preflight],
    ];
    const outside = [
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      `localhost:${port - 1}`,
      '127.0.0.1',
      'localhost',
      `localhost.:${port}`,
      `localhost.evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
    ];
    for (const host of outside) {
      for (const [method, path, headers] of reads) {
        const answer = await requestNaming(port, host, method, path, headers);
        expect({ host, path, status: answer.status }).toEqual({ host, path, status: 403 });
        expect(answer.body).not.toContain(token);
      }
      // Neither the e-mailed link (whose redirect would carry a session) nor emptying the box.
      const verify = await requestNaming(port, host, 'GET', `${link.pathname}${link.search}`);
      expect({ host, status: verify.status, location: verify.location }).toEqual({
        host,
        status: 403,
        location: undefined,
      });
      expect((await requestNaming(port, host, 'DELETE', '/mailbox')).status).toBe(403);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      for (const [method, path, headers] of reads) {
        const answer = await requestNaming(port, host, method, path, headers);
        expect({ host, path, status: answer.status }).toEqual({ host, path, status: 200 });
      }
    }
    const box = await requestNaming(
      port,
      `localhost:${port}`,
      'GET',
      '/mailbox?to=alvo@teste.local',
    );
    expect(box.body).toContain(token);
    const verify = await requestNaming(
      port,
      `127.0.0.1:${port}`,
      'GET',
      `${link.pathname}${link.search}`,
    );
    expect([verify.status, verify.location]).toEqual([
      303,
      expect.stringContaining('access_token='),
    ]);
  });

  it('names no file of the server in any error body, server failures included', async () => {
    const missing = join(REPOSITORY_ROOT, 'node_modules', 'nao-existe', 'dados.txt');
    await server.database.exec(`
      create function public.read_missing_file() returns text language sql security definer
        as $$ select pg_read_file('${missing}') $$;
      create function public.fail_internally() returns void language plpgsql as $$ begin
        raise exception using errcode = 'XX000', message = 'could not read block 7 in file "${missing}"',
          detail = 'arquivo ${missing}', hint = 'veja ${missing}';
      end $$;
      grant execute on function public.read_missing_file(), public.fail_internally() to authenticated;
    `);
    await server.reloadSchema();
    const { client } = await signedInUser(server, 'falhas@teste.local');
    const viaClient = await client.rpc('read_missing_file');
    expect([viaClient.status, viaClient.error?.code]).toEqual([500, '58P01']);
    expect(viaClient.error?.message).not.toContain(REPOSITORY_ROOT);

    const deepJson = `{"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}, "b": 1}`;
    const failures: [string, Promise<Response>, number, string | undefined][] = [
      // PostgreSQL's own text names the file (58P01), or a function raises an internal error.
      ['58P01', rest('rpc/read_missing_file', { method: 'POST', body: '{}' }), 500, '58P01'],
      ['XX000', rest('rpc/fail_internally', { method: 'POST', body: '{}' }), 500, 'XX000'],
      // Not PostgreSQL's: a body too deep to pass on (PostgREST's PostgreSQL gives 54001, a 500).
      ['JSON', rest('rpc/add_numbers', { method: 'POST', body: deepJson }), 500, 'PGRST000'],
      // The app's own 500 handler: the mailbox's query fails on a NUL.
      ['mailbox', fetch(`${server.mailboxUrl}?to=a%00b`), 500, undefined],
    ];
    for (const [what, answer, status, code] of failures) {
      const response = await answer;
      const text = await response.text();
      const body = JSON.parse(text) as { code?: string };
      expect({ what, status: response.status, code: body.code }).toEqual({ what, status, code });
      expect({ what, text }).not.toEqual({ what, text: expect.stringContaining(REPOSITORY_ROOT) });
      expect({ what, text }).not.toEqual({ what, text: expect.stringContaining('node_modules') });
      expect({ what, text }).not.toEqual({ what, text: expect.stringMatching(ABSOLUTE_PATH) });
    }
  });

  it('rejects forged, expired, alg=none and wrong-role tokens, and unknown API keys', async () => {
    const before = await snapshot();
    const claims = decodePayload(userToken);
    const write = (token: string) =>
      rest('authors', { method: 'POST', body: '{"name":"forjado"}' }, token);

    const other = await generateKeyPair('ES256');
    const kid = JSON.parse(Buffer.from(userToken.split('.')[0] ?? '', 'base64url').toString()).kid;
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .sign(other.privateKey);
    await expectError(await write(forged), 401, 'PGRST301');

    const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, role: 'service_role' })}.`;
    await expectError(await write(none), 401, 'PGRST301');

    const tampered = `${userToken.split('.')[0]}.${base64url({ ...claims, role: 'service_role' })}.${userToken.split('.')[2]}`;
    await expectError(await write(tampered), 401, 'PGRST301');

    const secret = new TextEncoder().encode(server.keys.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 60 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret);
    const expiredResponse = await write(expired);
    expect(expiredResponse.headers.get('www-authenticate')).toBe('Bearer');
    await expectError(expiredResponse, 401, 'PGRST303');
    const withinSkew = await new SignJWT({ ...claims, iat: now - 3600, exp: now - 10 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret);
    expect((await rest('posts?select=id&id=eq.1', {}, withinSkew)).status).toBe(200);

    const superuser = await new SignJWT({ ...claims, role: 'postgres' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(secret);
    await expectError(await write(superuser), 401, 'PGRST301');
    const wrongSecret = await new SignJWT({ ...claims, role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long'));
    await expectError(await write(wrongSecret), 401, 'PGRST301');
    await expectError(await write('not-a-jwt'), 401, 'PGRST301');

    const user = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.keys.publishableKey, Authorization: `Bearer ${forged}` },
    });
    expect(user.status).toBe(403);
    expect(((await user.json()) as { error_code: string }).error_code).toBe('bad_jwt');
    const expiredUser = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.keys.publishableKey, Authorization: `Bearer ${expired}` },
    });
    expect(expiredUser.status).toBe(403);

    const badKey = await fetch(`${server.url}/rest/v1/authors`, {
      headers: { apikey: 'sb_publishable_falsa' },
    });
    expect(badKey.status).toBe(401);
    expect(await badKey.json()).toMatchObject({ message: 'Invalid API key' });
    const noKey = await fetch(`${server.url}/rest/v1/authors`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ message: 'No API key found in request' });
    expect(await snapshot()).toEqual(before);
  });

  it('treats injection in auth inputs as plain data', async () => {
    const before = await snapshot();
    const post = (path: string, body: object) =>
      fetch(`${server.url}/auth/v1/${path}`, {
        method: 'POST',
        headers: {
          apikey: server.keys.publishableKey,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
        },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(
      await post('token?grant_type=password', {
        email: "alvo@teste.local' --",
        password: "' or '1'='1",
      }),
    ).toEqual({
      status: 400,
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
    expect((await post('signup', { email: `x@y.z'${DROP}`, password: 'segredo1' })).status).toBe(
      400,
    );
    expect(await post('recover', { email: "alvo@teste.local' or 1=1 --" })).toMatchObject({
      status: 400,
    });
    expect(await post('token?grant_type=refresh_token', { refresh_token: "' or '1'='1" })).toEqual({
      status: 400,
      body: {
        code: 'refresh_token_not_found',
        message: 'Invalid Refresh Token: Refresh Token Not Found',
      },
    });
    const verify = await fetch(
      `${server.url}/auth/v1/verify?type=recovery&token=${encodeURIComponent("' or '1'='1")}&redirect_to=javascript:alert(1)`,
      { redirect: 'manual' },
    );
    expect(verify.status).toBe(303);
    expect(
      verify.headers.get('location')?.startsWith('http://127.0.0.1:3000#error=access_denied'),
    ).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it('answers NUL characters in auth bodies with a 400 (PostgreSQL text cannot hold them)', async () => {
    const before = await snapshot();
    const post = (path: string, body: object) =>
      fetch(`${server.url}/auth/v1/${path}`, {
        method: 'POST',
        headers: {
          apikey: server.keys.publishableKey,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
        },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: string } }));
    const attempts: [string, object][] = [
      ['token?grant_type=password', { email: 'alvo@teste.local\u0000', password: 'x' }],
      ['token?grant_type=refresh_token', { refresh_token: 'abc\u0000' }],
      ['token?grant_type=pkce', { auth_code: 'x\u0000', code_verifier: 'y'.repeat(43) }],
      [
        'signup',
        { email: 'nul@teste.local', password: 'senha-forte-1', data: { full_name: 'a\u0000b' } },
      ],
    ];
    for (const [path, body] of attempts) {
      const response = await post(path, body);
      expect({ path, status: response.status, code: response.body.code }).toEqual({
        path,
        status: 400,
        code: 'bad_json',
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});

/** A request to 127.0.0.1:`port` whose Host header is `host`, as a browser sends it for a page whose
 * name was rebound to that address (fetch always sends the URL's own host). */
function requestNaming(
  port: number,
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, Host: host } },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          body += chunk;
        });
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body, location: incoming.headers.location }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
}
