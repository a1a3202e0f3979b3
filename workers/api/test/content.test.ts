// Categories, carousel slides and site settings through the worker.
import { DEFAULT_TERMS_TEXT } from '@guia-fortim/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, expectCall, rows, snapshot, trashItem } from './support/client.ts';
import { validSlide } from './support/fixtures.ts';

// "Category name must not be empty after trimming ('Digite um nome para a
// categoria')"; "missing required fields give 'Campos incompletos' / 'Por favor, preencha todos os
// campos obrigatórios.'"
const CATEGORY_NAME = 'Digite um nome para a categoria';
const REQUIRED = 'Por favor, preencha todos os campos obrigatórios.';

let token: string;
beforeAll(async () => {
  token = (await admin()).token;
});

describe('categories', () => {
  it('creates a category trimmed and last in its type', async () => {
    const name = `Praia ${Date.now()}`;
    const first = await api('POST', '/api/categories', {
      token,
      json: { name: `  ${name}  `, type: 'passeio' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name, type: 'passeio', is_active: true });
    const second = await api('POST', '/api/categories', {
      token,
      json: { name: `${name} 2`, type: 'passeio' },
    });
    expect(second.status).toBe(201);
    expect(second.body.order_position).toBe(first.body.order_position + 1);
    const [stored] = await rows('categories', `id=eq.${first.body.id}`);
    expect(stored).toEqual(first.body);
  });

  it("refuses an empty name with 'Digite um nome para a categoria', a bad type and a duplicate", async () => {
    const name = `Única ${Date.now()}`;
    await expectCall(201, 'POST', '/api/categories', { token, json: { name, type: 'comercio' } });
    const before = await snapshot();
    for (const json of [{ name: '   ', type: 'comercio' }, { type: 'comercio' }]) {
      const reply = await api('POST', '/api/categories', { token, json });
      expect([json, reply.status, reply.body.error.message]).toEqual([json, 400, CATEGORY_NAME]);
    }
    const badType = await api('POST', '/api/categories', {
      token,
      json: { name: 'X', type: 'praia' },
    });
    expect([badType.status, badType.body.error.message]).toEqual([
      400,
      'Tipo de item inválido. Use hospedagem, comercio ou passeio.',
    ]);
    const duplicate = await api('POST', '/api/categories', {
      token,
      json: { name: name.toUpperCase(), type: 'comercio' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({
      code: 'conflict',
      message: 'Já existe uma categoria com esse nome.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('renames a category, and the listings of its type follow', async () => {
    const name = `Loja ${Date.now()}`;
    const category = await expectCall(201, 'POST', '/api/categories', {
      token,
      json: { name, type: 'comercio' },
    });
    const shop = await expectCall(201, 'POST', '/api/comercios', {
      token,
      json: {
        name: 'Loja do Porto',
        description: 'Artesanato local',
        address: 'Rua A, 1',
        horario: '9h às 17h',
        phone: '5588999990000',
        image_url: '/demo/loja.jpg',
        categoria: name,
      },
    });
    expect(shop.categoria).toBe(name);
    const renamed = await api('PATCH', `/api/categories/${category.id}`, {
      token,
      json: { name: ` ${name} Nova ` },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe(`${name} Nova`);
    const [stored] = await rows('comercios', `id=eq.${shop.id}`);
    expect(stored.categoria).toBe(`${name} Nova`);
    const empty = await api('PATCH', `/api/categories/${category.id}`, {
      token,
      json: { name: '' },
    });
    expect([empty.status, empty.body.error.message]).toEqual([400, CATEGORY_NAME]);
    expect((await rows('categories', `id=eq.${category.id}`))[0].name).toBe(`${name} Nova`);
  });

  it('moves a category up or down in its type; the order stays 1..n, the ends move no further', async () => {
    const stamp = Date.now();
    const made: { id: string }[] = [];
    for (const n of [1, 2, 3]) {
      made.push(
        await expectCall(201, 'POST', '/api/categories', {
          token,
          json: { name: `Ordem ${stamp} ${n}`, type: 'hospedagem' },
        }),
      );
    }
    const [a, b, c] = made.map((category) => category.id) as [string, string, string];
    const order = async () =>
      (
        await rows<{ id: string; order_position: number }>(
          'categories',
          'type=eq.hospedagem&select=id,order_position&order=order_position,name,id',
        )
      ).map((row) => [row.id, row.order_position]);
    const move = (id: string, direction: unknown) =>
      api('POST', `/api/categories/${id}/move`, { token, json: { direction } });
    // A gap, as deletes and restores leave.
    await expectCall(200, 'PATCH', `/api/categories/${c}`, {
      token,
      json: { order_position: 500 },
    });

    const up = await move(c, 'up');
    const after = await order();
    const count = after.length;
    expect(after.map(([, position]) => position)).toEqual(after.map((_, i) => i + 1));
    expect(after.slice(-3).map(([id]) => id)).toEqual([a, c, b]);
    expect([up.status, up.body]).toEqual([200, { id: c, order_position: count - 1 }]);

    const down = await move(c, 'down');
    expect([down.status, down.body]).toEqual([200, { id: c, order_position: count }]);
    expect((await order()).slice(-3).map(([id]) => id)).toEqual([a, b, c]);
    // The last goes no further down, the first no further up.
    const before = await order();
    expect((await move(c, 'down')).body).toEqual({ id: c, order_position: count });
    const [[first]] = before as [[string, number]];
    expect((await move(first, 'up')).body).toEqual({ id: first, order_position: 1 });
    expect(await order()).toEqual(before);

    const sideways = await move(a, 'left');
    expect([sideways.status, sideways.body.error.message]).toEqual([
      400,
      'Direção inválida. Use up ou down.',
    ]);
    const unknown = await move('00000000-0000-4000-8000-000000000abc', 'up');
    expect([unknown.status, unknown.body.error.message]).toEqual([
      404,
      'Categoria não encontrada.',
    ]);
    expect(await order()).toEqual(before);
  });

  it('deletes a category once, into the trash', async () => {
    const category = await expectCall(201, 'POST', '/api/categories', {
      token,
      json: { name: `Apagar ${Date.now()}`, type: 'hospedagem' },
    });
    expect((await api('DELETE', `/api/categories/${category.id}`, { token })).status).toBe(200);
    expect(await rows('categories', `id=eq.${category.id}`)).toEqual([]);
    expect((await trashItem('categories', category.id))?.data).toEqual(category);
    const again = await api('DELETE', `/api/categories/${category.id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Categoria não encontrada.');
  });
});

describe('carousel slides', () => {
  it('creates a slide with the default link, active, after the others', async () => {
    const count = (await rows('carousel_slides', 'select=id')).length;
    const { link: _, ...payload } = validSlide();
    const reply = await api('POST', '/api/slides', { token, json: payload });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      ...payload,
      link: '/passeios',
      is_active: true,
      order_position: count + 1,
    });
  });

  it("refuses each missing field with 'Campos incompletos' and unsafe links", async () => {
    const before = await snapshot();
    for (const field of ['title', 'subtitle', 'image_url']) {
      const payload = validSlide();
      delete payload[field];
      const reply = await api('POST', '/api/slides', { token, json: payload });
      expect([field, reply.status]).toEqual([field, 400]);
      expect(reply.body.error).toMatchObject({
        code: 'incomplete_fields',
        message: REQUIRED,
      });
    }
    const blankLink = await api('POST', '/api/slides', {
      token,
      json: { ...validSlide(), link: ' ' },
    });
    expect([blankLink.status, blankLink.body.error]).toEqual([
      400,
      { code: 'incomplete_fields', message: REQUIRED, fields: { link: REQUIRED } },
    ]);
    for (const link of ['javascript:alert(1)', '//evil.example.com', 'data:text/html,oi']) {
      const reply = await api('POST', '/api/slides', { token, json: { ...validSlide(), link } });
      expect([link, reply.status]).toEqual([link, 400]);
      expect(reply.body.error.message).toBe(
        'O link deve ser um caminho do site (começando com /) ou um endereço http(s).',
      );
    }
    const order = await api('POST', '/api/slides', {
      token,
      json: { ...validSlide(), order_position: 0 },
    });
    // order_position integer, minimum 1.
    expect([order.status, order.body.error.message]).toEqual([
      400,
      'A ordem deve ser um número inteiro maior ou igual a 1.',
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('updates a slide', async () => {
    const slide = await expectCall(201, 'POST', '/api/slides', { token, json: validSlide() });
    const reply = await api('PATCH', `/api/slides/${slide.id}`, {
      token,
      json: { title: 'Pôr do sol no rio', is_active: false, link: 'https://fortim.ce.gov.br' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      title: 'Pôr do sol no rio',
      is_active: false,
      link: 'https://fortim.ce.gov.br',
    });
    const missing = await api('PATCH', '/api/slides/00000000-0000-4000-8000-000000000001', {
      token,
      json: { title: 'X' },
    });
    expect([missing.status, missing.body.error.message]).toEqual([404, 'Slide não encontrado.']);
  });

  it('deletes slides but never the last one', async () => {
    const existing = await rows('carousel_slides', 'select=id');
    for (const slide of existing.slice(1)) {
      expect((await api('DELETE', `/api/slides/${slide.id}`, { token })).status).toBe(200);
    }
    const [last] = await rows('carousel_slides', 'select=id');
    const before = await snapshot();
    const reply = await api('DELETE', `/api/slides/${last.id}`, { token });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toEqual({
      code: 'last_slide',
      message: 'O carrossel deve ter pelo menos um slide.',
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('site settings', () => {
  it('saves any subset of the known keys at once', async () => {
    const reply = await api('PUT', '/api/settings', {
      token,
      json: {
        contact_email: ' contato@fortim.tur.br ',
        nav_label_mapa: 'Mapa da Cidade',
        google_maps_api_key: 'AIza-chave-publica',
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      contact_email: 'contato@fortim.tur.br',
      nav_label_mapa: 'Mapa da Cidade',
      google_maps_api_key: 'AIza-chave-publica',
    });
    const stored = await rows('site_settings', 'select=setting_key,setting_value');
    const values = Object.fromEntries(stored.map((r) => [r.setting_key, r.setting_value]));
    expect(values.nav_label_mapa).toBe('Mapa da Cidade');
    // "Keys: contact_email, …, header_title_passeios", plus the maps key and
    // the social profiles the architecture keeps as site settings (deliberate deviations) and
    // how long the history of changes is kept; the legal texts get a row when first
    // edited.
    expect(Object.keys(values).sort()).toEqual(
      [
        'contact_email',
        'contact_phone',
        'contact_address',
        'site_description',
        'nav_label_inicio',
        'nav_label_hospedagem',
        'nav_label_comercio',
        'nav_label_passeios',
        'nav_label_mapa',
        'header_title_hospedagem',
        'header_title_comercio',
        'header_title_passeios',
        'google_maps_api_key',
        'social_instagram',
        'social_facebook',
        'social_youtube',
        'history_retention_days',
      ].sort(),
    );
  });

  it('saves a social profile only as an http(s) address and a legal text of up to 20,000 characters', async () => {
    const long = `## Título\n${'a'.repeat(19_990)}`;
    const reply = await api('PUT', '/api/settings', {
      token,
      json: { social_youtube: 'https://youtube.com/@guiafortim', legal_termos: long },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      social_youtube: 'https://youtube.com/@guiafortim',
      legal_termos: long,
    });
    const cleared = await api('PUT', '/api/settings', {
      token,
      json: { social_youtube: '', legal_termos: DEFAULT_TERMS_TEXT },
    });
    expect(cleared.status).toBe(200);
  });

  it('clears the maps key (blank is saved empty): one wrong key must not keep breaking the map', async () => {
    const set = await api('PUT', '/api/settings', {
      token,
      json: { google_maps_api_key: 'AIza-chave-errada' },
    });
    expect([set.status, set.body]).toEqual([200, { google_maps_api_key: 'AIza-chave-errada' }]);
    for (const blank of ['', '   ']) {
      const cleared = await api('PUT', '/api/settings', {
        token,
        json: { google_maps_api_key: blank },
      });
      expect([blank, cleared.status, cleared.body]).toEqual([
        blank,
        200,
        { google_maps_api_key: '' },
      ]);
      const [stored] = await rows(
        'site_settings',
        'setting_key=eq.google_maps_api_key&select=setting_value',
      );
      expect(stored?.setting_value).toBe('');
    }
  });

  it('keeps the history between 30 and 3650 days', async () => {
    const reply = await api('PUT', '/api/settings', {
      token,
      json: { history_retention_days: '90' },
    });
    expect([reply.status, reply.body]).toEqual([200, { history_retention_days: '90' }]);
    const before = await snapshot();
    for (const days of ['29', '3651', '0', '-1', '1e3', '90.5', 'noventa']) {
      const refused = await api('PUT', '/api/settings', {
        token,
        json: { history_retention_days: days },
      });
      expect([days, refused.status, refused.body.error?.message]).toEqual([
        days,
        400,
        'Informe um número de dias entre 30 e 3650.',
      ]);
    }
    expect(await snapshot()).toEqual(before);
    const restored = await api('PUT', '/api/settings', {
      token,
      json: { history_retention_days: '365' },
    });
    expect(restored.status).toBe(200);
  });

  it('refuses unknown keys, bad values and empty payloads, saving nothing', async () => {
    const before = await snapshot();
    const cases: [unknown, string][] = [
      [{ nav_label_inicio: 'Casa', tema: 'escuro' }, 'Campo não permitido: tema.'],
      [{ site_description: 'x'.repeat(2001) }, 'Valor muito longo (máximo de 2000 caracteres).'],
      [{ contact_email: 'não é email' }, 'Por favor, insira um email válido.'],
      [{ nav_label_inicio: 42 }, 'Dados inválidos.'],
      ...['javascript:alert(1)', '/instagram', 'instagram.com/guia', 'https://insta gram.com'].map(
        (link): [unknown, string] => [
          { social_instagram: link },
          'Informe o endereço completo do perfil, começando com https://.',
        ],
      ),
      ...[' \n ', 'x'.repeat(20_001)].map((text): [unknown, string] => [
        { legal_privacidade: text },
        'O texto não pode ficar vazio e deve ter no máximo 20000 caracteres.',
      ]),
      [{}, 'Nenhum campo para atualizar.'],
    ];
    for (const [json, message] of cases) {
      const reply = await api('PUT', '/api/settings', { token, json });
      expect([json, reply.status]).toEqual([json, 400]);
      expect([json, reply.body.error.message]).toEqual([json, message]);
    }
    expect(await snapshot()).toEqual(before);
  });
});
