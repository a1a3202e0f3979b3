// After an admin's change to listings the worker asks the site Worker (its SITE_PAGES binding, the
// PageRenderer entrypoint) to render the pages that show them, after the answer. Without a site
// Worker, or with one that fails, the answer and the saved data are exactly what they were; with
// one (a stand-in that records its calls: support/site-worker.ts, found through wrangler's dev
// registry as the real one is), each route sends the exact kind and slugs of what it changed, and
// a refused or failed change sends nothing.
//
// No check waits a fixed time for a call not to come. Each render ends with one line in the
// worker's log, carrying the request's id: 'site pages rendered', or 'site pages render failed' at
// the error level once its last attempt failed. And a change known to send one call (the
// marker's), made once a change has answered and the calls it was expected to send have arrived,
// comes after every call that change caused: its render was under way before the marker's change
// was even sent, and the marker's call goes only after that change's own reads and writes.
import { LISTING_TABLE, type ListingKind, type ListingPagesChange } from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  api,
  expectCall,
  expectReply,
  historyOf,
  type LogLine,
  newUser,
  type Reply,
  requestIdOf,
  rows,
  stack,
  workerLog,
} from './support/client.ts';
import { MISSING_TRASH_ID } from './support/endpoints.ts';
import { newClientAddress } from './support/events.ts';
import { KIND_PATH, validListing, validSlide } from './support/fixtures.ts';
import { type SiteWorker, startSiteWorker } from './support/site-worker.ts';

type Row = { id: string; slug: string; name: string } & Record<string, unknown>;

