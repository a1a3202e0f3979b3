// Contract: the mutation rows of the wire reference's table A.3, statuses and Content-Range per
// method, singular mutations rolled back, and PostgREST's error codes and statuses (including
// 401 for anonymous vs 403 for signed-in permission failures), through the real supabase-js.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '../index.ts';
import { BACKENDS, ownerQuery, signedInUser, startBackend, supabaseClient } from './support.ts';

describe.each(BACKENDS)('PostgREST writes and errors through supabase-js (%s)', (backend) => {
  let server: LocalSupabase;
  let anon: SupabaseClient;
  let user: SupabaseClient;
  let userId: string;
  let other: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    server = await startBackend(backend);
    anon = supabaseClient(server);
    service = supabaseClient(server, server.keys.secretKey);
    ({ client: user, userId } = await signedInUser(server, 'escritora@teste.local'));
    ({ client: other } = await signedInUser(server, 'outra@teste.local'));
  });
  afterAll(() => server?.stop());

  const authorCount = async () =>
    Number(
      (await ownerQuery<{ n: string }>(server, 'select count(*)::text as n from authors'))[0]?.n,
    );

  it('insert(obj) answers 201 with an empty body', async () => {
    const result = await user.from('authors').insert({ name: 'Carla' });
    expect(result).toMatchObject({ status: 201, data: null, error: null });
    expect(await ownerQuery(server, "select name from authors where name = 'Carla'")).toHaveLength(
      1,
    );
  });

  it('inserts an array with columns, missing=default and a count, returning the rows', async () => {
    const result = await user
      .from('posts')
      .insert(
        [
          { title: 'Com visitas', views: 7 },
          { title: 'Sem visitas', body: 'padrão' },
        ],
        { defaultToNull: false, count: 'exact' },
      )
      .select('title, views, body, tags');
    expect(result.status).toBe(201);
    expect(result.count).toBe(2);
    expect(result.data).toEqual([
      { title: 'Com visitas', views: 7, body: null, tags: [] },
      { title: 'Sem visitas', views: 0, body: 'padrão', tags: [] },
    ]);
    const raw = await fetch(`${server.url}/rest/v1/authors?columns="name"&select=name`, {
      method: 'POST',
      headers: {
        apikey: server.keys.secretKey,
        'Content-Type': 'application/json',
        Prefer: 'return=representation, count=exact',
      },
      body: JSON.stringify([{ name: 'Dora', ignored: 1 }, { name: 'Enzo' }]),
    });
    expect(raw.status).toBe(201);
    expect(raw.headers.get('content-range')).toBe('*/2');
    expect(await raw.json()).toEqual([{ name: 'Dora' }, { name: 'Enzo' }]);
  });

  it('insert(obj).select(id).single() returns an object', async () => {
    const { data, status } = await user
      .from('comments')
      .insert({ post_id: 4, body: 'Bonito' })
      .select('id, body, post:posts(title)')
      .single();
    expect(status).toBe(201);
    expect(data).toMatchObject({ body: 'Bonito', post: { title: 'Vila de Fortim' } });
    expect(typeof data?.id).toBe('number');
  });

  it('upserts with on_conflict: merge-duplicates (201, or 200 when nothing is new) and ignore', async () => {
    const merged = await user
      .from('authors')
      .upsert(
        [
          { id: 1, name: 'Ana Maria' },
          { id: 50, name: 'Fábio' },
        ],
        { onConflict: 'id' },
      )
      .select();
    expect(merged.status).toBe(201);
    expect(merged.data).toEqual([
      { id: 1, name: 'Ana Maria' },
      { id: 50, name: 'Fábio' },
    ]);
    const again = await user.from('authors').upsert({ id: 50, name: 'Fábio B.' }).select('name');
    expect(again).toMatchObject({ status: 200, data: [{ name: 'Fábio B.' }] });
    const ignored = await user
      .from('authors')
      .upsert({ id: 50, name: 'Ignorado' }, { ignoreDuplicates: true });
    expect(ignored).toMatchObject({ status: 201, data: null, error: null });
    expect(await ownerQuery(server, 'select name from authors where id = 50')).toEqual([
      { name: 'Fábio B.' },
    ]);
    const byName = await user
      .from('authors')
      .upsert({ name: 'Fábio B.' }, { onConflict: 'name', ignoreDuplicates: true })
      .select();
    expect(byName.data).toEqual([]);
  });

  it('update(v).eq() answers 204; with count and select, 200 and the rows', async () => {
    const plain = await user.from('posts').update({ views: 81 }).eq('id', 2);
    expect(plain).toMatchObject({ status: 204, data: null, error: null });
    const counted = await user
      .from('posts')
      .update({ views: 82, meta: { editado: true } }, { count: 'exact' })
      .eq('id', 2)
      .select('id, views, meta');
    expect(counted).toMatchObject({
      status: 200,
      count: 1,
      data: [{ id: 2, views: 82, meta: { editado: true } }],
    });
    const raw = await fetch(`${server.url}/rest/v1/posts?id=in.(2,3)`, {
      method: 'PATCH',
      headers: {
        apikey: server.keys.secretKey,
        'Content-Type': 'application/json',
        Prefer: 'count=exact',
      },
      body: JSON.stringify({ views: 80 }),
    });
    expect(raw.status).toBe(204);
    expect(raw.headers.get('content-range')).toBe('0-1/2');
  });

  it('delete().in() answers 204; with select, 200 and the deleted rows', async () => {
    const created = await user
      .from('authors')
      .insert([{ name: 'Apagar 1' }, { name: 'Apagar 2' }, { name: 'Apagar 3' }])
      .select('id');
    const [a, b, c] = (created.data ?? []).map((r) => r.id as number);
    const plain = await user.from('authors').delete().in('id', [a, b]);
    expect(plain).toMatchObject({ status: 204, data: null, error: null });
    const selected = await user
      .from('authors')
      .delete({ count: 'exact' })
      .eq('id', c)
      .select('name');
    expect(selected).toMatchObject({ status: 200, count: 1, data: [{ name: 'Apagar 3' }] });
    const raw = await fetch(`${server.url}/rest/v1/authors?id=eq.999`, {
      method: 'DELETE',
      headers: {
        apikey: server.keys.secretKey,
        'Content-Type': 'application/json',
        Prefer: 'count=exact',
      },
    });
    expect(raw.status).toBe(204);
    expect(raw.headers.get('content-range')).toBe('*/0');
  });

  it('rolls back a singular mutation that touches other than one row (PGRST116)', async () => {
    const before = await ownerQuery(server, 'select id, views from posts order by id');
    const result = await user.from('posts').update({ views: 0 }).gte('id', 1).select().single();
    expect(result.status).toBe(406);
    expect(result.error?.code).toBe('PGRST116');
    expect(result.error?.details).toMatch(/The result contains \d+ rows/);
    expect(await ownerQuery(server, 'select id, views from posts order by id')).toEqual(before);
    const deleteNone = await user.from('authors').delete().eq('id', 999).select().single();
    expect(deleteNone.error?.details).toBe('The result contains 0 rows');
  });

  it('refuses PATCH and DELETE without filters, as Supabase does', async () => {
    const count = await authorCount();
    const result = await user.from('authors').delete();
    expect(result.status).toBe(400);
    expect(result.error).toMatchObject({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
    });
    expect(await authorCount()).toBe(count);
  });

  it('calls volatile functions with POST (204 for void) and refuses them with GET (405)', async () => {
    const before = await ownerQuery<{ views: number }>(
      server,
      'select views from posts where id = 4',
    );
    const touched = await user.rpc('touch_views', { post: 4 });
    expect(touched).toMatchObject({ status: 204, data: null, error: null });
    expect(await ownerQuery(server, 'select views from posts where id = 4')).toEqual([
      { views: (before[0]?.views ?? 0) + 1 },
    ]);
    const viaGet = await user.rpc('touch_views', { post: 4 }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error?.code).toBe('25006');
    expect((await user.rpc('whoami')).data).toBe(`${userId}:authenticated`);
  });

  it('maps PostgreSQL errors to PostgREST statuses', async () => {
    const duplicate = await user.from('authors').insert({ name: 'Bruno' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: '23505' });
    expect(duplicate.error?.details).toContain('(name)=(Bruno)');
    const foreignKey = await user.from('comments').insert({ post_id: 999, body: 'x' });
    expect(foreignKey).toMatchObject({ status: 409, error: { code: '23503' } });
    const notNull = await user.from('posts').insert({ body: 'sem título' });
    expect(notNull).toMatchObject({ status: 400, error: { code: '23502' } });
    const check = await user.from('notes').insert({ text: 'x'.repeat(30) });
    expect(check).toMatchObject({ status: 400, error: { code: '23514' } });
    const badValue = await user.from('posts').select('id').eq('id', 'abc');
    expect(badValue).toMatchObject({ status: 400, error: { code: '22P02' } });
    const column = await user.from('posts').select('nope');
    expect(column).toMatchObject({
      status: 400,
      error: { code: '42703', message: 'column posts.nope does not exist' },
    });
    const payload = await user.from('posts').insert({ title: 't', nope: 1 });
    expect(payload).toMatchObject({ status: 400, error: { code: 'PGRST204' } });
    const raised = await user.rpc('fail_with', { code: 'P0001' });
    expect(raised).toMatchObject({
      status: 400,
      error: { code: 'P0001', message: 'falha pedida: P0001' },
    });
    const custom = await user.rpc('fail_with', { code: 'PT402' });
    expect(custom.status).toBe(402);
    const relationship = await user.from('authors').select('id, comments(body)');
    expect(relationship).toMatchObject({ status: 400, error: { code: 'PGRST200' } });
  });

  it('permission failures are 401 for anonymous callers and 403 for signed-in ones', async () => {
    const count = await authorCount();
    const anonInsert = await anon.from('authors').insert({ name: 'Anônimo' });
    expect(anonInsert.status).toBe(401);
    expect(anonInsert.error?.code).toBe('42501');
    const anonRead = await anon.from('notes').select('*');
    expect(anonRead).toMatchObject({ status: 401, error: { code: '42501' } });
    expect(await authorCount()).toBe(count);

    const stolen = await user
      .from('notes')
      .insert({ text: 'de outra', owner_id: '00000000-0000-4000-8000-000000000000' });
    expect(stolen.status).toBe(403);
    expect(stolen.error?.code).toBe('42501');
    expect(stolen.error?.message).toContain('row-level security');
  });

  it('row-level security hides rows: reads, updates and deletes see only the owner’s', async () => {
    const mine = await user
      .from('notes')
      .insert({ text: 'minha nota' })
      .select('id, owner_id')
      .single();
    expect(mine.data?.owner_id).toBe(userId);
    const id = mine.data?.id as number;
    expect((await other.from('notes').select('id')).data).toEqual([]);
    const update = await other.from('notes').update({ text: 'invadida' }).eq('id', id).select();
    expect(update).toMatchObject({ status: 200, data: [] });
    const remove = await other.from('notes').delete().eq('id', id);
    expect(remove.status).toBe(204);
    expect(await ownerQuery(server, 'select text from notes where id = $1', [id])).toEqual([
      { text: 'minha nota' },
    ]);
    expect((await service.from('notes').select('text')).data).toEqual([{ text: 'minha nota' }]);
  });

  it('ra-style compound keys and the empty-body DELETE with Content-Type', async () => {
    const response = await fetch(
      `${server.url}/rest/v1/post_tags?and=(post_id.eq.2,tag.eq.praia)`,
      {
        method: 'DELETE',
        headers: {
          apikey: server.keys.publishableKey,
          Authorization: `Bearer ${(await user.auth.getSession()).data.session?.access_token}`,
          'Content-Type': 'application/json',
          Accept: 'application/vnd.pgrst.object+json',
          Prefer: 'return=representation',
        },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.pgrst.object+json; charset=utf-8',
    );
    expect(await response.json()).toEqual({ post_id: 2, tag: 'praia' });
  });
});
