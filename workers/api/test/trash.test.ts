// The trash and the history through the worker: a delete moves the row into the trash,
// 'Restaurar' brings it back whole (same id, slug, place among the featured and pinned) and asks
// for a rebuild; 'Excluir definitivamente' ends it and frees its photos unless something else
// still shows them; 'Restaurar esta versão' puts a row back to a recorded version. Admins only,
// Portuguese refusals, nothing changed on failure.
import { LISTING_TABLE } from '@guia-fortim/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  api,
  expectCall,
  historyOf,
  newUser,
  PORTUGUESE_403,
  r2Keys,
  rows,
  snapshot,
  stack,
  trashItem,
} from './support/client.ts';
import { MISSING_HISTORY_ID, MISSING_TRASH_ID } from './support/endpoints.ts';
import { KIND_PATH, validListing, validSlide } from './support/fixtures.ts';
import { photo } from './support/photos.ts';
import {
  every,
  keyOf,
  OBJECTS_PER_PHOTO,
  photoObjects,
  statuses,
  type Variants,
} from './support/stored.ts';

let token: string;
let jpeg: Buffer;
beforeAll(async () => {
  token = (await admin()).token;
  jpeg = await photo({ width: 320, height: 240 });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function upload(folder: string): Promise<Variants> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
  return expectCall(201, 'POST', `/api/images?folder=${folder}`, { token, body: form });
}

const restore = (trashId: string) => api('POST', `/api/trash/${trashId}/restore`, { token });
const purge = (trashId: string) => api('DELETE', `/api/trash/${trashId}`, { token });

const publishState = () => expectCall(200, 'GET', '/api/publish', { token });

/** Waits until the Publisher was asked for a rebuild at `since` or later (it runs in waitUntil). */
async function rebuildRequestedSince(since: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const state = await publishState();
    if (state.requestedAt && Date.parse(state.requestedAt) >= since) return state;
    if (Date.now() > deadline)
      throw new Error(`nenhuma publicação pedida: ${JSON.stringify(state)}`);
    await sleep(100);
  }
}

/** A row as restore must give it back (updated_at may move). */
const comparable = ({ updated_at: _, ...row }: Record<string, unknown>) => row;

