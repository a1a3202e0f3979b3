// Contract: ra-supabase's dataProvider (through ra-data-postgrest, table B of the wire reference)
// and authProvider (section C.3, including the recovery link round trip through the mailbox),
// the real packages against the server, on PGlite and on PostgreSQL 17.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { DataProvider } from 'ra-core';
import { supabaseAuthProvider, supabaseDataProvider } from 'ra-supabase';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase, MailboxMessage } from '../index.ts';
import { BACKENDS, confirmationUrl, signedInUser, startBackend } from './support.ts';

const ADMIN_URL = 'http://127.0.0.1:4321/admin';

function browserLikeClient(server: LocalSupabase): SupabaseClient {
  const items = new Map<string, string>();
  return createClient(server.url, server.keys.publishableKey, {
    auth: {
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => void items.set(key, value),
        removeItem: (key) => void items.delete(key),
      },
    },
  });
}

/** ra-supabase reads the page address from `window.location`; Node has none, so set one. */
function visit(url: string) {
  (globalThis as { window?: unknown }).window = { location: new URL(url) };
}

const status = (error: unknown) => (error as { status?: number }).status;

describe.each(BACKENDS)('ra-supabase providers (%s)', (backend) => {
  let server: LocalSupabase;
  let client: SupabaseClient;
  let data: DataProvider;
  let anonData: DataProvider;

  beforeAll(async () => {
    server = await startBackend(backend);
    await signedInUser(server, 'painel@teste.local');
    client = browserLikeClient(server);
    expect(
      (
        await client.auth.signInWithPassword({
          email: 'painel@teste.local',
          password: 'senha-forte-1',
        })
      ).error,
    ).toBeNull();
    data = supabaseDataProvider({
      instanceUrl: server.url,
      apiKey: server.keys.publishableKey,
      supabaseClient: client,
      primaryKeys: new Map([['post_tags', ['post_id', 'tag']]]),
    });
    anonData = supabaseDataProvider({
      instanceUrl: server.url,
      apiKey: server.keys.publishableKey,
      supabaseClient: browserLikeClient(server),
    });
  });
  afterAll(() => server?.stop());
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  const list = (resource: string, filter: Record<string, unknown>, extra: object = {}) =>
    data.getList(resource, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter,
      ...extra,
    });
  const listIds = async (resource: string, filter: Record<string, unknown>) =>
    (await list(resource, filter)).data.map((r) => r.id);

  it('getList paginates and sorts with Content-Range totals, and 416s past the end', async () => {
    const page = await data.getList('posts', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'title', order: 'DESC' },
      filter: {},
    });
    expect(page.total).toBe(4);
    expect(page.data.map((p) => p.title)).toEqual(['Praia do Pontal', 'Canoa Quebrada']);
    const beyond = await data
      .getList('posts', {
        pagination: { page: 5, perPage: 2 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      })
      .catch((error: unknown) => error);
    expect(status(beyond)).toBe(416);
  });

  it('getList filters: eq by default, @op, ilike wrapping, @or trees, fts and columns', async () => {
    expect(await listIds('posts', { published: true })).toEqual([1, 2, 4]);
    expect(await listIds('posts', { 'views@gte': 80 })).toEqual([1, 2, 3]);
    expect(await listIds('posts', { 'title@ilike': 'praia' })).toEqual([1]);
    expect(await listIds('posts', { 'title@ilike': '%ORTI%' })).toEqual([4]);
    expect(await listIds('posts', { '@or': { 'views@lt': 10, 'title@ilike': 'rio' } })).toEqual([
      3, 4,
    ]);
    expect(await listIds('posts', { 'tsv@fts': 'rio' })).toEqual([3]);
    const columns = await list('posts', { id: 2 }, { meta: { columns: ['id', 'title'] } });
    expect(columns.data).toEqual([{ id: 2, title: 'Canoa Quebrada' }]);
    const embedded = await list('posts', { id: 1 }, { meta: { embed: ['authors'] } });
    expect(embedded.data[0]).toMatchObject({ id: 1, authors: { id: 1, name: 'Ana' } });
  });

  it('reproduces PostgREST’s answers to ra’s malformed filters (qs array indices, q)', async () => {
    const twoOps = await list('posts', { 'views@gte': 80, 'views@lt': 100 }).catch(
      (e: unknown) => e,
    );
    expect(status(twoOps)).toBe(400);
    const words = await list('posts', { 'title@ilike': 'praia pontal' }).catch((e: unknown) => e);
    expect(status(words)).toBe(400);
    expect((words as { body: { code: string } }).body.code).toBe('PGRST100');
    const q = await list('posts', { q: 'praia' }).catch((e: unknown) => e);
    expect(status(q)).toBe(400);
    expect((q as { body: { code: string } }).body.code).toBe('42703');
  });

  it('getOne, getMany and getManyReference', async () => {
    expect((await data.getOne('authors', { id: 2 })).data).toEqual({ id: 2, name: 'Bruno' });
    const missing = await data.getOne('authors', { id: 999 }).catch((e: unknown) => e);
    expect(status(missing)).toBe(406);
    const many = await data.getMany('posts', { ids: [3, 1], meta: { columns: ['id'] } });
    expect(many.data.map((p) => p.id).sort()).toEqual([1, 3]);
    const refs = await data.getManyReference('comments', {
      target: 'post_id',
      id: 1,
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(refs.total).toBe(2);
    expect(refs.data.map((c) => c.body)).toEqual(['Voltarei']);
  });

  it('create, update (changed fields only), updateMany, delete and deleteMany', async () => {
    const created = await data.create('authors', { data: { name: 'Criada pelo painel' } });
    expect(created.data).toMatchObject({ name: 'Criada pelo painel' });
    const id = created.data.id as number;
    const updated = await data.update('authors', {
      id,
      data: { id, name: 'Renomeada' },
      previousData: { id, name: 'Criada pelo painel' },
    });
    expect(updated.data).toEqual({ id, name: 'Renomeada' });
    const second = await data.create('authors', { data: { name: 'Segunda' } });
    const ids = [id, second.data.id as number];
    const many = await data.updateMany('posts', { ids: [3, 4], data: { published: true } });
    expect([...(many.data ?? [])].sort()).toEqual([3, 4]);
    const removed = await data.delete('authors', { id, previousData: updated.data });
    expect(removed.data).toEqual({ id, name: 'Renomeada' });
    const removedMany = await data.deleteMany('authors', { ids: ids.slice(1) });
    expect(removedMany.data).toEqual(ids.slice(1));
    const gone = await data.getMany('authors', { ids });
    expect(gone.data).toEqual([]);
  });

  it('compound primary keys become virtual ids and and/or filters', async () => {
    const listed = await data.getList('post_tags', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { post_id: 2 },
    });
    expect(listed.data).toEqual([{ post_id: 2, tag: 'praia', id: '[2,"praia"]' }]);
    const one = await data.getOne('post_tags', { id: '[1,"praia"]' });
    expect(one.data).toMatchObject({ post_id: 1, tag: 'praia' });
    const many = await data.getMany('post_tags', { ids: ['[1,"praia"]', '[2,"praia"]'] });
    expect(many.data.map((r) => r.id).sort()).toEqual(['[1,"praia"]', '[2,"praia"]']);
    const removed = await data.delete('post_tags', { id: '[2,"praia"]' });
    expect(removed.data).toMatchObject({ post_id: 2, tag: 'praia' });
  });

  it('getSchema returns the OpenAPI document and anonymous writes are 401', async () => {
    const schema = (await data.getSchema()) as { swagger: string; definitions: object };
    expect(schema.swagger).toBe('2.0');
    expect(Object.keys(schema.definitions)).toContain('posts');
    expect((await anonData.getOne('posts', { id: 1 })).data).toMatchObject({ id: 1 });
    const denied = await anonData
      .create('authors', { data: { name: 'x' } })
      .catch((e: unknown) => e);
    expect(status(denied)).toBe(401);
    const auth = supabaseAuthProvider(client, {});
    await expect(auth.checkError(denied)).rejects.toBeUndefined();
    await expect(auth.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('authProvider: login, checkAuth, identity and permissions, logout', async () => {
    const ownClient = browserLikeClient(server);
    const auth = supabaseAuthProvider(ownClient, {
      getIdentity: async (user) => ({ id: user.id, fullName: user.email }),
      getPermissions: async (user) => (user.email === 'painel@teste.local' ? 'editor' : 'none'),
    });
    visit(`${ADMIN_URL}/`);
    await expect(auth.checkAuth({})).rejects.toBeUndefined();
    await expect(
      auth.login({ email: 'painel@teste.local', password: 'errada' }),
    ).rejects.toMatchObject({ message: 'Invalid login credentials', status: 400 });
    await auth.login({ email: 'painel@teste.local', password: 'senha-forte-1' });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.getIdentity?.()).toMatchObject({ fullName: 'painel@teste.local' });
    expect(await auth.getPermissions?.({})).toBe('editor');
    await auth.logout({});
    await expect(auth.checkAuth({})).rejects.toBeUndefined();
  });

  it('authProvider: password recovery from the mailbox link to /set-password', async () => {
    await signedInUser(server, 'recupera@teste.local');
    const auth = supabaseAuthProvider(browserLikeClient(server), {});
    await auth.resetPassword({
      email: 'recupera@teste.local',
      redirectTo: `${ADMIN_URL}/auth-callback`,
    });
    const mailbox = await fetch(`${server.mailboxUrl}?to=recupera@teste.local`);
    expect(mailbox.status).toBe(200);
    const mails = (await mailbox.json()) as MailboxMessage[];
    // Auth's own link form for the mailed token, which ra-supabase's callback reads.
    const opened = await fetch(
      confirmationUrl(server.url, mails[0] as MailboxMessage, `${ADMIN_URL}/auth-callback`),
      { redirect: 'manual' },
    );
    expect(opened.status).toBe(303);
    const location = opened.headers.get('location') ?? '';
    expect(location.startsWith(`${ADMIN_URL}/auth-callback#access_token=`)).toBe(true);

    visit(location);
    const callback = await auth.handleCallback?.();
    const target = (
      callback as { redirectTo: () => { pathname: string; search: string } }
    ).redirectTo();
    expect(target.pathname).toBe('/set-password');
    const params = new URLSearchParams(target.search);
    expect(params.get('type')).toBe('recovery');
    await expect(auth.checkAuth({})).rejects.toMatchObject({ message: false });

    visit(`${ADMIN_URL}/set-password?${target.search}`);
    await auth.setPassword({
      access_token: params.get('access_token') ?? '',
      refresh_token: params.get('refresh_token') ?? '',
      password: 'pelo-painel-1',
    });
    const fresh = supabaseAuthProvider(browserLikeClient(server), {});
    await expect(
      fresh.login({ email: 'recupera@teste.local', password: 'pelo-painel-1' }),
    ).resolves.toBeUndefined();
  });
});
