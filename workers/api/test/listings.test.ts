// Hospedagens, comercios and passeios: create, update, quick edit and delete through the worker,
// against db/local with the admin's own token.
import { DEFAULT_IMAGE_STYLES, LISTING_TABLE, MESSAGES } from '@guia-fortim/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, rows, snapshot } from './support/client.ts';
import { KIND_PATH, KINDS, REQUIRED_FIELDS, validListing } from './support/fixtures.ts';

let token: string;
beforeAll(async () => {
  token = (await admin()).token;
});

const BLANK: Record<string, unknown> = { categorias: ['  '], price: null };

const INCOMPLETE = { code: 'incomplete_fields', message: MESSAGES.required };

describe.each(KINDS)('%s', (kind) => {
  const path = KIND_PATH[kind];
  const table = LISTING_TABLE[kind];

  it('creates a listing: slug, defaults, phone digits, amenities and blank coordinates', async () => {
    const payload = {
      ...validListing(kind),
      name: 'Recanto  São João',
      amenities: [' Wi-Fi ', '', 'wi-fi', 'Piscina', '   '],
      latitude: null,
    };
    const reply = await api('POST', path, { token, json: payload });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      name: 'Recanto  São João',
      phone: '5588999991234',
      rating: 4.5,
      amenities: ['Wi-Fi', 'Piscina'],
      additional_images: [],
      latitude: 0,
      longitude: 0,
      image_styles: DEFAULT_IMAGE_STYLES,
      is_featured: false,
      is_pinned: false,
    });
    expect(reply.body.slug).toMatch(/^recanto-sao-joao(-\d+)?$/);
    const [stored] = await rows(table, `id=eq.${reply.body.id}`);
    expect(stored).toEqual(reply.body);
  });

  it('gives a second listing with the same name its own slug', async () => {
    const payload = { ...validListing(kind), name: `Mesmo Nome ${kind}` };
    const first = await api('POST', path, { token, json: payload });
    const second = await api('POST', path, { token, json: payload });
    expect(first.body.slug).toBe(`mesmo-nome-${kind}`);
    expect(second.body.slug).toBe(`mesmo-nome-${kind}-2`);
  });

  it("refuses each missing required field with 'Campos incompletos' and changes nothing", async () => {
    const before = await snapshot();
    for (const field of REQUIRED_FIELDS[kind]) {
      const payload = validListing(kind);
      delete payload[field];
      const missing = await api('POST', path, { token, json: payload });
      expect([field, missing.status]).toEqual([field, 400]);
      expect(missing.body.error).toMatchObject(INCOMPLETE);
      expect(missing.body.error.fields[field]).toBe(MESSAGES.required);

      const blank = await api('POST', path, {
        token,
        json: { ...validListing(kind), [field]: BLANK[field] ?? '   ' },
      });
      expect([field, blank.status]).toEqual([field, 400]);
      expect([field, blank.body.error.code]).toEqual([field, 'incomplete_fields']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses each bad value with its Portuguese message and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 5.5 }, MESSAGES.rating],
      [{ rating: 'cinco' }, MESSAGES.rating],
      [{ phone: '12345' }, MESSAGES.phone],
      [{ image_url: 'javascript:alert(1)' }, MESSAGES.imageUrl],
      [{ image_url: '//evil.example.com/x.jpg' }, MESSAGES.imageUrl],
      [{ additional_images: ['/a.jpg', '/b.jpg', '/c.jpg', '/d.jpg'] }, MESSAGES.tooManyImages(3)],
      [{ latitude: 91 }, MESSAGES.latitude],
      [{ longitude: -180.5 }, MESSAGES.longitude],
      [{ name: 'x'.repeat(121) }, MESSAGES.tooLong('O nome', 120)],
      [{ image_styles: { scale: 10 } }, MESSAGES.imageStyles],
      [{ slug: 'meu-slug' }, MESSAGES.unknownField(['slug'])],
      [{ is_featured: true }, MESSAGES.unknownField(['is_featured'])],
      [{ amenities: 'Wi-Fi, Piscina' }, MESSAGES.invalidPayload],
    ];
    if (kind !== 'comercio') {
      cases.push([{ price: -1 }, MESSAGES.price], [{ price: '100' }, MESSAGES.price]);
    }
    const before = await snapshot();
    for (const [change, message] of cases) {
      const reply = await api('POST', path, { token, json: { ...validListing(kind), ...change } });
      expect([change, reply.status]).toEqual([change, 400]);
      expect([change, reply.body.error]).toMatchObject([change, { code: 'invalid_data', message }]);
    }
    for (const body of [null, [], 'texto', 42]) {
      const reply = await api('POST', path, { token, json: body });
      expect(reply.status).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('updates only the fields sent and keeps the slug', async () => {
    const created = (await api('POST', path, { token, json: validListing(kind) })).body;
    const reply = await api('PATCH', `${path}/${created.id}`, {
      token,
      json: { name: 'Nome Atualizado', description: '  Nova descrição  ', amenities: ['TV'] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: created.id,
      slug: created.slug,
      name: 'Nome Atualizado',
      description: 'Nova descrição',
      amenities: ['TV'],
      phone: created.phone,
    });
    expect(reply.body.updated_at > created.updated_at).toBe(true);
    const [stored] = await rows(table, `id=eq.${created.id}`);
    expect(stored).toEqual(reply.body);
  });

  it('refuses empty, blank, unknown-id and malformed-id updates', async () => {
    const created = (await api('POST', path, { token, json: validListing(kind) })).body;
    const before = await snapshot();
    const empty = await api('PATCH', `${path}/${created.id}`, { token, json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(MESSAGES.nothingToUpdate);
    const blank = await api('PATCH', `${path}/${created.id}`, { token, json: { name: ' ' } });
    expect(blank.body.error).toMatchObject(INCOMPLETE);
    const unknown = await api('PATCH', `${path}/00000000-0000-4000-8000-000000000000`, {
      token,
      json: { name: 'Fantasma' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'Item não encontrado.' });
    const malformed = await api('PATCH', `${path}/123`, { token, json: { name: 'X' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe(MESSAGES.id);
    expect(await snapshot()).toEqual(before);
  });

  it('quick-edits the rating, clamped to 0–5 and 0 when not a number', async () => {
    const created = (await api('POST', path, { token, json: validListing(kind) })).body;
    const quick = (json: unknown) => api('PATCH', `${path}/${created.id}/quick`, { token, json });
    expect((await quick({ rating: 7 })).body.rating).toBe(5);
    expect((await quick({ rating: -2 })).body.rating).toBe(0);
    expect((await quick({ rating: '4.2' })).body.rating).toBe(4.2);
    expect((await quick({ rating: 'abc' })).body.rating).toBe(0);
    expect((await quick({ rating: 3.6 })).body.rating).toBe(3.6);
    const [stored] = await rows(table, `id=eq.${created.id}`);
    expect(stored.rating).toBe(3.6);
    const empty = await quick({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(MESSAGES.nothingToUpdate);
    const extra = await quick({ rating: 4, name: 'Outro' });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toBe(MESSAGES.unknownField(['name']));
    if (kind === 'comercio') {
      const price = await quick({ price: 10 });
      expect(price.body.error.message).toBe(MESSAGES.unknownField(['price']));
    } else {
      expect((await quick({ price: 99.9 })).body.price).toBe(99.9);
      expect((await quick({ price: -5 })).body.error.message).toBe(MESSAGES.price);
    }
  });

  it('deletes a listing once; the second time it is not found', async () => {
    const created = (await api('POST', path, { token, json: validListing(kind) })).body;
    const reply = await api('DELETE', `${path}/${created.id}`, { token });
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(created.id);
    expect(await rows(table, `id=eq.${created.id}`)).toEqual([]);
    const again = await api('DELETE', `${path}/${created.id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found');
  });
});