describe('the trash', () => {
  it('a deleted listing leaves its table for the trash, and comes back with its id and slug', async () => {
    const table = LISTING_TABLE.hospedagem;
    const created = await expectCall(201, 'POST', KIND_PATH.hospedagem, {
      token,
      json: validListing('hospedagem'),
    });
    const [live] = await rows(table, `id=eq.${created.id}`);
    const deletedAt = Date.now();
    await expectCall(200, 'DELETE', `${KIND_PATH.hospedagem}/${created.id}`, { token });
    await rebuildRequestedSince(deletedAt);
    expect(await rows(table, `id=eq.${created.id}`)).toEqual([]);
    const item = await trashItem(table, created.id);
    expect(item).toMatchObject({ table_name: table, row_id: created.id, label: created.name });
    expect(comparable(item.data)).toEqual(comparable(live));
    // The admin reads the trash with their own token too (row-level security: admins only).
    const own = await fetch(`${stack.supabaseUrl}/rest/v1/trash?id=eq.${item.id}`, {
      headers: { apikey: stack.publishableKey, Authorization: `Bearer ${token}` },
    });
    expect((await own.json()).map((t: { id: string }) => t.id)).toEqual([item.id]);

    const restoredAt = Date.now();
    const reply = await restore(item.id);
    expect([reply.status, reply.body]).toEqual([
      200,
      { table_name: table, id: created.id, notices: [] },
    ]);
    const [back] = await rows(table, `id=eq.${created.id}`);
    expect(comparable(back)).toEqual(comparable(live));
    expect(back.slug).toBe(created.slug);
    expect(await trashItem(table, created.id)).toBeUndefined();
    // The site must show it again.
    await rebuildRequestedSince(restoredAt);
    // Restored once: the trash item is gone.
    const again = await restore(item.id);
    expect([again.status, again.body.error]).toEqual([
      404,
      { code: 'not_found', message: 'Item não encontrado.' },
    ]);
  });

  it('says so when the old address was taken meanwhile', async () => {
    const path = KIND_PATH.comercio;
    const payload = validListing('comercio');
    const first = await expectCall(201, 'POST', path, { token, json: payload });
    await expectCall(200, 'DELETE', `${path}/${first.id}`, { token });
    // Same name: the free address goes to the new listing.
    const second = await expectCall(201, 'POST', path, { token, json: payload });
    expect(second.slug).toBe(first.slug);
    const reply = await restore((await trashItem('comercios', first.id)).id);
    expect([reply.status, reply.body.notices]).toEqual([
      200,
      ['O endereço antigo da página foi usado por outro item.'],
    ]);
    const [back] = await rows('comercios', `id=eq.${first.id}`);
    expect(back.slug).not.toBe(first.slug);
    expect(back.slug.startsWith(first.slug)).toBe(true);
  });

  it('restores a slide and a category as they were', async () => {
    await expectCall(201, 'POST', '/api/slides', { token, json: validSlide() });
    const slide = await expectCall(201, 'POST', '/api/slides', { token, json: validSlide() });
    const category = await expectCall(201, 'POST', '/api/categories', {
      token,
      json: { name: `Lixeira ${Date.now()}`, type: 'comercio' },
    });
    await expectCall(200, 'DELETE', `/api/slides/${slide.id}`, { token });
    await expectCall(200, 'DELETE', `/api/categories/${category.id}`, { token });
    for (const [table, row] of [
      ['carousel_slides', slide],
      ['categories', category],
    ] as const) {
      expect(await rows(table, `id=eq.${row.id}`)).toEqual([]);
      const item = await trashItem(table, row.id);
      const reply = await restore(item.id);
      expect([reply.status, reply.body]).toEqual([
        200,
        { table_name: table, id: row.id, notices: [] },
      ]);
      const [back] = await rows(table, `id=eq.${row.id}`);
      expect(comparable(back)).toEqual(comparable(row));
    }
  });

  it('a listing that was featured and pinned returns to its place in both lists', async () => {
    const kind = 'passeio';
    const table = LISTING_TABLE[kind];
    const path = KIND_PATH[kind];
    const order = async () =>
      Object.fromEntries(
        (await rows(table, 'or=(is_featured.eq.true,is_pinned.eq.true)&select=*')).map((r) => [
          r.id,
          [r.featured_order, r.pin_order],
        ]),
      );
    for (const { id } of await rows(table, 'is_featured=eq.true&select=id')) {
      await expectCall(200, 'POST', `${path}/${id}/lists/featured`, {
        token,
        json: { included: false },
      });
    }
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await expectCall(201, 'POST', path, { token, json: validListing(kind) });
      await expectCall(200, 'POST', `${path}/${id}/lists/featured`, {
        token,
        json: { included: true },
      });
      await expectCall(200, 'POST', `${path}/${id}/lists/pinned`, {
        token,
        json: { included: true },
      });
      ids.push(id);
    }
    const before = await order();
    const [first, middle, last] = ids as [string, string, string];
    expect([before[first]?.[0], before[middle]?.[0], before[last]?.[0]]).toEqual([0, 1, 2]);

    await expectCall(200, 'DELETE', `${path}/${middle}`, { token });
    const gapClosed = await order();
    expect([gapClosed[first]?.[0], gapClosed[last]?.[0]]).toEqual([0, 1]);
    expect(gapClosed[last]?.[1]).toBe((before[last]?.[1] ?? 0) - 1);

    const reply = await restore((await trashItem(table, middle)).id);
    expect([reply.status, reply.body.notices]).toEqual([200, []]);
    expect(await order()).toEqual(before);
  });

  it("'Excluir definitivamente' removes the item from the trash and its photos from R2, replaced ones too", async () => {
    const [first, extra, second] = [
      await upload('hospedagens'),
      await upload('hospedagens'),
      await upload('hospedagens'),
    ];
    const table = LISTING_TABLE.hospedagem;
    const listing = await expectCall(201, 'POST', KIND_PATH.hospedagem, {
      token,
      json: {
        ...validListing('hospedagem'),
        image_url: first.hero,
        additional_images: [extra.hero],
      },
    });
    await expectCall(200, 'PATCH', `${KIND_PATH.hospedagem}/${listing.id}`, {
      token,
      json: { image_url: second.hero },
    });
    await expectCall(200, 'DELETE', `${KIND_PATH.hospedagem}/${listing.id}`, { token });
    // In the trash, with its history: every photo it ever showed is kept.
    for (const kept of [first, extra, second]) expect(await statuses(kept)).toEqual(every(200));

    const item = await trashItem(table, listing.id);
    // Every change asks the Publisher (a Durable Object) for its rebuild before it answers (the
    // request runs in waitUntil, but is sent first): its state read now takes the delete's in.
    const published = await publishState();
    const photoKeys = [first, extra, second].flatMap((p) =>
      photoObjects(p.hero).map((o) => keyOf(o.url)),
    );
    expect(photoKeys).toHaveLength(3 * OBJECTS_PER_PHOTO);
    const reply = await purge(item.id);
    expect([reply.status, reply.body]).toEqual([200, { table_name: table, id: listing.id }]);
    expect(await trashItem(table, listing.id)).toBeUndefined();
    expect(await rows(table, `id=eq.${listing.id}`)).toEqual([]);
    for (const gone of [first, extra, second]) expect(await statuses(gone)).toEqual(every(404));
    // Every object of the three photos, each size in each of its formats, left for the
    // quarantine, where it waits for the backups' reach.
    const keys = new Set(r2Keys());
    expect(photoKeys.filter((key) => keys.has(key))).toEqual([]);
    expect(photoKeys.filter((key) => !keys.has(`quarantine/${key}`))).toEqual([]);
    expect((await historyOf(table, listing.id)).map((e) => e.action)).toEqual([
      'insert',
      'update',
      'delete',
      'purge',
    ]);
    // The site never showed a trashed item: no rebuild. A purge that asked for one would have
    // sent its request to the Publisher before its answer, so the Publisher's next answer, read
    // after that answer, would carry it: the time of its last request has not moved.
    expect((await publishState()).requestedAt).toBe(published.requestedAt);

    const again = await purge(item.id);
    expect([again.status, again.body.error]).toEqual([
      404,
      { code: 'not_found', message: 'Item não encontrado.' },
    ]);
  });

  it('keeps a photo another row, the trash or a history still shows', async () => {
    const shared = await upload('comercios');
    const first = await expectCall(201, 'POST', KIND_PATH.comercio, {
      token,
      json: { ...validListing('comercio'), image_url: shared.hero },
    });
    const second = await expectCall(201, 'POST', KIND_PATH.passeio, {
      token,
      json: {
        ...validListing('passeio'),
        image_url: '/demo/x.jpg',
        additional_images: [shared.card],
      },
    });
    await expectCall(200, 'DELETE', `${KIND_PATH.comercio}/${first.id}`, { token });
    const firstItem = await trashItem('comercios', first.id);
    await expectCall(200, 'DELETE', `/api/trash/${firstItem.id}`, { token });
    // The other listing shows its card.
    expect(await statuses(shared)).toEqual(every(200));
    await expectCall(200, 'PATCH', `${KIND_PATH.passeio}/${second.id}`, {
      token,
      json: { additional_images: [] },
    });
    await expectCall(200, 'DELETE', `${KIND_PATH.passeio}/${second.id}`, { token });
    // Its history, then the trash, still show it.
    expect(await statuses(shared)).toEqual(every(200));
    await expectCall(200, 'DELETE', `/api/trash/${(await trashItem('passeios', second.id)).id}`, {
      token,
    });
    expect(await statuses(shared)).toEqual(every(404));
  });

  it('refuses to restore a category whose name was taken meanwhile (409), changing nothing', async () => {
    const name = `Mergulho ${Date.now()}`;
    const old = await expectCall(201, 'POST', '/api/categories', {
      token,
      json: { name, type: 'passeio' },
    });
    await expectCall(200, 'DELETE', `/api/categories/${old.id}`, { token });
    const taken = await expectCall(201, 'POST', '/api/categories', {
      token,
      json: { name: name.toUpperCase(), type: 'passeio' },
    });
    const item = await trashItem('categories', old.id);
    const before = await snapshot();
    const reply = await restore(item.id);
    expect([reply.status, reply.body]).toEqual([
      409,
      {
        error: {
          code: 'restore_conflict',
          message: 'Já existe uma categoria com esse nome. Renomeie-a antes de restaurar.',
        },
      },
    ]);
    expect(await snapshot()).toEqual(before);
    // Once the name is free again, it comes back.
    await expectCall(200, 'DELETE', `/api/categories/${taken.id}`, { token });
    expect((await restore(item.id)).status).toBe(200);
    expect((await rows('categories', `id=eq.${old.id}`))[0].name).toBe(name);
  });
});

