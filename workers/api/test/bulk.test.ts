// The lists' bulk actions: several listings of one kind featured, pinned or deleted in one request,
// by the rules one at a time follows (the cap of 4 featured, contiguous order), all or nothing; the
// answer names the items that changed, which is what the panel's 'Desfazer' puts back.
import { LISTING_BULK_MAX, LISTING_TABLE } from '@guia-fortim/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, expectCall, rows, snapshot, trashItem } from './support/client.ts';
import { KIND_PATH, KINDS, validListing } from './support/fixtures.ts';

let token: string;
beforeAll(async () => {
  token = (await admin()).token;
});

const MISSING_ID = '00000000-0000-4000-8000-0000000000bb';

describe.each(KINDS)('%s', (kind) => {
  const path = KIND_PATH[kind];
  const table = LISTING_TABLE[kind];
  const ids: string[] = [];
  const order = async (flag: 'is_featured' | 'is_pinned', position: string) =>
    (await rows(table, `${flag}=eq.true&order=${position}.asc&select=id,${position}`)).map(
      (row: Record<string, unknown>) => [row.id, row[position]],
    );
  const featuredOrder = () => order('is_featured', 'featured_order');
  const pinnedOrder = () => order('is_pinned', 'pin_order');
  const bulk = (json: unknown) => api('POST', `${path}/bulk`, { token, json });

  beforeAll(async () => {
    // No featured or pinned item of this kind to start with; six new ones.
    const [featured, pinned] = [await featuredOrder(), await pinnedOrder()];
    for (const [id] of featured) {
      await expectCall(200, 'POST', `${path}/${id}/lists/featured`, {
        token,
        json: { included: false },
      });
    }
    for (const [id] of pinned) {
      await expectCall(200, 'POST', `${path}/${id}/lists/pinned`, {
        token,
        json: { included: false },
      });
    }
    for (let i = 0; i < 6; i++) {
      ids.push((await expectCall(201, 'POST', path, { token, json: validListing(kind) })).id);
    }
  });

  it('features several in the order given, up to 4; past the cap the whole request is refused', async () => {
    const [a, b, c, d, e] = ids as [string, string, string, string, string];
    await expectCall(200, 'POST', `${path}/${a}/lists/featured`, {
      token,
      json: { included: true },
    });
    // An item featured already stays where it is and is not among those changed.
    const reply = await bulk({ action: 'feature', ids: [c, a, b] });
    expect([reply.status, reply.body]).toEqual([200, { action: 'feature', ids: [c, b] }]);
    expect(await featuredOrder()).toEqual([
      [a, 0],
      [c, 1],
      [b, 2],
    ]);
    const before = await snapshot();
    const over = await bulk({ action: 'feature', ids: [d, e] });
    expect([over.status, over.body.error]).toEqual([
      409,
      {
        code: 'featured_limit',
        message: 'Você já tem 4 itens em destaque. Remova um antes de adicionar outro.',
      },
    ]);
    expect(await snapshot()).toEqual(before);
    // Exactly the fourth.
    expect((await bulk({ action: 'feature', ids: [d] })).body).toEqual({
      action: 'feature',
      ids: [d],
    });
    const off = await bulk({ action: 'unfeature', ids: [c, a, e] });
    expect([off.status, off.body]).toEqual([200, { action: 'unfeature', ids: [c, a] }]);
    expect(await featuredOrder()).toEqual([
      [b, 0],
      [d, 1],
    ]);
  });

  it('pins several after the pinned ones in the order given; unpinning renumbers 1..n', async () => {
    const [a, b, c, d] = ids as [string, string, string, string];
    await expectCall(200, 'POST', `${path}/${d}/lists/pinned`, { token, json: { included: true } });
    const reply = await bulk({ action: 'pin', ids: [b, a, c] });
    expect([reply.status, reply.body]).toEqual([200, { action: 'pin', ids: [b, a, c] }]);
    expect(await pinnedOrder()).toEqual([
      [d, 1],
      [b, 2],
      [a, 3],
      [c, 4],
    ]);
    const off = await bulk({ action: 'unpin', ids: [d, a] });
    expect(off.body).toEqual({ action: 'unpin', ids: [d, a] });
    expect(await pinnedOrder()).toEqual([
      [b, 1],
      [c, 2],
    ]);
    // As many ids as a request may carry; none of them changes (a is not pinned any more).
    const most = Array.from({ length: LISTING_BULK_MAX }, () => a);
    expect((await bulk({ action: 'unpin', ids: most })).body).toEqual({ action: 'unpin', ids: [] });
  });

  it('deletes several into the trash (unknown ids aside); the orders close up', async () => {
    const [, b, c] = ids as [string, string, string];
    const reply = await bulk({ action: 'delete', ids: [b, MISSING_ID, c] });
    expect([reply.status, reply.body]).toEqual([200, { action: 'delete', ids: [b, c] }]);
    expect(await rows(table, `id=in.(${b},${c})`)).toEqual([]);
    expect((await trashItem(table, b))?.row_id).toBe(b);
    expect((await trashItem(table, c))?.row_id).toBe(c);
    expect((await featuredOrder()).map(([, position]) => position)).toEqual([0]);
    expect(await pinnedOrder()).toEqual([]);
  });

  it('refuses bad requests and unknown items, changing nothing', async () => {
    const [a] = ids as [string];
    const before = await snapshot();
    const unknown = await bulk({ action: 'pin', ids: [a, MISSING_ID] });
    expect([unknown.status, unknown.body.error]).toEqual([
      404,
      { code: 'not_found', message: 'Item não encontrado.' },
    ]);
    expect((await bulk({ action: 'delete', ids: [MISSING_ID] })).status).toBe(404);
    const tooMany = Array.from({ length: LISTING_BULK_MAX + 1 }, () => a);
    for (const [json, message] of [
      [{ action: 'destacar', ids: [a] }, 'Ação em lote inválida.'],
      [{ ids: [a] }, 'Por favor, preencha todos os campos obrigatórios.'],
      [{ action: 'pin', ids: [] }, `Selecione de 1 a ${LISTING_BULK_MAX} itens.`],
      [{ action: 'pin', ids: tooMany }, `Selecione de 1 a ${LISTING_BULK_MAX} itens.`],
      [{ action: 'pin', ids: ['x'] }, 'Identificador inválido.'],
      [{ action: 'pin', ids: [a], kind: 'passeio' }, 'Campo não permitido: kind.'],
    ] as const) {
      const reply = await bulk(json);
      expect([json, reply.status, reply.body.error?.message]).toEqual([json, 400, message]);
    }
    expect(await snapshot()).toEqual(before);
  });
});
