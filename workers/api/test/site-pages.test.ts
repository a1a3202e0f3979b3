// After an admin's change to listings the worker asks the site Worker (its SITE_PAGES binding, the
// PageRenderer entrypoint) to render the pages that show them, after the answer. Without a site
// Worker, or with one that fails, the answer and the saved data are exactly what they were; with
// one (a stand-in that records its calls: support/site-worker.ts, found through wrangler's dev
// registry as the real one is), each route sends the exact kind and slugs of what it changed, and
// a refused or failed change sends nothing.
import { LISTING_TABLE, type ListingKind, type ListingPagesChange } from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, expectCall, historyOf, newUser, rows, stack } from './support/client.ts';
import { MISSING_TRASH_ID } from './support/endpoints.ts';
import { newClientAddress } from './support/events.ts';
import { KIND_PATH, validListing, validSlide } from './support/fixtures.ts';
import { type SiteWorker, startSiteWorker } from './support/site-worker.ts';

type Row = { id: string; slug: string; name: string } & Record<string, unknown>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let token: string;
beforeAll(async () => {
  token = (await admin()).token;
});

const create = (kind: ListingKind): Promise<Row> =>
  expectCall(201, 'POST', KIND_PATH[kind], { token, json: validListing(kind) });

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
  it('every listing change answers and saves as it did, without waiting for one', async () => {
    const kind: ListingKind = 'passeio';
    const path = KIND_PATH[kind];
    const started = Date.now();
    const a = await create(kind);
    const b = await create(kind);
    expect(await stored(kind, a.id)).toEqual(a);

    const renamed = await expectCall<Row>(200, 'PATCH', `${path}/${a.id}`, {
      token,
      json: { name: `${a.name} (novo nome)` },
    });
    expect(renamed.name).toBe(`${a.name} (novo nome)`);
    expect(await stored(kind, a.id)).toEqual(renamed);

    const quick = await expectCall<Row>(200, 'PATCH', `${path}/${a.id}/quick`, {
      token,
      json: { price: 99 },
    });
    expect(await stored(kind, a.id)).toEqual(quick);

    expect(
      await expectCall(200, 'POST', `${path}/${a.id}/lists/pinned`, {
        token,
        json: { included: true },
      }),
    ).toMatchObject({ id: a.id, is_pinned: true });
    expect(
      await expectCall(200, 'POST', `${path}/bulk`, {
        token,
        json: { action: 'unpin', ids: [a.id] },
      }),
    ).toEqual({ action: 'unpin', ids: [a.id] });

    expect(await expectCall(200, 'DELETE', `${path}/${b.id}`, { token })).toEqual(b);
    expect(await stored(kind, b.id)).toBeUndefined();
    const restored = await expectCall(
      200,
      'POST',
      `/api/trash/${await trashIdOf(kind, b.id)}/restore`,
      {
        token,
      },
    );
    expect(restored).toEqual({ table_name: LISTING_TABLE[kind], id: b.id, notices: [] });
    expect((await stored(kind, b.id))?.slug).toBe(b.slug);

    expect(
      await expectCall(200, 'POST', `${path}/bulk`, {
        token,
        json: { action: 'delete', ids: [a.id, b.id] },
      }),
    ).toEqual({ action: 'delete', ids: [a.id, b.id] });
    expect([await stored(kind, a.id), await stored(kind, b.id)]).toEqual([undefined, undefined]);
    // Each change answered at once: nothing waited on a site Worker that is not there.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('with the site Worker', () => {
  let site: SiteWorker;
  const kind: ListingKind = 'hospedagem';
  const path = KIND_PATH[kind];

  /** The calls received after `action`, waiting until `count` arrived (and a moment for more). */
  async function callsAfter(
    action: () => Promise<unknown>,
    count = 1,
  ): Promise<ListingPagesChange[][]> {
    await site.clear();
    await action();
    const deadline = Date.now() + 15_000;
    while ((await site.calls()).length < count) {
      if (Date.now() > deadline) {
        throw new Error(`${count} chamada(s) esperada(s): ${JSON.stringify(await site.calls())}`);
      }
      await sleep(100);
    }
    await sleep(500);
    return site.calls();
  }

  /** The calls after `action` and a change known to send one (the marker) after it. */
  async function callsBeforeMarker(action: () => Promise<unknown>): Promise<unknown[]> {
    const marker = await create('comercio');
    const calls = await callsAfter(async () => {
      await action();
      await expectCall(200, 'PATCH', `${KIND_PATH.comercio}/${marker.id}/quick`, {
        token,
        json: { rating: 4 },
      });
    });
    const markerCall = [{ kind: 'comercio', slugs: [marker.slug] }];
    expect(calls.at(-1)).toEqual(markerCall);
    return calls.slice(0, -1);
  }

  beforeAll(async () => {
    site = await startSiteWorker(stack.registryDir);
    // The worker finds it in the dev registry a moment after it starts: a change until one is
    // received.
    const probe = await create('comercio');
    const deadline = Date.now() + 60_000;
    for (;;) {
      await expectCall(200, 'PATCH', `${KIND_PATH.comercio}/${probe.id}/quick`, {
        token,
        json: { rating: 3 },
      });
      await sleep(1_000);
      if ((await site.calls()).length > 0) break;
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
      await callsBeforeMarker(async () => {
        const written = await api('POST', '/api/reviews', {
          token: visitor.token,
          headers: { 'CF-Connecting-IP': newClientAddress() },
          json: { kind, listing_id: row.id, rating: 5, comment: 'Vista linda.' },
        });
        expect(written.status).toBe(201);
        id = written.body.review.id;
      }),
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
    const calls = await callsBeforeMarker(async () => {
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
    });
    expect(calls).toEqual([]);
  });

  it('a site Worker that fails changes neither the answer nor the data', async () => {
    const row = await create(kind);
    await site.clear();
    await site.fail();
    const edited = await expectCall<Row>(200, 'PATCH', `${path}/${row.id}`, {
      token,
      json: { description: 'Descrição salva mesmo que o site falhe.' },
    });
    expect(edited.description).toBe('Descrição salva mesmo que o site falhe.');
    expect(await stored(kind, row.id)).toEqual(edited);
    // it was asked, threw, and was asked once more
    const deadline = Date.now() + 15_000;
    while ((await site.calls()).length < 2 && Date.now() < deadline) await sleep(100);
    expect(await site.calls()).toEqual([
      [{ kind, slugs: [row.slug] }],
      [{ kind, slugs: [row.slug] }],
    ]);
    await site.clear();
  });
});