describe('the history', () => {
  it("'Restaurar esta versão' brings back the first of two edits, with its photo", async () => {
    const [firstPhoto, secondPhoto] = [await upload('passeios'), await upload('passeios')];
    const path = KIND_PATH.passeio;
    const listing = await expectCall(201, 'POST', path, { token, json: validListing('passeio') });
    await expectCall(200, 'PATCH', `${path}/${listing.id}`, {
      token,
      json: { name: `${listing.name} (primeira)`, price: 150, image_url: firstPhoto.hero },
    });
    await expectCall(200, 'PATCH', `${path}/${listing.id}`, {
      token,
      json: { name: `${listing.name} (segunda)`, price: 180, image_url: secondPhoto.hero },
    });
    const entries = await historyOf('passeios', listing.id);
    expect(entries.map((e) => e.action)).toEqual(['insert', 'update', 'update']);
    const firstEdit = entries[1];
    expect(firstEdit.changed).toEqual(['image_url', 'name', 'price']);
    // The replaced photo is still stored: the history shows it.
    expect(await statuses(firstPhoto)).toEqual(every(200));

    const restoredAt = Date.now();
    const reply = await api('POST', `/api/history/${firstEdit.id}/restore`, { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: listing.id,
      slug: listing.slug,
      name: `${listing.name} (primeira)`,
      price: 150,
      image_url: firstPhoto.hero,
    });
    const [row] = await rows('passeios', `id=eq.${listing.id}`);
    expect(comparable(row)).toEqual(comparable(reply.body));
    expect((await historyOf('passeios', listing.id)).at(-1)).toMatchObject({
      action: 'revert',
      changed: ['image_url', 'name', 'price'],
    });
    await rebuildRequestedSince(restoredAt);
    expect(await statuses(firstPhoto)).toEqual(every(200));
    expect(await statuses(secondPhoto)).toEqual(every(200));
  });

  it('a deleted row must leave the trash first; a delete has no version to restore', async () => {
    const path = KIND_PATH.comercio;
    const listing = await expectCall(201, 'POST', path, { token, json: validListing('comercio') });
    await expectCall(200, 'DELETE', `${path}/${listing.id}`, { token });
    const [created, deleted] = await historyOf('comercios', listing.id);
    const before = await snapshot();
    const gone = await api('POST', `/api/history/${created.id}/restore`, { token });
    expect([gone.status, gone.body.error]).toEqual([
      404,
      { code: 'not_found', message: 'Este item não existe mais. Restaure-o da lixeira antes.' },
    ]);
    const noVersion = await api('POST', `/api/history/${deleted.id}/restore`, { token });
    expect([noVersion.status, noVersion.body.error]).toEqual([
      400,
      { code: 'invalid_data', message: 'Esta alteração não tem uma versão para restaurar.' },
    ]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('refusals', () => {
  let trashId: string;
  let historyId: number;
  beforeAll(async () => {
    const path = KIND_PATH.hospedagem;
    const listing = await expectCall(201, 'POST', path, {
      token,
      json: validListing('hospedagem'),
    });
    await expectCall(200, 'PATCH', `${path}/${listing.id}`, { token, json: { price: 99 } });
    historyId = (await historyOf('hospedagens', listing.id))[0].id;
    const other = await expectCall(201, 'POST', path, { token, json: validListing('hospedagem') });
    await expectCall(200, 'DELETE', `${path}/${other.id}`, { token });
    trashId = (await trashItem('hospedagens', other.id)).id;
  });

  const calls = (trash: string, history: string | number) =>
    [
      ['POST', `/api/trash/${trash}/restore`],
      ['DELETE', `/api/trash/${trash}`],
      ['POST', `/api/history/${history}/restore`],
    ] as const;

  it('is for administrators only (403 in Portuguese), changing nothing', async () => {
    const user = await newUser();
    const before = await snapshot();
    for (const [method, path] of calls(trashId, historyId)) {
      const reply = await api(method, path, { token: user.token });
      expect([path, reply.status, reply.body]).toEqual([
        path,
        403,
        { error: { code: 'forbidden', message: PORTUGUESE_403 } },
      ]);
      const anonymous = await api(method, path);
      expect([path, anonymous.status]).toEqual([path, 401]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed ids (400) and unknown ones (404) in Portuguese, changing nothing', async () => {
    const before = await snapshot();
    for (const bad of ['abc', '123', `${MISSING_TRASH_ID}x`, "1' or 1=1"]) {
      for (const [method, path] of calls(encodeURIComponent(bad), 1).slice(0, 2)) {
        const reply = await api(method, path, { token });
        expect([path, reply.status, reply.body.error.code, reply.body.error.message]).toEqual([
          path,
          400,
          'invalid_data',
          'Item não encontrado.',
        ]);
      }
    }
    for (const bad of ['abc', '0', '-3', '1.5', '1e400', '99999999999999999999']) {
      const path = `/api/history/${encodeURIComponent(bad)}/restore`;
      const reply = await api('POST', path, { token });
      expect([path, reply.status, reply.body.error.code, reply.body.error.message]).toEqual([
        path,
        400,
        'invalid_data',
        'Versão não encontrada.',
      ]);
    }
    const [restoreMissing, purgeMissing, versionMissing] = await Promise.all(
      calls(MISSING_TRASH_ID, MISSING_HISTORY_ID).map(([method, path]) =>
        api(method, path, { token }),
      ),
    );
    expect([restoreMissing?.status, restoreMissing?.body.error]).toEqual([
      404,
      { code: 'not_found', message: 'Item não encontrado.' },
    ]);
    expect([purgeMissing?.status, purgeMissing?.body.error]).toEqual([
      404,
      { code: 'not_found', message: 'Item não encontrado.' },
    ]);
    expect([versionMissing?.status, versionMissing?.body.error]).toEqual([
      404,
      { code: 'not_found', message: 'Versão não encontrada.' },
    ]);
    expect(await snapshot()).toEqual(before);
  });
});