/** Asks `probe` again until `done` (every 50 ms, for 30 s at most). */
async function until<T>(
  probe: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The line that ends the render a request started after its answer (site-pages.ts). */
const endsRender = (requestId: string) => (line: LogLine) =>
  line.requestId === requestId &&
  (line.message === 'site pages rendered' ||
    (line.message === 'site pages render failed' && line.level === 'error'));

/** Waits for the end of the render a change started: the line that ends it. */
async function renderEnd(reply: Reply): Promise<LogLine> {
  const ends = endsRender(requestIdOf(reply));
  const log = await until(workerLog, (lines) => lines.some(ends), 'a renderização não terminou');
  return log.find(ends) as LogLine;
}

let token: string;
beforeAll(async () => {
  token = (await admin()).token;
});

/** A new listing, once the render its creation started has ended (no call of it comes later). */
async function create(kind: ListingKind): Promise<Row> {
  const reply = await expectReply<Row>(201, 'POST', KIND_PATH[kind], {
    token,
    json: validListing(kind),
  });
  await renderEnd(reply);
  return reply.body;
}

/** The row as stored (read with the service role). */
async function stored(kind: ListingKind, id: string): Promise<Row | undefined> {
  const [row] = await rows<Row>(LISTING_TABLE[kind], `id=eq.${id}`);
  return row;
}

async function trashIdOf(kind: ListingKind, id: string): Promise<string> {
  const [item] = await rows<{ id: string }>(
    'trash',
    `table_name=eq.${LISTING_TABLE[kind]}&row_id=eq.${id}`,
  );
  if (!item) throw new Error(`não está na lixeira: ${id}`);
  return item.id;
}

describe('without a site Worker', () => {
  it('every listing change answers and saves as it did; its render, after the answer, fails and says so', async () => {
    const kind: ListingKind = 'passeio';
    const path = KIND_PATH[kind];
    const changes: Reply[] = [];
    /** A listing change that must answer `status`: its body (its reply kept for the log). */
    const change = async <T = Row>(
      status: number,
      method: string,
      changed: string,
      json?: unknown,
    ): Promise<T> => {
      const reply = await expectReply<T>(status, method, changed, { token, json });
      changes.push(reply);
      return reply.body;
    };
    const a = await change(201, 'POST', path, validListing(kind));
    const b = await change(201, 'POST', path, validListing(kind));
    expect(await stored(kind, a.id)).toEqual(a);

    const renamed = await change(200, 'PATCH', `${path}/${a.id}`, {
      name: `${a.name} (novo nome)`,
    });
    expect(renamed.name).toBe(`${a.name} (novo nome)`);
    expect(await stored(kind, a.id)).toEqual(renamed);

    const quick = await change(200, 'PATCH', `${path}/${a.id}/quick`, { price: 99 });
    expect(await stored(kind, a.id)).toEqual(quick);

    expect(
      await change(200, 'POST', `${path}/${a.id}/lists/pinned`, { included: true }),
    ).toMatchObject({ id: a.id, is_pinned: true });
    expect(await change(200, 'POST', `${path}/bulk`, { action: 'unpin', ids: [a.id] })).toEqual({
      action: 'unpin',
      ids: [a.id],
    });

    expect(await change(200, 'DELETE', `${path}/${b.id}`)).toEqual(b);
    expect(await stored(kind, b.id)).toBeUndefined();
    const restored = await change(200, 'POST', `/api/trash/${await trashIdOf(kind, b.id)}/restore`);
    expect(restored).toEqual({ table_name: LISTING_TABLE[kind], id: b.id, notices: [] });
    expect((await stored(kind, b.id))?.slug).toBe(b.slug);

    expect(
      await change(200, 'POST', `${path}/bulk`, { action: 'delete', ids: [a.id, b.id] }),
    ).toEqual({ action: 'delete', ids: [a.id, b.id] });
    expect([await stored(kind, a.id), await stored(kind, b.id)]).toEqual([undefined, undefined]);
    // Each change's render, after its answer, found no site Worker and said so, failing its last
    // attempt; none is left under way. (That no answer waits for its render is shown below,
    // where the site Worker holds the call.)
    for (const reply of changes) {
      expect(await renderEnd(reply)).toMatchObject({
        level: 'error',
        message: 'site pages render failed',
      });
    }
  });
});

describe('with the site Worker', () => {
  let site: SiteWorker;
  const kind: ListingKind = 'hospedagem';
  const path = KIND_PATH[kind];

  /** A comercio whose quick edit sends one call, naming it alone: the marker. */
  let marker: Row;
  const markerChange = () =>
    expectReply(200, 'PATCH', `${KIND_PATH.comercio}/${marker.id}/quick`, {
      token,
      json: { rating: 4 },
    });
  const markerCall = () => [{ kind: 'comercio', slugs: [marker.slug] }];
  const isMarker = (call: ListingPagesChange[]) =>
    JSON.stringify(call) === JSON.stringify(markerCall());

  /**
   * The calls `action` caused: once `count` of them arrived, the marker's change is made, and
   * every call before the marker's is one of them (the marker's is the last: nothing came after).
   */
  async function callsAfter(
    action: () => Promise<unknown>,
    count = 1,
  ): Promise<ListingPagesChange[][]> {
    await site.clear();
    await action();
    await until(
      () => site.calls(),
      (calls) => calls.length >= count,
      `${count} chamada(s)`,
    );
    await markerChange();
    const calls = await until(
      () => site.calls(),
      (calls) => calls.some(isMarker),
      'o marcador não chegou',
    );
    const at = calls.findIndex(isMarker);
    expect(calls.slice(at)).toEqual([markerCall()]);
    return calls.slice(0, at);
  }

  beforeAll(async () => {
    site = await startSiteWorker(stack.registryDir);
    marker = await create('comercio');
    // The worker finds it in the dev registry a moment after it starts: the marker's change, until
    // its render reaches it. Each waits for the end of its render, so none is under way after.
    const deadline = Date.now() + 60_000;
    while ((await renderEnd(await markerChange())).message !== 'site pages rendered') {
      if (Date.now() > deadline) throw new Error(`o site não foi chamado:\n${site.output()}`);
    }
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('a new listing: its slug', async () => {
    let row: Row | undefined;
    const calls = await callsAfter(async () => {
      row = await create(kind);
    });
    expect(calls).toEqual([[{ kind, slugs: [row?.slug] }]]);
  });

  it('an edit, a rename included: the slug, which a rename keeps (no old address to mark gone)', async () => {
    const row = await create(kind);
    let renamed: Row | undefined;
    const calls = await callsAfter(async () => {
      renamed = await expectCall(200, 'PATCH', `${path}/${row.id}`, {
        token,
        json: { name: `Outro Nome ${row.id.slice(0, 8)}` },
      });
    });
    expect(renamed?.slug).toBe(row.slug);
    expect(calls).toEqual([[{ kind, slugs: [row.slug] }]]);

    const quick = await callsAfter(() =>
      expectCall(200, 'PATCH', `${path}/${row.id}/quick`, { token, json: { rating: 5 } }),
    );
    expect(quick).toEqual([[{ kind, slugs: [row.slug] }]]);
  });

  it('a delete: the deleted slug; a bulk delete: every deleted slug (a missing id adds none)', async () => {
    const [a, b, c] = [await create(kind), await create(kind), await create(kind)];
    expect(await callsAfter(() => expectCall(200, 'DELETE', `${path}/${a.id}`, { token }))).toEqual(
      [[{ kind, slugs: [a.slug] }]],
    );

    const calls = await callsAfter(() =>
      expectCall(200, 'POST', `${path}/bulk`, {
        token,
        json: { action: 'delete', ids: [b.id, a.id, c.id] },
      }),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.map((change) => ({ ...change, slugs: [...change.slugs].sort() }))).toEqual([
      { kind, slugs: [b.slug, c.slug].sort() },
    ]);
  });

  it('pinned and featured, set, moved and in bulk: the listings named (in bulk, those that changed)', async () => {
    // no featured listing of this kind: the cap of 4 never refuses here
    const featured = await rows<{ id: string }>(
      LISTING_TABLE[kind],
      'is_featured=eq.true&select=id',
    );
    if (featured.length > 0) {
      await callsAfter(() =>
        expectCall(200, 'POST', `${path}/bulk`, {
          token,
          json: { action: 'unfeature', ids: featured.map((r) => r.id) },
        }),
      );
    }
    const [a, b] = [await create(kind), await create(kind)];
    const one = [[{ kind, slugs: [a.slug] }]];
    const post = (suffix: string, json: unknown) =>
      expectCall(200, 'POST', `${path}/${a.id}/${suffix}`, { token, json });
    expect(await callsAfter(() => post('lists/pinned', { included: true }))).toEqual(one);
    expect(await callsAfter(() => post('lists/pinned/move', { direction: 'up' }))).toEqual(one);
    expect(await callsAfter(() => post('lists/featured', { included: true }))).toEqual(one);
    expect(await callsAfter(() => post('lists/featured/move', { direction: 'down' }))).toEqual(one);

    // In bulk: the listings that changed (the answer's ids): `a` is pinned already.
    const bulk = (action: string, ids: string[]) =>
      callsAfter(() => expectCall(200, 'POST', `${path}/bulk`, { token, json: { action, ids } }));
    expect(await bulk('pin', [b.id, a.id])).toEqual([[{ kind, slugs: [b.slug] }]]);
    const both = await bulk('unpin', [b.id, a.id]);
    expect(both.map((call) => call.map((change) => [...change.slugs].sort()))).toEqual([
      [[a.slug, b.slug].sort()],
    ]);
  });

  it('restored from the trash: the restored slug; a version restored: the listing’s slug', async () => {
    const row = await create(kind);
    await callsAfter(() => expectCall(200, 'DELETE', `${path}/${row.id}`, { token }));
    const trashId = await trashIdOf(kind, row.id);
    expect(
      await callsAfter(() => expectCall(200, 'POST', `/api/trash/${trashId}/restore`, { token })),
    ).toEqual([[{ kind, slugs: [row.slug] }]]);

    const [creation] = await historyOf<{ id: number; action: string }>(LISTING_TABLE[kind], row.id);
    expect(creation?.action).toBe('insert');
    expect(
      await callsAfter(() =>
        expectCall(200, 'POST', `/api/history/${creation?.id}/restore`, { token }),
      ),
    ).toEqual([[{ kind, slugs: [row.slug] }]]);
  });

  it("a visitor's review: its place's slug when what the page shows changes, nothing while it waits", async () => {
    const row = await create(kind);
    const visitor = await newUser('avaliadora');
    let id = '';
    expect(
      await callsAfter(async () => {
        const written = await api('POST', '/api/reviews', {
          token: visitor.token,
          headers: { 'CF-Connecting-IP': newClientAddress() },
          json: { kind, listing_id: row.id, rating: 5, comment: 'Vista linda.' },
        });
        expect(written.status).toBe(201);
        id = written.body.review.id;
      }, 0),
    ).toEqual([]);
    const page = [[{ kind, slugs: [row.slug] }]];
    // The decision holds for the review as the moderator read it.
    const [read] = await rows<{ updated_at: string }>('reviews', `id=eq.${id}&select=updated_at`);
    expect(
      await callsAfter(() =>
        expectCall(200, 'POST', `/api/reviews/${id}/moderation`, {
          token,
          json: { status: 'approved', seen_updated_at: read?.updated_at },
        }),
      ),
    ).toEqual(page);
    // to the trash and back
    expect(
      await callsAfter(() => expectCall(200, 'DELETE', `/api/reviews/${id}`, { token })),
    ).toEqual(page);
    const [item] = await rows<{ id: string }>('trash', `table_name=eq.reviews&row_id=eq.${id}`);
    expect(
      await callsAfter(() => expectCall(200, 'POST', `/api/trash/${item?.id}/restore`, { token })),
    ).toEqual(page);
  });

  it('a refused or failed change sends nothing; settings, slides and categories neither', async () => {
    const row = await create(kind);
    const user = await newUser();
    const calls = await callsAfter(async () => {
      // invalid data, not an admin, a missing listing, a missing trash item
      expect((await api('PATCH', `${path}/${row.id}`, { token, json: { price: -1 } })).status).toBe(
        400,
      );
      expect(
        (await api('PATCH', `${path}/${row.id}`, { token: user.token, json: { price: 10 } }))
          .status,
      ).toBe(403);
      expect(
        (await api('DELETE', `${path}/00000000-0000-4000-8000-0000000000aa`, { token })).status,
      ).toBe(404);
      expect((await api('POST', `/api/trash/${MISSING_TRASH_ID}/restore`, { token })).status).toBe(
        404,
      );
      expect(
        (
          await api('POST', `${path}/bulk`, {
            token,
            json: { action: 'delete', ids: ['00000000-0000-4000-8000-0000000000ab'] },
          })
        ).status,
      ).toBe(404);
      // every page shows these: the full build's alone
      await expectCall(200, 'PUT', '/api/settings', {
        token,
        json: { contact_address: 'Fortim, Ceará' },
      });
      await expectCall(201, 'POST', '/api/slides', { token, json: validSlide() });
      await expectCall(201, 'POST', '/api/categories', {
        token,
        json: { name: `Categoria ${row.id.slice(0, 8)}`, type: kind },
      });
    }, 0);
    expect(calls).toEqual([]);
  });

  it('a change answers while its render is still under way: the answer never waits for it', async () => {
    const row = await create(kind);
    const other = await create(kind);
    const changes: [status: number, method: string, path: string, json?: unknown][] = [
      [201, 'POST', path, validListing(kind)],
      [200, 'PATCH', `${path}/${row.id}`, { description: 'Salva sem esperar pelo site.' }],
      [200, 'PATCH', `${path}/${row.id}/quick`, { price: 120 }],
      [200, 'POST', `${path}/${row.id}/lists/pinned`, { included: true }],
      [200, 'POST', `${path}/bulk`, { action: 'unpin', ids: [row.id] }],
      [200, 'DELETE', `${path}/${other.id}`],
    ];
    for (const [status, method, changed, json] of changes) {
      await site.clear();
      await site.hold();
      const reply = await expectReply(status, method, changed, { token, json });
      // Its call reached the site Worker, which holds it unanswered.
      await until(
        () => site.calls(),
        (calls) => calls.length === 1,
        'a chamada não chegou',
      );
      await site.release();
      // Only now does the render end, and it rendered: a route that waited for it before its
      // answer would have answered only after both attempts ran out of time, failed.
      expect(await renderEnd(reply)).toMatchObject({ message: 'site pages rendered' });
    }
  });

  it('a site Worker that fails changes neither the answer nor the data', async () => {
    const row = await create(kind);
    await site.clear();
    await site.fail();
    const reply = await expectReply<Row>(200, 'PATCH', `${path}/${row.id}`, {
      token,
      json: { description: 'Descrição salva mesmo que o site falhe.' },
    });
    const edited = reply.body;
    expect(edited.description).toBe('Descrição salva mesmo que o site falhe.');
    expect(await stored(kind, row.id)).toEqual(edited);
    // It was asked, threw, and was asked once more: the render's last attempt failed, and said so.
    expect(await renderEnd(reply)).toMatchObject({
      level: 'error',
      message: 'site pages render failed',
    });
    expect(await site.calls()).toEqual([
      [{ kind, slugs: [row.slug] }],
      [{ kind, slugs: [row.slug] }],
    ]);
    await site.clear();
  });
});
