// Hospedagens, comercios and passeios: create, update, quick edit and delete through the worker,
// against db/local with the admin's own token.
import { LISTING_TABLE } from '@guia-fortim/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, expectCall, rows, snapshot, trashItem } from './support/client.ts';
import { KIND_PATH, KINDS, REQUIRED_FIELDS, validListing } from './support/fixtures.ts';

let token: string;
beforeAll(async () => {
  token = (await admin()).token;
});

const BLANK: Record<string, unknown> = { categorias: ['  '], price: null };

// Missing required fields give 'Campos incompletos' / 'Por favor, preencha
// todos os campos obrigatórios.'
const REQUIRED = 'Por favor, preencha todos os campos obrigatórios.';
const INCOMPLETE = { code: 'incomplete_fields', message: REQUIRED };
const NOTHING_TO_UPDATE = 'Nenhum campo para atualizar.';
const NOT_ALLOWED = (field: string) => `Campo não permitido: ${field}.`;
// "Price: number, minimum 0"; "Rating 0 to 5".
const PRICE = 'O preço deve ser um número maior ou igual a 0.';
const RATING = 'A avaliação deve ser um número entre 0 e 5.';

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
      rating: 4.5, // Rating 0 to 5, step 0.1, default 4.5
      amenities: ['Wi-Fi', 'Piscina'],
      additional_images: [],
      latitude: 0,
      longitude: 0,
      // Default scale 1, rotate 0, positions 50, cover.
      image_styles: { scale: 1, rotate: 0, positionX: 50, positionY: 50, objectFit: 'cover' },
      is_featured: false,
      is_pinned: false,
    });
    expect(reply.body.slug).toMatch(/^recanto-sao-joao(-\d+)?$/);
    const [stored] = await rows(table, `id=eq.${reply.body.id}`);
    expect(stored).toEqual(reply.body);
  });

  it('gives a second listing with the same name its own slug', async () => {
    const payload = { ...validListing(kind), name: `Mesmo Nome ${kind}` };
    const first = await expectCall(201, 'POST', path, { token, json: payload });
    const second = await expectCall(201, 'POST', path, { token, json: payload });
    expect(first.slug).toBe(`mesmo-nome-${kind}`);
    expect(second.slug).toBe(`mesmo-nome-${kind}-2`);
  });

  it("refuses each missing required field with 'Campos incompletos' and changes nothing", async () => {
    const before = await snapshot();
    for (const field of REQUIRED_FIELDS[kind]) {
      const payload = validListing(kind);
      delete payload[field];
      const missing = await api('POST', path, { token, json: payload });
      expect([field, missing.status]).toEqual([field, 400]);
      expect(missing.body.error).toMatchObject(INCOMPLETE);
      expect(missing.body.error.fields[field]).toBe(REQUIRED);

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
      [{ rating: 5.5 }, RATING],
      [{ rating: 'cinco' }, RATING],
      [
        { phone: '12345' },
        'Informe o WhatsApp com código do país e DDD, de 10 a 15 dígitos (ex.: 5588999999999).',
      ],
      [
        { image_url: 'javascript:alert(1)' },
        'Informe uma imagem válida (endereço http(s) ou caminho do site).',
      ],
      [
        { image_url: '//evil.example.com/x.jpg' },
        'Informe uma imagem válida (endereço http(s) ou caminho do site).',
      ],
      // 'Você pode adicionar no máximo {n} imagens.' … Extra photos at most 3.
      [
        { additional_images: ['/a.jpg', '/b.jpg', '/c.jpg', '/d.jpg'] },
        'Você pode adicionar no máximo 3 imagens.',
      ],
      [{ latitude: 91 }, 'A latitude deve estar entre -90 e 90.'],
      [{ longitude: -180.5 }, 'A longitude deve estar entre -180 e 180.'],
      [{ name: 'x'.repeat(121) }, 'O nome deve ter no máximo 120 caracteres.'],
      [{ image_styles: { scale: 10 } }, 'Ajuste de imagem inválido.'],
      [{ slug: 'meu-slug' }, NOT_ALLOWED('slug')],
      [{ is_featured: true }, NOT_ALLOWED('is_featured')],
      [{ amenities: 'Wi-Fi, Piscina' }, 'Dados inválidos.'],
    ];
    if (kind !== 'comercio') {
      cases.push([{ price: -1 }, PRICE], [{ price: '100' }, PRICE]);
    }
    const before = await snapshot();
    for (const [change, message] of cases) {
      const reply = await api('POST', path, { token, json: { ...validListing(kind), ...change } });
      expect([change, reply.status]).toEqual([change, 400]);
      expect([change, reply.body.error]).toMatchObject([change, { code: 'invalid_data', message }]);
    }
    for (const body of [null, [], 'texto', 42]) {
      const reply = await api('POST', path, { token, json: body });
      expect([body, reply.status]).toEqual([body, 400]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('updates only the fields sent and keeps the slug', async () => {
    const created = await expectCall(201, 'POST', path, { token, json: validListing(kind) });
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
    const created = await expectCall(201, 'POST', path, { token, json: validListing(kind) });
    const before = await snapshot();
    const empty = await api('PATCH', `${path}/${created.id}`, { token, json: {} });
    expect([empty.status, empty.body.error.message]).toEqual([400, NOTHING_TO_UPDATE]);
    const blank = await api('PATCH', `${path}/${created.id}`, { token, json: { name: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatchObject(INCOMPLETE);
    const unknown = await api('PATCH', `${path}/00000000-0000-4000-8000-000000000000`, {
      token,
      json: { name: 'Fantasma' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'Item não encontrado.' });
    const malformed = await api('PATCH', `${path}/123`, { token, json: { name: 'X' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe('Identificador inválido.');
    expect(await snapshot()).toEqual(before);
  });

  it('quick-edits the rating, clamped to 0–5 and 0 when not a number', async () => {
    const created = await expectCall(201, 'POST', path, { token, json: validListing(kind) });
    const quick = (json: unknown) => api('PATCH', `${path}/${created.id}/quick`, { token, json });
    // Quick edit clamps to 0-5 and uses 0 if not a number.
    const rated = async (rating: unknown) => {
      const reply = await quick({ rating });
      return [reply.status, reply.body.rating];
    };
    expect(await rated(7)).toEqual([200, 5]);
    expect(await rated(-2)).toEqual([200, 0]);
    expect(await rated('4.2')).toEqual([200, 4.2]);
    expect(await rated('abc')).toEqual([200, 0]);
    expect(await rated(3.6)).toEqual([200, 3.6]);
    const [stored] = await rows(table, `id=eq.${created.id}`);
    expect(stored.rating).toBe(3.6);
    const empty = await quick({});
    expect([empty.status, empty.body.error.message]).toEqual([400, NOTHING_TO_UPDATE]);
    const extra = await quick({ rating: 4, name: 'Outro' });
    expect([extra.status, extra.body.error.message]).toEqual([400, NOT_ALLOWED('name')]);
    if (kind === 'comercio') {
      const price = await quick({ price: 10 });
      expect([price.status, price.body.error.message]).toEqual([400, NOT_ALLOWED('price')]);
    } else {
      const priced = await quick({ price: 99.9 });
      expect([priced.status, priced.body.price]).toEqual([200, 99.9]);
      const negative = await quick({ price: -5 });
      expect([negative.status, negative.body.error.message]).toEqual([400, PRICE]);
    }
  });

  it('deletes a listing once, into the trash; the second time it is not found', async () => {
    const created = await expectCall(201, 'POST', path, { token, json: validListing(kind) });
    const reply = await api('DELETE', `${path}/${created.id}`, { token });
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(created.id);
    expect(await rows(table, `id=eq.${created.id}`)).toEqual([]);
    expect((await trashItem(table, created.id))?.data).toEqual(reply.body);
    const again = await api('DELETE', `${path}/${created.id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found');
  });
});
