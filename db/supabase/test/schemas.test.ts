// The zod write schemas: Portuguese messages, normalization, and agreement with the database —
// what a schema accepts the database stores, and the limits refuse the same values on both sides.

import {
  categoryCreateSchema,
  changePasswordSchema,
  comercioCreateSchema,
  firstErrorMessage,
  grantAdminBodySchema,
  grantAdminSchema,
  hospedagemCreateSchema,
  hospedagemUpdateSchema,
  moveInListSchema,
  passeioCreateSchema,
  profileUpdateSchema,
  quickEditSchemas,
  resetPasswordSchema,
  setInListSchema,
  settingsUpdateSchema,
  setUserRoleSchema,
  signUpSchema,
  slideCreateSchema,
  slideUpdateSchema,
  userRoleBodySchema,
} from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { actAs, attempt, inRollback } from './support/callers.ts';
import { openDatabase, type TestDatabase } from './support/databases.ts';
import { createUser, type FixtureUser, makeAdmin } from './support/fixtures.ts';

const hospedagem = {
  name: 'Pousada Maré Alta',
  description: 'Quartos com varanda e café da manhã regional.',
  address: 'Rua da Praia, 10 - Fortim - CE',
  price: 250.5,
  phone: '+55 (88) 99999-0000',
  image_url: '/demo/hospedagens/pousada-mare-alta-1-hero.jpg',
  categorias: ['Pousada'],
};
const comercio = {
  name: 'Café do Porto',
  description: 'Café coado e tapiocas.',
  address: 'Rua do Porto, 1 - Fortim - CE',
  horario: 'Todos os dias, 7h às 12h',
  phone: '5588999990000',
  image_url: 'https://cdn.example.com/cafe-hero.jpg',
  categoria: 'Café',
};
const passeio = {
  name: 'Passeio de jangada',
  description: 'Saída ao amanhecer com os pescadores.',
  price: 70,
  duracao: '2 horas',
  ponto_encontro: 'Praia de Fortim',
  phone: '558899999000',
  image_url: '/demo/passeios/jangada-1-hero.jpg',
  categoria: 'Natureza',
};

// The expected messages, written out as the panel and the account screens show them,
// never read from the MESSAGES under test.
const TEXT = {
  // Missing required fields give 'Campos incompletos' / 'Por favor, preencha todos os campos
  // obrigatórios.'
  required: 'Por favor, preencha todos os campos obrigatórios.',
  // A category name must not be empty after trimming.
  categoryName: 'Digite um nome para a categoria',
  // An e-mail empty after trimming.
  email: 'Por favor, insira um email válido.',
  price: 'O preço deve ser um número maior ou igual a 0.',
  rating: 'A avaliação deve ser um número entre 0 e 5.',
  phone: 'Informe o WhatsApp com código do país e DDD, de 10 a 15 dígitos (ex.: 5588999999999).',
  imageUrl: 'Informe uma imagem válida (endereço http(s) ou caminho do site).',
  latitude: 'A latitude deve estar entre -90 e 90.',
  longitude: 'A longitude deve estar entre -180 e 180.',
  imageStyles: 'Ajuste de imagem inválido.',
  slideLink: 'O link deve ser um caminho do site (começando com /) ou um endereço http(s).',
  slideOrder: 'A ordem deve ser um número inteiro maior ou igual a 1.',
  nothingToUpdate: 'Nenhum campo para atualizar.',
  kind: 'Tipo de item inválido. Use hospedagem, comercio ou passeio.',
  role: 'Função inválida. Use user, moderator ou admin.',
  id: 'Identificador inválido.',
  direction: 'Direção inválida. Use up ou down.',
  orderedList: 'Lista inválida. Use featured ou pinned.',
  invalidPayload: 'Dados inválidos.',
};

// The product's text limits (the forms show no maximum length for a text field), the same numbers
// as the CHECK constraints.
const LIMIT = { name: 120, description: 5000, address: 200, listItem: 60 };

function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : firstErrorMessage(result.error);
}

