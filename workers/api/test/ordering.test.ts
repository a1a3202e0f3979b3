// The ordered lists, featured and pinned, through the database's atomic functions
// (POST /api/{kind}/:id/lists/:list and …/move): the featured limit at its edge (the 4th accepted,
// the 5th refused), contiguous positions, moves at the ends, unknown items and lists.
import { FEATURED_LIMIT, LISTING_TABLE, listLimitMessage } from '@guia-fortim/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, expectCall, rows, snapshot } from './support/client.ts';
import { KIND_PATH, KINDS, validListing } from './support/fixtures.ts';

let token: string;
beforeAll(async () => {
  token = (await admin()).token;
});

const MISSING_ID = '00000000-0000-4000-8000-0000000000aa';

describe.each(KINDS)('%s', (kind) => {
  const path = KIND_PATH[kind];
  const table = LISTING_TABLE[kind];
  const ids: string[] = [];

  const featuredOrder = async () =>
    (
      await rows(table, 'is_featured=eq.true&order=featured_order.asc&select=id,featured_order')
    ).map((r: { id: string; featured_order: number }) => [r.id, r.featured_order]);
  const pinnedOrder = async () =>
    (await rows(table, 'is_pinned=eq.true&order=pin_order.asc&select=id,pin_order')).map(
      (r: { id: string; pin_order: number }) => [r.id, r.pin_order],
    );
  const post = (id: string, suffix: string, json: unknown) =>
    api('POST', `${path}/${id}/${suffix}`, { token, json });
  /** A change that must succeed: its body. */
  const done = (id: string, suffix: string, json: unknown) =>
    expectCall(200, 'POST', `${path}/${id}/${suffix}`, { token, json });

  beforeAll(async () => {
    // Start from no featured and no pinned items of this kind.
    for (const [id] of await featuredOrder())
      await done(id as string, 'lists/featured', { included: false });
    for (const [id] of await pinnedOrder())
      await done(id as string, 'lists/pinned', { included: false });
    expect([await featuredOrder(), await pinnedOrder()]).toEqual([[], []]);
    for (let i = 0; i < 5; i++) {
      ids.push((await expectCall(201, 'POST', path, { token, json: validListing(kind) })).id);
    }
  });

  it('features up to 4 items in order, then refuses a fifth and changes nothing', async () => {
    for (const [position, id] of ids.slice(0, 4).entries()) {
      const reply = await post(id, 'lists/featured', { included: true });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ id, is_featured: true, featured_order: position });
    }
    const before = await snapshot();
    const fifth = await post(ids[4] as string, 'lists/featured', { included: true });
    expect(fifth.status).toBe(409);
    // At 4, 'Limite atingido' / 'Você já tem 4 itens em destaque. Remova um
    // antes de adicionar outro.'
    expect(fifth.body.error).toEqual({
      code: 'featured_limit',
      message: 'Você já tem 4 itens em destaque. Remova um antes de adicionar outro.',
    });
    // The database's sentence is the domain's, which the panel shows before asking.
    expect(fifth.body.error.message).toBe(listLimitMessage(FEATURED_LIMIT));
    expect(await snapshot()).toEqual(before);
  });

  it('moves featured items up and down; the ends do not move', async () => {
    const [a, b, c, d] = ids as [string, string, string, string];
    expect((await done(b, 'lists/featured/move', { direction: 'up' })).featured_order).toBe(0);
    expect(await featuredOrder()).toEqual([
      [b, 0],
      [a, 1],
      [c, 2],
      [d, 3],
    ]);
    expect((await done(b, 'lists/featured/move', { direction: 'up' })).featured_order).toBe(0);
    expect((await done(d, 'lists/featured/move', { direction: 'down' })).featured_order).toBe(3);
    expect(await done(a, 'lists/featured/move', { direction: 'down' })).toEqual({
      id: a,
      is_featured: true,
      featured_order: 2,
    });
    expect(await featuredOrder()).toEqual([
      [b, 0],
      [c, 1],
      [a, 2],
      [d, 3],
    ]);
  });

  it('removes an item from the featured list and renumbers the rest', async () => {
    const [a, b, c, d] = ids as [string, string, string, string];
    expect(await done(c, 'lists/featured', { included: false })).toEqual({
      id: c,
      is_featured: false,
      featured_order: 0,
    });
    expect(await featuredOrder()).toEqual([
      [b, 0],
      [a, 1],
      [d, 2],
    ]);
    const notFeatured = await post(c, 'lists/featured/move', { direction: 'up' });
    expect(notFeatured.status).toBe(409);
    expect(notFeatured.body.error).toEqual({
      code: 'not_featured',
      message: 'O item não está em destaque.',
    });
  });

  it('pins items 1..n, moves them and renumbers on unpin', async () => {
    const [a, b, c] = ids as [string, string, string];
    for (const [i, id] of [a, b, c].entries()) {
      expect(await done(id, 'lists/pinned', { included: true })).toEqual({
        id,
        is_pinned: true,
        pin_order: i + 1,
      });
    }
    expect((await done(c, 'lists/pinned/move', { direction: 'up' })).pin_order).toBe(2);
    expect((await done(a, 'lists/pinned/move', { direction: 'up' })).pin_order).toBe(1);
    expect(await pinnedOrder()).toEqual([
      [a, 1],
      [c, 2],
      [b, 3],
    ]);
    expect(await done(a, 'lists/pinned', { included: false })).toEqual({
      id: a,
      is_pinned: false,
      pin_order: 0,
    });
    expect(await pinnedOrder()).toEqual([
      [c, 1],
      [b, 2],
    ]);
    const notPinned = await post(a, 'lists/pinned/move', { direction: 'down' });
    expect(notPinned.status).toBe(409);
    expect(notPinned.body.error).toEqual({
      code: 'not_pinned',
      message: 'O item não está fixado no topo.',
    });
  });

  it('refuses unknown items, lists, bad directions and bad flags without changing anything', async () => {
    const before = await snapshot();
    const unknown = await post(MISSING_ID, 'lists/featured', { included: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'Item não encontrado.' });
    expect((await post(MISSING_ID, 'lists/pinned/move', { direction: 'up' })).status).toBe(404);
    const direction = await post(ids[0] as string, 'lists/featured/move', { direction: 'left' });
    expect([direction.status, direction.body.error.message]).toEqual([
      400,
      'Direção inválida. Use up ou down.',
    ]);
    for (const suffix of ['lists/destaques', 'lists/Featured/move', 'lists/pinned-top']) {
      const json = suffix.endsWith('/move') ? { direction: 'up' } : { included: true };
      const list = await post(ids[0] as string, suffix, json);
      expect([suffix, list.status, list.body.error]).toEqual([
        suffix,
        400,
        {
          code: 'invalid_data',
          message: 'Lista inválida. Use featured ou pinned.',
          fields: { list: 'Lista inválida. Use featured ou pinned.' },
        },
      ]);
    }
    // The old routes are gone.
    expect((await post(ids[0] as string, 'featured', { featured: true })).status).toBe(404);
    const flag = await post(ids[0] as string, 'lists/pinned', { included: 'sim' });
    expect(flag.status).toBe(400);
    const extra = await post(ids[0] as string, 'lists/featured', {
      included: true,
      kind: 'passeio',
    });
    expect([extra.status, extra.body.error.message]).toEqual([400, 'Campo não permitido: kind.']);
    expect(await snapshot()).toEqual(before);
  });

  it('closes the gap when a featured or pinned listing is deleted', async () => {
    const [, b] = ids as [string, string];
    await expectCall(200, 'DELETE', `${path}/${b}`, { token });
    expect((await featuredOrder()).map(([, order]) => order)).toEqual([0, 1]);
    expect((await pinnedOrder()).map(([, order]) => order)).toEqual([1]);
  });
});
