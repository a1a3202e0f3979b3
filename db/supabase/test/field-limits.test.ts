// Every bounded field at its edge, on both sides, in zod and in the database: a value exactly at
// the limit is accepted and stored; one character, item, digit or cent past it is refused by the
// schema with the field's Portuguese message and by the CHECK constraint. The limits are pinned
// first to the numbers the product states, written out; the edge values are then built from the
// same constants the schemas read (so a constant moved alone fails the pin, a schema or a
// migration moved alone fails its edge).
import {
  categoryCreateSchema,
  comercioCreateSchema,
  FULL_NAME_MAX_LENGTH,
  firstErrorMessage,
  hospedagemCreateSchema,
  IMAGE_URL_MAX_LENGTH,
  PHONE_PATTERN,
  PRICE_MAX,
  passeioCreateSchema,
  profileUpdateSchema,
  RATING_MAX,
  settingsUpdateSchema,
  slideCreateSchema,
  TEXT_LIMITS,
  USERNAME_PATTERN,
} from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { actAs, attempt, inRollback } from './support/callers.ts';
import { openDatabase, type TestDatabase } from './support/databases.ts';
import { createUser, type FixtureUser, makeAdmin, VALID_ROWS } from './support/fixtures.ts';

it('the limits are the numbers the product states', () => {
  // The CHECK constraints' numbers (db/supabase/migrations), written out.
  expect(TEXT_LIMITS).toEqual({
    name: 120,
    description: 5000,
    address: 200,
    horario: 200,
    duracao: 100,
    pontoEncontro: 200,
    categoryName: 60,
    listItem: 60,
    includedItem: 100,
    listItems: 30,
    categorias: 20,
    slideTitle: 120,
    slideSubtitle: 300,
    settingValue: 2000,
    legalText: 20000,
  });
  // "3 to 30 of A-Z a-z 0-9 . _"; a full name of at most 100 characters.
  expect(USERNAME_PATTERN.source).toBe('^[A-Za-z0-9._]{3,30}$');
  expect(FULL_NAME_MAX_LENGTH).toBe(100);
  // WhatsApp: country code and area code, 10 to 15 digits.
  expect(PHONE_PATTERN.source).toBe('^[0-9]{10,15}$');
  // numeric(10, 2); "Rating 0 to 5".
  expect([PRICE_MAX, RATING_MAX]).toEqual([99_999_999.99, 5]);
  expect(IMAGE_URL_MAX_LENGTH).toBe(2048);
});

const x = (n: number) => 'x'.repeat(n);
const items = (n: number, text = 'item') => Array.from({ length: n }, (_, i) => `${text} ${i}`);
const url = (n: number) => `/demo/${x(n - '/demo/'.length - '-hero.jpg'.length)}-hero.jpg`;

type Edge = {
  /** What is at its edge. */
  rule: string;
  table: string;
  schema: z.ZodType;
  /** A valid row without the field. */
  base: Record<string, unknown>;
  field: string;
  atLimit: unknown;
  pastLimit: unknown;
  /** The schema's message for pastLimit, as the panel shows it. */
  message: string;
};

const L = TEXT_LIMITS;
const hospedagem = VALID_ROWS.hospedagens();
const comercio = { ...VALID_ROWS.comercios(), horario: '8h às 18h', categoria: 'Loja' };
const passeio = {
  ...VALID_ROWS.passeios(),
  duracao: '2 horas',
  ponto_encontro: 'Porto',
  categoria: 'Natureza',
};
const slide = VALID_ROWS.carousel_slides();