describe('write schemas', () => {
  let db: TestDatabase;
  let admin: FixtureUser;

  beforeAll(async () => {
    db = await openDatabase('pglite');
    admin = await createUser(db.sql, 'admin1');
    await makeAdmin(db.sql, admin);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Inserts a parsed payload as the admin; the database error code or undefined. */
  async function store(
    table: string,
    payload: Record<string, unknown>,
  ): Promise<string | undefined> {
    const columns = Object.keys(payload);
    const values = Object.values(payload).map((v) =>
      v && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v,
    );
    const result = await inRollback(db.sql, async () => {
      await actAs(db.sql, admin.caller);
      return attempt(
        db.sql,
        `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        values,
      );
    });
    return result.error?.code;
  }

  it('fill the defaults and normalize input; the database stores the result', async () => {
    const parsed = hospedagemCreateSchema.parse({
      ...hospedagem,
      amenities: [' Wi-Fi ', 'wi-fi', '', 'Piscina'],
      latitude: null,
    });
    expect(parsed).toMatchObject({
      phone: '5588999990000',
      rating: 4.5,
      amenities: ['Wi-Fi', 'Piscina'],
      additional_images: [],
      latitude: 0,
      longitude: 0,
      image_styles: { scale: 1, rotate: 0, positionX: 50, positionY: 50, objectFit: 'cover' },
    });
    expect(await store('hospedagens', parsed)).toBeUndefined();
    expect(await store('comercios', comercioCreateSchema.parse(comercio))).toBeUndefined();
    const tour = passeioCreateSchema.parse({ ...passeio, image_styles: { scale: 1.5 } });
    expect(tour.itens_incluidos).toEqual([]);
    expect(tour.image_styles).toEqual({
      scale: 1.5,
      rotate: 0,
      positionX: 50,
      positionY: 50,
      objectFit: 'cover',
    });
    expect(await store('passeios', tour)).toBeUndefined();
    expect(
      await store('categories', categoryCreateSchema.parse({ name: '  Praia ', type: 'passeio' })),
    ).toBeUndefined();
    const slide = slideCreateSchema.parse({
      title: 'Oi',
      subtitle: 'Sub',
      image_url: '/demo/carousel/x-1-hero.jpg',
    });
    expect(slide).toMatchObject({ link: '/passeios', is_active: true });
    expect(await store('carousel_slides', slide)).toBeUndefined();
  });

  const long = (n: number) => 'x'.repeat(n);
  // [label, table, schema, valid payload, override, zod message, refused by the database too]
  const refusals: [
    string,
    string,
    z.ZodType,
    Record<string, unknown>,
    Record<string, unknown>,
    string,
  ][] = [
    [
      'missing name',
      'hospedagens',
      hospedagemCreateSchema,
      hospedagem,
      { name: undefined },
      TEXT.required,
    ],
    [
      'blank description',
      'comercios',
      comercioCreateSchema,
      comercio,
      { description: '  ' },
      TEXT.required,
    ],
    [
      'no category',
      'hospedagens',
      hospedagemCreateSchema,
      hospedagem,
      { categorias: [] },
      TEXT.required,
    ],
    ['negative price', 'passeios', passeioCreateSchema, passeio, { price: -0.01 }, TEXT.price],
    [
      'price as text',
      'hospedagens',
      hospedagemCreateSchema,
      hospedagem,
      { price: 'caro' },
      TEXT.price,
    ],
    ['rating above 5', 'comercios', comercioCreateSchema, comercio, { rating: 5.5 }, TEXT.rating],
    [
      'phone too short',
      'passeios',
      passeioCreateSchema,
      passeio,
      { phone: '(88) 9999' },
      TEXT.phone,
    ],
    [
      'javascript: image',
      'hospedagens',
      hospedagemCreateSchema,
      hospedagem,
      { image_url: 'javascript:alert(1)' },
      TEXT.imageUrl,
    ],
    [
      '4 extra images',
      'comercios',
      comercioCreateSchema,
      comercio,
      { additional_images: ['/a.jpg', '/b.jpg', '/c.jpg', '/d.jpg'] },
      'Você pode adicionar no máximo 3 imagens.',
    ],
    ['latitude 91', 'passeios', passeioCreateSchema, passeio, { latitude: 91 }, TEXT.latitude],
    [
      'longitude -181',
      'hospedagens',
      hospedagemCreateSchema,
      hospedagem,
      { longitude: -181 },
      TEXT.longitude,
    ],
    [
      'zoom 3.1',
      'comercios',
      comercioCreateSchema,
      comercio,
      { image_styles: { scale: 3.1 } },
      TEXT.imageStyles,
    ],
    [
      'rotation 46',
      'passeios',
      passeioCreateSchema,
      passeio,
      { image_styles: { rotate: 46 } },
      TEXT.imageStyles,
    ],
    [
      'name over the limit',
      'hospedagens',
      hospedagemCreateSchema,
      hospedagem,
      { name: long(LIMIT.name + 1) },
      'O nome deve ter no máximo 120 caracteres.',
    ],
    [
      'address over the limit',
      'comercios',
      comercioCreateSchema,
      comercio,
      { address: long(LIMIT.address + 1) },
      'O endereço deve ter no máximo 200 caracteres.',
    ],
    [
      'amenity over the limit',
      'passeios',
      passeioCreateSchema,
      passeio,
      { amenities: [long(LIMIT.listItem + 1)] },
      'Cada item de comodidades deve ter no máximo 60 caracteres.',
    ],
    [
      'slide link javascript:',
      'carousel_slides',
      slideCreateSchema,
      { title: 'T', subtitle: 'S', image_url: '/x.jpg' },
      { link: 'javascript:alert(1)' },
      TEXT.slideLink,
    ],
    [
      'slide order 0',
      'carousel_slides',
      slideCreateSchema,
      { title: 'T', subtitle: 'S', image_url: '/x.jpg' },
      { order_position: 0 },
      TEXT.slideOrder,
    ],
  ];

  for (const [label, table, schema, valid, override, message] of refusals) {
    it(`refuse ${label} with a Portuguese message, as the database does`, async () => {
      const payload = { ...valid, ...override };
      expect(messageOf(schema, payload)).toBe(message);
      // the same raw values, straight to the database (defaults filled as the schema would)
      const raw = { ...(schema.parse(valid) as Record<string, unknown>), ...override };
      if (override.image_styles) {
        raw.image_styles = {
          scale: 1,
          rotate: 0,
          positionX: 50,
          positionY: 50,
          objectFit: 'cover',
          ...override.image_styles,
        };
      }
      expect(await store(table, raw)).toMatch(/^(23514|23502|22P02)$/);
    });
  }

  it('accept every text exactly at its limit, as the database does', async () => {
    const payload = hospedagemCreateSchema.parse({
      ...hospedagem,
      name: long(LIMIT.name),
      description: long(LIMIT.description),
      address: long(LIMIT.address),
      amenities: [long(LIMIT.listItem)],
      additional_images: ['/a.jpg', '/b.jpg', '/c.jpg'],
      rating: 5,
      price: 0,
    });
    expect(await store('hospedagens', payload)).toBeUndefined();
  });

  it('refuse fields the forms do not send (featured/pinned columns, slug, id)', () => {
    expect(messageOf(hospedagemCreateSchema, { ...hospedagem, is_featured: true, slug: 'x' })).toBe(
      'Campo não permitido: is_featured, slug.',
    );
    expect(messageOf(hospedagemUpdateSchema, { id: 'x', rating: 3 })).toBe(
      'Campo não permitido: id.',
    );
  });

  it('updates carry only the changed fields, at least one, without defaults', () => {
    expect(hospedagemUpdateSchema.parse({ rating: 3.2 })).toEqual({ rating: 3.2 });
    expect(messageOf(hospedagemUpdateSchema, {})).toBe(TEXT.nothingToUpdate);
  });

  it('give the specs’ messages for accounts, roles, categories and settings', () => {
    const signUp = {
      fullName: 'Ana',
      username: 'ana',
      email: 'ana@x.com',
      password: 'jangada1',
      confirmPassword: 'jangada1',
    };
    expect(signUpSchema.safeParse(signUp).success).toBe(true);
    expect(messageOf(signUpSchema, { ...signUp, confirmPassword: 'jangada2' })).toBe(
      'As senhas não coincidem.',
    );
    // At least 8 characters with letters and digits (db/domain/test/passwords.test.ts
    // holds the rule's edges).
    expect(
      messageOf(signUpSchema, { ...signUp, password: 'jangad1', confirmPassword: 'jangad1' }),
    ).toBe('A senha deve ter pelo menos 8 caracteres.');
    expect(
      messageOf(resetPasswordSchema, { password: 'jangada1', confirmPassword: 'jangada2' }),
    ).toBe('As senhas não coincidem.');
    expect(
      messageOf(changePasswordSchema, {
        currentPassword: 'x',
        newPassword: '123',
        confirmPassword: '123',
      }),
    ).toBe('A nova senha deve ter pelo menos 8 caracteres.');
    expect(messageOf(grantAdminSchema, { user_email: '   ' })).toBe(
      'Por favor, insira um email válido.',
    );
    expect(grantAdminSchema.parse({ user_email: ' a@b.com ' })).toEqual({ user_email: 'a@b.com' });
    expect(messageOf(categoryCreateSchema, { name: '   ', type: 'comercio' })).toBe(
      'Digite um nome para a categoria',
    );
    expect(messageOf(categoryCreateSchema, { name: 'Praia', type: 'praia' })).toBe(TEXT.kind);
    expect(messageOf(setUserRoleSchema, { user_id: crypto.randomUUID(), new_role: 'root' })).toBe(
      TEXT.role,
    );
    expect(
      messageOf(setInListSchema, {
        list: 'featured',
        kind: 'comercio',
        item_id: 'x',
        included: true,
      }),
    ).toBe(TEXT.id);
    expect(
      messageOf(setInListSchema, {
        list: 'destaques',
        kind: 'comercio',
        item_id: crypto.randomUUID(),
        included: true,
      }),
    ).toBe(TEXT.orderedList);
    expect(
      messageOf(moveInListSchema, {
        list: 'pinned',
        kind: 'passeio',
        item_id: crypto.randomUUID(),
        direction: 'left',
      }),
    ).toBe(TEXT.direction);
    expect(messageOf(settingsUpdateSchema, { contact_email: 'sem-arroba' })).toBe(TEXT.email);
    // A blank Maps key is saved too, and clears the key, so one
    // wrong key never keeps every visitor's map broken.
    expect(settingsUpdateSchema.parse({ google_maps_api_key: '  ' })).toEqual({
      google_maps_api_key: '',
    });
    expect(messageOf(settingsUpdateSchema, { tema: 'azul' })).toBe('Campo não permitido: tema.');
    expect(settingsUpdateSchema.parse({ contact_email: '', nav_label_mapa: ' Mapa ' })).toEqual({
      contact_email: '',
      nav_label_mapa: 'Mapa',
    });
  });

  it('a blank field is missing (Campos incompletos), even where its message is about the format', () => {
    const blanks = [undefined, null, '', '   '];
    for (const blank of blanks) {
      for (const field of ['price', 'phone', 'rating', 'latitude', 'categorias']) {
        const result = hospedagemCreateSchema.safeParse({ ...hospedagem, [field]: blank });
        if (result.success) {
          // Optional fields: absent or null is allowed (defaults), a blank string is not.
          expect(['rating', 'latitude'], `${field}=${String(blank)}`).toContain(field);
          continue;
        }
        expect(firstErrorMessage(result.error), `${field}=${String(blank)}`).toBe(TEXT.required);
      }
      expect(messageOf(passeioCreateSchema, { ...passeio, price: blank })).toBe(TEXT.required);
      expect(messageOf(hospedagemUpdateSchema, { phone: blank ?? '' })).toBe(TEXT.required);
    }
    expect(messageOf(hospedagemCreateSchema, { ...hospedagem, price: 'abc' })).toBe(TEXT.price);
    expect(messageOf(hospedagemCreateSchema, { ...hospedagem, price: -1 })).toBe(TEXT.price);
    expect(messageOf(hospedagemCreateSchema, { ...hospedagem, phone: 'abc' })).toBe(TEXT.phone);
    expect(messageOf(hospedagemCreateSchema, { ...hospedagem, phone: '123' })).toBe(TEXT.phone);
    expect(messageOf(hospedagemUpdateSchema, { image_styles: { scale: null } })).toBe(
      TEXT.required,
    );
    expect(messageOf(slideUpdateSchema, { image_styles: null, is_active: true })).toBe(
      TEXT.required,
    );
    expect(
      messageOf(setInListSchema, { list: 'pinned', kind: '', item_id: crypto.randomUUID() }),
    ).toBe(TEXT.required);
    // These empty values keep their own wording.
    expect(messageOf(categoryCreateSchema, { name: '', type: 'passeio' })).toBe(TEXT.categoryName);
    expect(messageOf(grantAdminBodySchema, { email: '' })).toBe(TEXT.email);
    // Root problems are not a missing field.
    expect(messageOf(hospedagemCreateSchema, null)).toBe(TEXT.invalidPayload);
  });

  it('quick edit: the rating clamped to 0–5 (0 when not a number), a valid price, nothing else', () => {
    const quick = quickEditSchemas.hospedagem;
    expect(quick.parse({ rating: 7 })).toEqual({ rating: 5 });
    expect(quick.parse({ rating: -2 })).toEqual({ rating: 0 });
    expect(quick.parse({ rating: '4.2' })).toEqual({ rating: 4.2 });
    expect(quick.parse({ rating: 'abc' })).toEqual({ rating: 0 });
    expect(quick.parse({ price: 99.9 })).toEqual({ price: 99.9 });
    expect(messageOf(quick, { price: -5 })).toBe(TEXT.price);
    expect(messageOf(quick, { price: null })).toBe(TEXT.required);
    expect(messageOf(quick, {})).toBe(TEXT.nothingToUpdate);
    expect(messageOf(quick, { rating: 4, name: 'Outro' })).toBe('Campo não permitido: name.');
    expect(quickEditSchemas.passeio.parse({ price: 10 })).toEqual({ price: 10 });
    expect(messageOf(quickEditSchemas.comercio, { price: 10 })).toBe('Campo não permitido: price.');
  });

  it('the worker’s role and admin-grant bodies', () => {
    expect(userRoleBodySchema.parse({ role: 'moderator' })).toEqual({ role: 'moderator' });
    expect(messageOf(userRoleBodySchema, { role: 'root' })).toBe(TEXT.role);
    expect(messageOf(userRoleBodySchema, { role: '' })).toBe(TEXT.required);
    expect(messageOf(userRoleBodySchema, {})).toBe(TEXT.required);
    expect(messageOf(userRoleBodySchema, { role: 'admin', user_id: 'x' })).toBe(
      'Campo não permitido: user_id.',
    );
    expect(grantAdminBodySchema.parse({ email: ' a@b.com ' })).toEqual({ email: 'a@b.com' });
    expect(messageOf(grantAdminBodySchema, { email: '   ' })).toBe(TEXT.email);
    expect(messageOf(grantAdminBodySchema, { user_email: 'a@b.com' })).toBe(TEXT.email);
  });

  it('username rules match the profiles constraint', async () => {
    for (const [username, ok] of [
      ['ana.maria_2', true],
      ['ab', false],
      ['joão', false],
      ['a b c', false],
      ['x'.repeat(30), true],
      ['x'.repeat(31), false],
    ] as const) {
      expect(profileUpdateSchema.safeParse({ full_name: 'Ana', username }).success, username).toBe(
        ok,
      );
      const result = await inRollback(db.sql, () =>
        attempt(db.sql, 'update public.profiles set username = $1 where id = $2', [
          username,
          admin.id,
        ]),
      );
      expect(result.error === undefined, username).toBe(ok);
    }
  });
});
