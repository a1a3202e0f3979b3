// Contract: every read shape of the wire reference's table A.2 and the read rows of A.3, driven
// only through the real supabase-js, on PGlite and on PostgreSQL 17.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '../index.ts';
import { BACKENDS, startBackend, supabaseClient } from './support.ts';

const ids = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id);

describe.each(BACKENDS)('PostgREST reads through supabase-js (%s)', (backend) => {
  let server: LocalSupabase;
  let sb: SupabaseClient;

  beforeAll(async () => {
    server = await startBackend(backend);
    sb = supabaseClient(server);
  });
  afterAll(() => server?.stop());

  // Hosted Supabase's Data API answers at most "Max rows" (1,000) rows to any read, as PostgREST's
  // db-max-rows: a read that forgets to page meets the cap here first.
  it('caps every read at 1,000 rows, whatever range it asks, tables and set-returning functions', async () => {
    await server.database.exec(
      `create table public.many_rows (id integer primary key);
       insert into public.many_rows select g from generate_series(1, 1001) g;
       grant select on public.many_rows to anon, authenticated;
       create function public.all_many_rows() returns setof public.many_rows
         language sql stable as 'select * from public.many_rows order by id';
       grant execute on function public.all_many_rows() to anon, authenticated;`,
    );
    await server.reloadSchema();
    try {
      const all = await sb.from('many_rows').select('id', { count: 'exact' }).order('id');
      expect([all.status, all.data?.length, all.count]).toEqual([206, 1000, 1001]);
      const asked = async (from: number, to: number) =>
        (await sb.from('many_rows').select('id').order('id').range(from, to)).data?.length;
      expect(await asked(0, 998)).toBe(999);
      expect(await asked(0, 999)).toBe(1000);
      expect(await asked(0, 1000)).toBe(1000);
      expect(await asked(1000, 1999)).toBe(1);
      const rpc = await sb.rpc('all_many_rows');
      expect(rpc.data?.length).toBe(1000);
    } finally {
      await server.database.exec(
        'drop function public.all_many_rows(); drop table public.many_rows;',
      );
      await server.reloadSchema();
    }
  });

  it('select list with alias, embedded many-to-one and one-to-many resources', async () => {
    const { data, error } = await sb
      .from('posts')
      .select('id, title, a:authors(name), comments(body)')
      .order('id');
    expect(error).toBeNull();
    expect(data?.[0]).toEqual({
      id: 1,
      title: 'Praia do Pontal',
      a: { name: 'Ana' },
      comments: [{ body: 'Lindo!' }, { body: 'Voltarei' }],
    });
    expect(data?.[3]).toEqual({ id: 4, title: 'Vila de Fortim', a: null, comments: [] });
  });

  it('filters, orders and limits an embedded resource, and !inner filters the parent', async () => {
    const { data } = await sb
      .from('posts')
      .select('id, comments(body)')
      .eq('comments.body', 'Voltarei')
      .in('id', [1, 2])
      .order('id');
    expect(data).toEqual([
      { id: 1, comments: [{ body: 'Voltarei' }] },
      { id: 2, comments: [] },
    ]);
    const inner = await sb
      .from('posts')
      .select('id, comments!inner(body)')
      .eq('comments.body', 'Muito vento');
    expect(inner.data).toEqual([{ id: 2, comments: [{ body: 'Muito vento' }] }]);
    const ordered = await sb
      .from('posts')
      .select('id, comments(body)')
      .eq('id', 1)
      .order('created_at', { referencedTable: 'comments', ascending: false })
      .limit(1, { referencedTable: 'comments' });
    expect(ordered.data).toEqual([{ id: 1, comments: [{ body: 'Voltarei' }] }]);
    const or = await sb
      .from('authors')
      .select('id, posts(id)')
      .or('views.gt.100,id.eq.4', { referencedTable: 'posts' })
      .order('id');
    expect(or.data).toEqual([
      { id: 1, posts: [{ id: 1 }] },
      { id: 2, posts: [] },
      { id: 3, posts: [] },
    ]);
  });

  it('keeps PostgreSQL text forms of timestamptz, numeric and bigint in the JSON body', async () => {
    const response = await fetch(
      `${server.url}/rest/v1/posts?select=price,big,published_at,meta&id=eq.1`,
      { headers: { apikey: server.keys.publishableKey } },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      '[{"price":10.50,"big":9007199254740993,"published_at":"2024-03-01T10:00:00+00:00","meta":{"fonte": "guia", "nivel": 1}}]',
    );
    const two = await sb.from('posts').select('published_at').eq('id', 2).single();
    expect(two.data).toEqual({ published_at: '2024-03-02T10:00:00.123456+00:00' });
  });

  it('comparison operators, duplicate keys ANDed, and values with spaces', async () => {
    expect(ids((await sb.from('posts').select('id').eq('views', 80).order('id')).data)).toEqual([
      2, 3,
    ]);
    expect(
      ids((await sb.from('posts').select('id').neq('title', 'Canoa Quebrada').order('id')).data),
    ).toEqual([1, 3, 4]);
    const between = await sb
      .from('posts')
      .select('id')
      .gte('views', 6)
      .lte('views', 100)
      .order('id');
    expect(ids(between.data)).toEqual([2, 3]);
    expect(
      ids((await sb.from('posts').select('id').gt('price', 0.1).lt('price', 1000)).data),
    ).toEqual([1]);
    expect(ids((await sb.from('posts').select('id').eq('title', 'Rio Jaguaribe')).data)).toEqual([
      3,
    ]);
  });

  it('like and ilike map * to %, including the (any)/(all) forms', async () => {
    expect(ids((await sb.from('posts').select('id').like('title', '%Fortim')).data)).toEqual([4]);
    expect(ids((await sb.from('posts').select('id').ilike('title', '*praia*')).data)).toEqual([1]);
    const any = await sb
      .from('posts')
      .select('id')
      .ilikeAnyOf('title', ['*rio*', 'canoa*'])
      .order('id');
    expect(ids(any.data)).toEqual([2, 3]);
    const all = await sb.from('posts').select('id').likeAllOf('title', ['%a%', '%P%']);
    expect(ids(all.data)).toEqual([1]);
  });

  it('is, in (with quoted values), not.in and not(…)', async () => {
    expect(ids((await sb.from('posts').select('id').is('body', null)).data)).toEqual([3]);
    expect(ids((await sb.from('posts').select('id').is('published', false)).data)).toEqual([3]);
    expect(
      ids((await sb.from('posts').select('id').not('body', 'is', null).order('id')).data),
    ).toEqual([1, 2, 4]);
    const tags = await sb
      .from('post_tags')
      .select('post_id, tag')
      .in('tag', ['x,y', 'c(d)', 'e"f']);
    expect(tags.data).toEqual([{ post_id: 1, tag: 'x,y' }]);
    expect(ids((await sb.from('posts').select('id').in('id', [1, 3]).order('id')).data)).toEqual([
      1, 3,
    ]);
    const notIn = await sb.from('posts').select('id').notIn('id', [1, 3]).order('id');
    expect(ids(notIn.data)).toEqual([2, 4]);
    const not = await sb.from('posts').select('id').not('id', 'in', '(1,2)').order('id');
    expect(ids(not.data)).toEqual([3, 4]);
  });

  it('array, jsonb and range operators', async () => {
    expect(
      ids((await sb.from('posts').select('id').contains('tags', ['praia', 'dunas'])).data),
    ).toEqual([1]);
    const containedBy = await sb
      .from('posts')
      .select('id')
      .containedBy('tags', ['praia', 'rio'])
      .order('id');
    expect(ids(containedBy.data)).toEqual([2, 3, 4]);
    expect(ids((await sb.from('posts').select('id').contains('meta', { nivel: 2 })).data)).toEqual([
      3,
    ]);
    const overlaps = await sb
      .from('posts')
      .select('id')
      .overlaps('tags', ['rio', 'dunas'])
      .order('id');
    expect(ids(overlaps.data)).toEqual([1, 3]);
    expect(ids((await sb.from('posts').select('id').rangeGt('period', '[5,6)')).data)).toEqual([4]);
    expect(ids((await sb.from('posts').select('id').rangeLt('period', '[5,6)')).data)).toEqual([1]);
    const gte = await sb.from('posts').select('id').rangeGte('period', '[3,4)').order('id');
    expect(ids(gte.data)).toEqual([2, 4]);
    const lte = await sb.from('posts').select('id').rangeLte('period', '[1,8)').order('id');
    expect(ids(lte.data)).toEqual([1, 2]);
    expect(
      ids((await sb.from('posts').select('id').rangeAdjacent('period', '[20,30)')).data),
    ).toEqual([4]);
    const rangeOverlap = await sb
      .from('posts')
      .select('id')
      .overlaps('period', '[4,4]')
      .order('id');
    expect(ids(rangeOverlap.data)).toEqual([1, 2]);
  });

  it('or/and trees with nesting, negation and quoting', async () => {
    const or = await sb
      .from('posts')
      .select('id')
      .or('id.eq.4,and(views.gt.50,views.lt.100)')
      .order('id');
    expect(ids(or.data)).toEqual([2, 3, 4]);
    const quoted = await sb
      .from('posts')
      .select('id')
      .or('title.eq."Praia do Pontal",title.in.("Rio Jaguaribe","a,b")')
      .order('id');
    expect(ids(quoted.data)).toEqual([1, 3]);
    const arrays = await sb
      .from('posts')
      .select('id')
      .or('tags.cs.{praia,dunas},id.eq.3')
      .order('id');
    expect(ids(arrays.data)).toEqual([1, 3]);
    const negated = await sb
      .from('posts')
      .select('id')
      .or('not.and(views.gt.10,published.is.true)')
      .order('id');
    expect(ids(negated.data)).toEqual([3, 4]);
    const raw = await fetch(
      `${server.url}/rest/v1/posts?select=id&not.or=(id.eq.1,id.eq.2)&order=id`,
      { headers: { apikey: server.keys.publishableKey } },
    );
    expect([raw.status, await raw.json()]).toEqual([200, [{ id: 3 }, { id: 4 }]]);
  });

  it('full-text search with each query type and a language', async () => {
    const fts = await sb.from('posts').select('id').textSearch('tsv', 'rio');
    expect(ids(fts.data)).toEqual([3]);
    const configured = await sb
      .from('posts')
      .select('id')
      .textSearch('tsv', 'dunas', { config: 'simple' });
    expect(ids(configured.data)).toEqual([1]);
    const plain = await sb.from('posts').select('id').textSearch('tsv', 'perto fortim', {
      type: 'plain',
      config: 'simple',
    });
    expect(ids(plain.data)).toEqual([2]);
    const phrase = await sb.from('posts').select('id').textSearch('title', 'vila de fortim', {
      type: 'phrase',
      config: 'simple',
    });
    expect(ids(phrase.data)).toEqual([4]);
    const web = await sb
      .from('posts')
      .select('id')
      .textSearch('tsv', 'praia or rio -canoa', { type: 'websearch', config: 'simple' })
      .order('id');
    expect(ids(web.data)).toEqual([1, 3]);
  });

  it('match, filter, regexMatch, regexIMatch and isDistinct', async () => {
    expect(
      ids((await sb.from('posts').select('id').match({ views: 80, published: true })).data),
    ).toEqual([2]);
    expect(ids((await sb.from('posts').select('id').filter('views', 'lt', 10)).data)).toEqual([4]);
    expect(ids((await sb.from('posts').select('id').regexMatch('title', '^C')).data)).toEqual([2]);
    expect(ids((await sb.from('posts').select('id').regexIMatch('title', '^c')).data)).toEqual([2]);
    const distinct = await sb.from('posts').select('id').isDistinct('author_id', 1).order('id');
    expect(ids(distinct.data)).toEqual([2, 4]);
  });

  it('orders on several columns with nulls placement, and paginates with range and limit', async () => {
    const ordered = await sb
      .from('posts')
      .select('id')
      .order('views', { ascending: false })
      .order('price', { ascending: true, nullsFirst: true })
      .order('id', { nullsFirst: false });
    expect(ids(ordered.data)).toEqual([1, 3, 2, 4]);
    const nullsLast = await sb
      .from('posts')
      .select('id')
      .order('body', { ascending: false, nullsFirst: false });
    expect(ids(nullsLast.data)).toEqual([2, 1, 4, 3]);
    const page = await sb.from('posts').select('id').order('id').range(1, 2);
    expect(ids(page.data)).toEqual([2, 3]);
    expect(ids((await sb.from('posts').select('id').order('id').limit(1)).data)).toEqual([1]);
    const json = await sb
      .from('posts')
      .select('id, nivel:meta->>nivel')
      .order('meta->nivel')
      .limit(2);
    expect(json.data).toEqual([
      { id: 1, nivel: '1' },
      { id: 3, nivel: '2' },
    ]);
  });

  it('counts with HEAD and GET, with Content-Range, 206 and 416', async () => {
    const head = await sb.from('posts').select('*', { count: 'exact', head: true });
    expect(head).toMatchObject({ count: 4, data: null, error: null, status: 200 });
    const partial = await sb.from('posts').select('id', { count: 'exact' }).order('id').range(0, 1);
    expect(partial).toMatchObject({ count: 4, status: 206 });
    const empty = await sb.from('posts').select('id', { count: 'exact' }).eq('id', 99);
    expect(empty).toMatchObject({ count: 0, data: [], status: 200 });

    const headers = { apikey: server.keys.publishableKey, Prefer: 'count=exact' };
    const get = await fetch(`${server.url}/rest/v1/posts?select=id&offset=1&limit=2`, { headers });
    expect(get.status).toBe(206);
    expect(get.headers.get('content-range')).toBe('1-2/4');
    const none = await fetch(`${server.url}/rest/v1/posts?id=eq.99`, { headers });
    expect(none.headers.get('content-range')).toBe('*/0');
    const uncounted = await fetch(`${server.url}/rest/v1/posts?select=id&limit=2`, {
      headers: { apikey: server.keys.publishableKey },
    });
    expect(uncounted.status).toBe(200);
    expect(uncounted.headers.get('content-range')).toBe('0-1/*');
    const beyond = await fetch(`${server.url}/rest/v1/posts?offset=10`, { headers });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 4 rows.',
    });
  });

  it('single() returns an object or PGRST116; maybeSingle() unwraps the array', async () => {
    const one = await sb.from('posts').select('id, title').eq('id', 2).single();
    expect(one.data).toEqual({ id: 2, title: 'Canoa Quebrada' });
    const none = await sb.from('posts').select('id').eq('id', 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    const many = await sb.from('posts').select('id').single();
    expect(many.error?.details).toBe('The result contains 4 rows');
    expect((await sb.from('posts').select('id').eq('id', 99).maybeSingle()).data).toBeNull();
    expect((await sb.from('posts').select('id').eq('id', 3).maybeSingle()).data).toEqual({ id: 3 });
  });

  it('reads views and answers a missing table with PGRST205 JSON', async () => {
    const view = await sb.from('post_titles').select('*').order('id').limit(1);
    expect(view.data).toEqual([{ id: 1, title: 'Praia do Pontal' }]);
    const missing = await sb.from('nao_existe').select('*');
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.nao_existe' in the schema cache",
    });
  });

  it('calls functions: scalar, default argument, set with filters, GET, HEAD count and void', async () => {
    expect((await sb.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
    expect((await sb.rpc('add_numbers', { a: 2 })).data).toBe(12);
    expect((await sb.rpc('echo_tags', { tags: ['a', 'b,c'] })).data).toEqual(['a', 'b,c']);
    const set = await sb
      .rpc('posts_with_min_views', { min_views: 50 })
      .select('id, title')
      .neq('id', 2)
      .order('id', { ascending: false });
    expect(set.data).toEqual([
      { id: 3, title: 'Rio Jaguaribe' },
      { id: 1, title: 'Praia do Pontal' },
    ]);
    const get = await sb.rpc('add_numbers', { a: 40, b: 2 }, { get: true });
    expect(get.data).toBe(42);
    const head = await sb.rpc(
      'posts_with_min_views',
      { min_views: 50 },
      { head: true, count: 'exact' },
    );
    expect(head).toMatchObject({ count: 3, data: null, error: null });
    expect((await sb.rpc('post_count')).data).toBe(4);
    expect((await sb.rpc('whoami')).data).toBe('anon:anon');
    const missing = await sb.rpc('add_numbers', { x: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST202');
  });

  it('serves the OpenAPI document ra-supabase guessers read', async () => {
    const response = await fetch(`${server.url}/rest/v1/`, {
      headers: { apikey: server.keys.publishableKey },
    });
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      swagger: string;
      definitions: Record<
        string,
        { properties: Record<string, Record<string, unknown>>; required?: string[] }
      >;
      paths: Record<string, Record<string, { parameters?: { $ref?: string }[] }>>;
    };
    expect(doc.swagger).toBe('2.0');
    const posts = doc.definitions.posts;
    expect(posts?.required).toEqual(['id', 'title']);
    expect(posts?.properties.id).toMatchObject({
      description: 'Note:\nThis is a Primary Key.<pk/>',
      format: 'bigint',
      type: 'integer',
    });
    expect(posts?.properties.author_id?.description).toBe(
      "Note:\nThis is a Foreign Key to `authors.id`.<fk table='authors' column='id'/>",
    );
    expect(posts?.properties.title).toMatchObject({ description: 'Título', type: 'string' });
    expect(posts?.properties.tags).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(posts?.properties.published_at?.format).toBe('timestamp with time zone');
    expect(doc.paths['/posts']?.get?.parameters).toContainEqual({
      $ref: '#/parameters/rowFilter.posts.title',
    });
    expect(Object.keys(doc.paths['/posts'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
      'post',
    ]);
    expect(doc.paths['/rpc/add_numbers']?.post).toBeDefined();
  });

  it('resolves the schema headers: public or absent, anything else is PGRST106', async () => {
    const other = await sb.schema('private').from('posts').select('id');
    expect(other.status).toBe(406);
    expect(other.error?.code).toBe('PGRST106');
    const noProfile = await fetch(`${server.url}/rest/v1/posts?select=id&id=eq.1`, {
      headers: { apikey: server.keys.publishableKey },
    });
    expect([noProfile.status, await noProfile.json()]).toEqual([200, [{ id: 1 }]]);
  });

  it('accepts the legacy JWT keys and the secret key with the roles they carry', async () => {
    const legacyAnon = supabaseClient(server, server.keys.anonKey);
    expect((await legacyAnon.rpc('whoami')).data).toBe('anon:anon');
    expect((await legacyAnon.from('posts').select('id').eq('id', 1)).data).toEqual([{ id: 1 }]);
    const legacyService = supabaseClient(server, server.keys.serviceRoleKey);
    expect((await legacyService.rpc('whoami')).data).toBe('anon:service_role');
    const secret = supabaseClient(server, server.keys.secretKey);
    expect((await secret.rpc('whoami')).data).toBe('anon:service_role');
    const raRequest = await fetch(`${server.url}/rest/v1/posts?select=id&id=eq.2`, {
      headers: { apiKey: server.keys.publishableKey, Accept: 'application/json' },
    });
    expect([raRequest.status, await raRequest.json()]).toEqual([200, [{ id: 2 }]]);
  });

  it('answers CORS preflights and exposes Content-Range', async () => {
    const preflight = await fetch(`${server.url}/rest/v1/posts`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:4321',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, prefer',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('prefer');
    const get = await fetch(`${server.url}/rest/v1/posts?select=id`, {
      headers: { apikey: server.keys.publishableKey, Origin: 'http://localhost:5173' },
    });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });
});