const EDGES: Edge[] = [
  {
    rule: 'listing name',
    table: 'hospedagens',
    schema: hospedagemCreateSchema,
    base: hospedagem,
    field: 'name',
    atLimit: x(L.name),
    pastLimit: x(L.name + 1),
    message: 'O nome deve ter no máximo 120 caracteres.',
  },
  {
    rule: 'description',
    table: 'passeios',
    schema: passeioCreateSchema,
    base: passeio,
    field: 'description',
    atLimit: x(L.description),
    pastLimit: x(L.description + 1),
    message: 'A descrição deve ter no máximo 5000 caracteres.',
  },
  {
    rule: 'address',
    table: 'hospedagens',
    schema: hospedagemCreateSchema,
    base: hospedagem,
    field: 'address',
    atLimit: x(L.address),
    pastLimit: x(L.address + 1),
    message: 'O endereço deve ter no máximo 200 caracteres.',
  },
  {
    rule: 'horario',
    table: 'comercios',
    schema: comercioCreateSchema,
    base: comercio,
    field: 'horario',
    atLimit: x(L.horario),
    pastLimit: x(L.horario + 1),
    message: 'O horário deve ter no máximo 200 caracteres.',
  },
  {
    rule: "a business's categoria",
    table: 'comercios',
    schema: comercioCreateSchema,
    base: comercio,
    field: 'categoria',
    atLimit: x(L.categoryName),
    pastLimit: x(L.categoryName + 1),
    message: 'A categoria deve ter no máximo 60 caracteres.',
  },
  {
    rule: 'duracao',
    table: 'passeios',
    schema: passeioCreateSchema,
    base: passeio,
    field: 'duracao',
    atLimit: x(L.duracao),
    pastLimit: x(L.duracao + 1),
    message: 'A duração deve ter no máximo 100 caracteres.',
  },
  {
    rule: 'ponto_encontro',
    table: 'passeios',
    schema: passeioCreateSchema,
    base: passeio,
    field: 'ponto_encontro',
    atLimit: x(L.pontoEncontro),
    pastLimit: x(L.pontoEncontro + 1),
    message: 'O ponto de encontro deve ter no máximo 200 caracteres.',
  },
  {
    rule: 'one amenity',
    table: 'hospedagens',
    schema: hospedagemCreateSchema,
    base: hospedagem,
    field: 'amenities',
    atLimit: [x(L.listItem)],
    pastLimit: [x(L.listItem + 1)],
    message: 'Cada item de comodidades deve ter no máximo 60 caracteres.',
  },
  {
    rule: 'amenities count',
    table: 'comercios',
    schema: comercioCreateSchema,
    base: comercio,
    field: 'amenities',
    atLimit: items(L.listItems),
    pastLimit: items(L.listItems + 1),
    message: 'Informe no máximo 30 itens em comodidades.',
  },
  {
    rule: 'one lodging category',
    table: 'hospedagens',
    schema: hospedagemCreateSchema,
    base: hospedagem,
    field: 'categorias',
    atLimit: [x(L.categoryName)],
    pastLimit: [x(L.categoryName + 1)],
    message: 'Cada item de categorias deve ter no máximo 60 caracteres.',
  },
  {
    rule: 'lodging categories count',
    table: 'hospedagens',
    schema: hospedagemCreateSchema,
    base: hospedagem,
    field: 'categorias',
    atLimit: items(L.categorias),
    pastLimit: items(L.categorias + 1),
    message: 'Informe no máximo 20 itens em categorias.',
  },
  {
    rule: 'one included item',
    table: 'passeios',
    schema: passeioCreateSchema,
    base: passeio,
    field: 'itens_incluidos',
    atLimit: [x(L.includedItem)],
    pastLimit: [x(L.includedItem + 1)],
    message: 'Cada item de itens incluídos deve ter no máximo 100 caracteres.',
  },
  {
    rule: 'included items count',
    table: 'passeios',
    schema: passeioCreateSchema,
    base: passeio,
    field: 'itens_incluidos',
    atLimit: items(L.listItems),
    pastLimit: items(L.listItems + 1),
    message: 'Informe no máximo 30 itens em itens incluídos.',
  },
  {
    rule: 'category name',
    table: 'categories',
    schema: categoryCreateSchema,
    base: { type: 'passeio' },
    field: 'name',
    atLimit: x(L.categoryName),
    pastLimit: x(L.categoryName + 1),
    message: 'O nome da categoria deve ter no máximo 60 caracteres.',
  },
  {
    rule: 'slide title',
    table: 'carousel_slides',
    schema: slideCreateSchema,
    base: slide,
    field: 'title',
    atLimit: x(L.slideTitle),
    pastLimit: x(L.slideTitle + 1),
    message: 'O título deve ter no máximo 120 caracteres.',
  },
  {
    rule: 'slide subtitle',
    table: 'carousel_slides',
    schema: slideCreateSchema,
    base: slide,
    field: 'subtitle',
    atLimit: x(L.slideSubtitle),
    pastLimit: x(L.slideSubtitle + 1),
    message: 'O subtítulo deve ter no máximo 300 caracteres.',
  },
  {
    rule: 'phone, digits',
    table: 'comercios',
    schema: comercioCreateSchema,
    base: comercio,
    field: 'phone',
    atLimit: '5'.repeat(15),
    pastLimit: '5'.repeat(16),
    message:
      'Informe o WhatsApp com código do país e DDD, de 10 a 15 dígitos (ex.: 5588999999999).',
  },
  {
    rule: 'phone, fewest digits',
    table: 'passeios',
    schema: passeioCreateSchema,
    base: passeio,
    field: 'phone',
    atLimit: '5'.repeat(10),
    pastLimit: '5'.repeat(9),
    message:
      'Informe o WhatsApp com código do país e DDD, de 10 a 15 dígitos (ex.: 5588999999999).',
  },
  {
    rule: 'photo address length',
    table: 'hospedagens',
    schema: hospedagemCreateSchema,
    base: hospedagem,
    field: 'image_url',
    atLimit: url(IMAGE_URL_MAX_LENGTH),
    pastLimit: url(IMAGE_URL_MAX_LENGTH + 1),
    message: 'Informe uma imagem válida (endereço http(s) ou caminho do site).',
  },
  {
    rule: 'price, highest',
    table: 'hospedagens',
    schema: hospedagemCreateSchema,
    base: hospedagem,
    field: 'price',
    atLimit: 99_999_999.99,
    pastLimit: 100_000_000,
    message: 'O preço deve ser um número maior ou igual a 0.',
  },
  {
    rule: 'rating, highest',
    table: 'passeios',
    schema: passeioCreateSchema,
    base: passeio,
    field: 'rating',
    atLimit: 5,
    pastLimit: 5.1,
    message: 'A avaliação deve ser um número entre 0 e 5.',
  },
];

function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstErrorMessage(result.error);
}

describe('every bounded field, just inside and just outside its limit', () => {
  let db: TestDatabase;
  let admin: FixtureUser;
  let visitor: FixtureUser;

  beforeAll(async () => {
    db = await openDatabase('pglite');
    admin = await createUser(db.sql, 'admin_limites');
    await makeAdmin(db.sql, admin);
    visitor = await createUser(db.sql, 'visitante_limites');
  });
  afterAll(async () => {
    await db?.close();
  });

  /** The database error code for the statement, run as `user` and rolled back; null if stored. */
  async function refusal(user: FixtureUser, text: string, params: unknown[]) {
    const result = await inRollback(db.sql, async () => {
      await actAs(db.sql, user.caller);
      return attempt(db.sql, text, params);
    });
    return result.error?.code ?? null;
  }

  /** Inserts a row as PostgREST writes a body (jsonb_populate_record), as the admin. */
  function insert(table: string, row: Record<string, unknown>) {
    const columns = Object.keys(row).join(', ');
    return refusal(
      admin,
      `insert into public.${table} (${columns})
       select ${columns} from jsonb_populate_record(null::public.${table}, $1::jsonb)`,
      [JSON.stringify(row)],
    );
  }

  it.each(EDGES)(
    '$rule: at the limit stored, past it refused by zod and the database',
    async (edge) => {
      const inside = { ...edge.base, [edge.field]: edge.atLimit };
      expect(messageOf(edge.schema, inside)).toBeNull();
      expect(
        await insert(edge.table, edge.schema.parse(inside) as Record<string, unknown>),
      ).toBeNull();

      const outside = { ...edge.base, [edge.field]: edge.pastLimit };
      expect(messageOf(edge.schema, outside)).toBe(edge.message);
      // The same value straight to the database, the rest of the row as zod writes it.
      const row = {
        ...(edge.schema.parse(inside) as Record<string, unknown>),
        [edge.field]: edge.pastLimit,
      };
      expect(await insert(edge.table, row)).toMatch(/^(23514|22003)$/);
    },
  );

  it.each([
    ['contact_address', L.settingValue, 'Valor muito longo (máximo de 2000 caracteres).'],
    [
      'legal_termos',
      L.legalText,
      'O texto não pode ficar vazio e deve ter no máximo 20000 caracteres.',
    ],
  ] as const)('setting %s: %i characters saved, one more refused', async (key, max, message) => {
    const upsert = (value: string) =>
      refusal(
        admin,
        `insert into public.site_settings (setting_key, setting_value) values ($1, $2)
         on conflict (setting_key) do update set setting_value = excluded.setting_value`,
        [key, value],
      );
    expect(messageOf(settingsUpdateSchema, { [key]: x(max) })).toBeNull();
    expect(await upsert(x(max))).toBeNull();
    expect(messageOf(settingsUpdateSchema, { [key]: x(max + 1) })).toBe(message);
    expect(await upsert(x(max + 1))).toBe('23514');
  });

  it.each([
    [
      'full name',
      { full_name: x(100), username: 'maria' },
      { full_name: x(101), username: 'maria' },
    ],
    [
      'username, longest',
      { full_name: 'Maria', username: 'u'.repeat(30) },
      { full_name: 'Maria', username: 'u'.repeat(31) },
    ],
    [
      'username, shortest',
      { full_name: 'Maria', username: 'uuu' },
      { full_name: 'Maria', username: 'uu' },
    ],
  ])('profile %s: at the limit saved by its user, past it refused', async (_, inside, outside) => {
    const save = (profile: { full_name: string; username: string }) =>
      refusal(
        visitor,
        `update public.profiles set full_name = $1, username = $2 where id = $3 returning id`,
        [profile.full_name, profile.username, visitor.id],
      );
    expect(messageOf(profileUpdateSchema, inside)).toBeNull();
    expect(await save(inside)).toBeNull();
    expect(messageOf(profileUpdateSchema, outside)).toBe(
      outside.full_name.length > 100
        ? 'O nome completo deve ter no máximo 100 caracteres.'
        : 'O nome de usuário deve ter de 3 a 30 caracteres: letras sem acento, números, ponto ou sublinhado.',
    );
    expect(await save(outside)).toBe('23514');
  });
  // Sign-up writes the profile from the account's metadata (handle_new_user), with its own checks.
  it.each([
    [
      'full name',
      { full_name: x(100) },
      { full_name: x(101) },
      'O nome completo deve ter no máximo 100 caracteres.',
    ],
    [
      'username, longest',
      { username: 'u'.repeat(30) },
      { username: 'u'.repeat(31) },
      'O nome de usuário deve ter de 3 a 30 caracteres: letras sem acento, números, ponto ou sublinhado.',
    ],
    [
      'username, shortest',
      { username: 'uuu' },
      { username: 'uu' },
      'O nome de usuário deve ter de 3 a 30 caracteres: letras sem acento, números, ponto ou sublinhado.',
    ],
  ])(
    'sign-up %s: at the limit makes the profile, past it refuses the account',
    async (_, inside, outside, message) => {
      const signUp = async (meta: Record<string, string>) => {
        const result = await inRollback(db.sql, () =>
          attempt<{ full_name: string; username: string }>(
            db.sql,
            `with account as (
             insert into auth.users (email, raw_user_meta_data) values ($1, $2) returning id
           ) select 1 from account`,
            [
              `${crypto.randomUUID()}@teste.local`,
              JSON.stringify({ full_name: 'Maria', username: 'maria_limite', ...meta }),
            ],
          ),
        );
        return result.error ? [result.error.code, result.error.message] : null;
      };
      expect(await signUp(inside)).toBeNull();
      expect(await signUp(outside)).toEqual(['23514', message]);
    },
  );
});
