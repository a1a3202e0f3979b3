// zod schemas for every write payload, with the specs' Portuguese messages. The worker validates
// requests with them; the admin and the site validate forms with them. The limits are the
// schema migration's CHECK constraints (tests send the same values to both).
import './zod-config.ts';
import { z } from 'zod';
import {
  APP_ROLES,
  DEFAULT_IMAGE_STYLES,
  DEFAULT_RATING,
  FULL_NAME_MAX_LENGTH,
  HISTORY_RETENTION_DAYS,
  IMAGE_ADJUSTER,
  LISTING_BULK_MAX,
  OBJECT_FITS,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  PRICE_MAX,
  PRICE_MIN,
  RATING_MAX,
  RATING_MIN,
  SLIDE_DEFAULT_LINK,
  SLIDE_MIN_ORDER,
  TEXT_LIMITS,
  USERNAME_PATTERN,
} from './constants.ts';
import { clampRating } from './format.ts';
import { IMAGE_MAX_EXTRA, isImageUrl, isLink } from './images.ts';
import { LISTING_KINDS } from './kinds.ts';
import { MOVE_DIRECTIONS, ORDERED_LISTS } from './ordered-lists.ts';
import { hasRequiredCharacters, isCommonPassword } from './passwords.ts';
import {
  LEGAL_SETTING_KEYS,
  SETTINGS_DEFAULTS,
  type SettingKey,
  SOCIAL_SETTING_KEYS,
} from './settings.ts';
import { LISTING_EVENTS } from './stats.ts';

export const MESSAGES = {
  required: 'Por favor, preencha todos os campos obrigatórios.',
  requiredTitle: 'Campos incompletos',
  unknownField: (keys: string[]) => `Campo não permitido: ${keys.join(', ')}.`,
  invalidPayload: 'Dados inválidos.',
  historyRetention: `Informe um número de dias entre ${HISTORY_RETENTION_DAYS.min} e ${HISTORY_RETENTION_DAYS.max}.`,
  nothingToUpdate: 'Nenhum campo para atualizar.',
  tooLong: (label: string, max: number) => `${label} deve ter no máximo ${max} caracteres.`,
  price: 'O preço deve ser um número maior ou igual a 0.',
  rating: 'A avaliação deve ser um número entre 0 e 5.',
  phone: 'Informe o WhatsApp com código do país e DDD, de 10 a 15 dígitos (ex.: 5588999999999).',
  imageUrl: 'Informe uma imagem válida (endereço http(s) ou caminho do site).',
  tooManyImages: (max: number) => `Você pode adicionar no máximo ${max} imagens.`,
  latitude: 'A latitude deve estar entre -90 e 90.',
  longitude: 'A longitude deve estar entre -180 e 180.',
  listItem: (label: string, max: number) =>
    `Cada item de ${label} deve ter no máximo ${max} caracteres.`,
  tooManyItems: (label: string, max: number) => `Informe no máximo ${max} itens em ${label}.`,
  imageStyles: 'Ajuste de imagem inválido.',
  categoryName: 'Digite um nome para a categoria',
  kind: 'Tipo de item inválido. Use hospedagem, comercio ou passeio.',
  id: 'Identificador inválido.',
  direction: 'Direção inválida. Use up ou down.',
  orderedList: 'Lista inválida. Use featured ou pinned.',
  bulkAction: 'Ação em lote inválida.',
  bulkIds: `Selecione de 1 a ${LISTING_BULK_MAX} itens.`,
  slideLink: 'O link deve ser um caminho do site (começando com /) ou um endereço http(s).',
  slideOrder: 'A ordem deve ser um número inteiro maior ou igual a 1.',
  order: 'A ordem deve ser um número inteiro maior ou igual a 0.',
  email: 'Por favor, insira um email válido.',
  settingValue: 'Valor muito longo (máximo de 2000 caracteres).',
  socialLink: 'Informe o endereço completo do perfil, começando com https://.',
  legalText: 'O texto não pode ficar vazio e deve ter no máximo 20000 caracteres.',
  mapsKey: 'Informe a chave da API.',
  role: 'Função inválida. Use user, moderator ou admin.',
  username:
    'O nome de usuário deve ter de 3 a 30 caracteres: letras sem acento, números, ponto ou sublinhado.',
  passwordsDiffer: 'As senhas não coincidem.',
  passwordShort: 'A senha deve ter pelo menos 8 caracteres.',
  newPasswordShort: 'A nova senha deve ter pelo menos 8 caracteres.',
  passwordCharacters: 'A senha deve ter letras (a–z) e números.',
  passwordCommon: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
} as const;

// Building blocks ---------------------------------------------------------------------------------

/** At most `max` characters as the database counts them (code points: an emoji is one). */
const atMost = (max: number) => (value: string) => [...value].length <= max;
/** The database's integer columns (order positions). */
const INT_MAX = 2_147_483_647;

const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.every(isBlank));

/**
 * A field left blank is missing ('Campos incompletos'), even where its message for a wrong value
 * speaks of the format (price, phone, …).
 */
function orRequired(message: string) {
  return (issue: { input?: unknown }) => (isBlank(issue.input) ? MESSAGES.required : message);
}

function object<T extends z.core.$ZodLooseShape>(
  shape: T,
  invalid: (issue: { input?: unknown }) => string = () => MESSAGES.invalidPayload,
) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? MESSAGES.unknownField(issue.keys) : invalid(issue),
  });
}

function text(label: string, max: number) {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .refine(atMost(max), MESSAGES.tooLong(label, max));
}

/** A list of labels: trimmed, empties dropped, repeats (ignoring case) removed. */
function labels(label: string, maxItems: number, maxLength: number) {
  return z
    .array(z.string({ error: orRequired(MESSAGES.invalidPayload) }), {
      error: orRequired(MESSAGES.invalidPayload),
    })
    .transform((items) => {
      const seen = new Set<string>();
      return items
        .map((item) => item.trim())
        .filter((item) => {
          const key = item.toLowerCase();
          if (!item || seen.has(key)) return false;
          seen.add(key);
          return true;
        });
    })
    .pipe(
      z
        .array(z.string().refine(atMost(maxLength), MESSAGES.listItem(label, maxLength)))
        .max(maxItems, MESSAGES.tooManyItems(label, maxItems)),
    );
}

const imageUrl = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .refine(isImageUrl, MESSAGES.imageUrl);

const additionalImages = z
  .array(imageUrl, { error: orRequired(MESSAGES.invalidPayload) })
  .max(IMAGE_MAX_EXTRA, { error: orRequired(MESSAGES.tooManyImages(IMAGE_MAX_EXTRA)) });

const price = z
  .number({ error: orRequired(MESSAGES.price) })
  .min(PRICE_MIN, MESSAGES.price)
  .max(PRICE_MAX, MESSAGES.price);

const rating = z
  .number({ error: orRequired(MESSAGES.rating) })
  .min(RATING_MIN, MESSAGES.rating)
  .max(RATING_MAX, MESSAGES.rating);

/** Accepts "+55 (88) 99999-0000" and stores the digits only. */
const phone = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().regex(PHONE_PATTERN, MESSAGES.phone));

/** Optional coordinates: blank (null or absent) is saved as 0. */
function coordinate(limit: number, message: string) {
  return z
    .number({ error: orRequired(message) })
    .min(-limit, message)
    .max(limit, message)
    .nullish()
    .transform((value) => value ?? 0);
}

function styleNumber(range: { min: number; max: number }) {
  return z
    .number({ error: orRequired(MESSAGES.imageStyles) })
    .min(range.min, MESSAGES.imageStyles)
    .max(range.max, MESSAGES.imageStyles);
}

/** Missing keys take the defaults (scale 1, rotate 0, position 50/50, cover). */
export const imageStylesSchema = object(
  {
    scale: styleNumber(IMAGE_ADJUSTER.zoom).default(DEFAULT_IMAGE_STYLES.scale),
    rotate: styleNumber(IMAGE_ADJUSTER.rotation).default(DEFAULT_IMAGE_STYLES.rotate),
    positionX: styleNumber(IMAGE_ADJUSTER.position).default(DEFAULT_IMAGE_STYLES.positionX),
    positionY: styleNumber(IMAGE_ADJUSTER.position).default(DEFAULT_IMAGE_STYLES.positionY),
    objectFit: z
      .enum(OBJECT_FITS, { error: orRequired(MESSAGES.imageStyles) })
      .default(DEFAULT_IMAGE_STYLES.objectFit),
  },
  orRequired(MESSAGES.invalidPayload),
);
const imageStyles = imageStylesSchema.default({ ...DEFAULT_IMAGE_STYLES });

const uuid = z.uuid({ error: orRequired(MESSAGES.id) });
const kind = z.enum(LISTING_KINDS, { error: orRequired(MESSAGES.kind) });
const flag = z.boolean({ error: orRequired(MESSAGES.invalidPayload) });

/** An update sends only the fields it changes, at least one. */
function patch<T extends z.core.$ZodLooseShape>(shape: T) {
  const optional = Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, (schema as z.ZodType).optional()]),
  ) as { [K in keyof T]: z.ZodOptional<T[K]> };
  return object(optional).refine(
    (value) => Object.values(value).some((v) => v !== undefined),
    MESSAGES.nothingToUpdate,
  );
}

// Listings ---------------------------------------------------------------------------------------

const listingShape = {
  name: text('O nome', TEXT_LIMITS.name),
  description: text('A descrição', TEXT_LIMITS.description),
  phone,
  rating,
  image_url: imageUrl,
  additional_images: additionalImages,
  amenities: labels('comodidades', TEXT_LIMITS.listItems, TEXT_LIMITS.listItem),
  image_styles: imageStylesSchema,
  latitude: coordinate(90, MESSAGES.latitude),
  longitude: coordinate(180, MESSAGES.longitude),
};

const listingDefaults = {
  rating: rating.default(DEFAULT_RATING),
  additional_images: additionalImages.default([]),
  amenities: listingShape.amenities.default([]),
  image_styles: imageStyles,
};

const hospedagemShape = {
  ...listingShape,
  address: text('O endereço', TEXT_LIMITS.address),
  price,
  categorias: labels('categorias', TEXT_LIMITS.categorias, TEXT_LIMITS.categoryName).refine(
    (items) => items.length > 0,
    MESSAGES.required,
  ),
};

const comercioShape = {
  ...listingShape,
  address: text('O endereço', TEXT_LIMITS.address),
  horario: text('O horário', TEXT_LIMITS.horario),
  categoria: text('A categoria', TEXT_LIMITS.categoryName),
};

const passeioShape = {
  ...listingShape,
  price,
  duracao: text('A duração', TEXT_LIMITS.duracao),
  ponto_encontro: text('O ponto de encontro', TEXT_LIMITS.pontoEncontro),
  itens_incluidos: labels('itens incluídos', TEXT_LIMITS.listItems, TEXT_LIMITS.includedItem),
  categoria: text('A categoria', TEXT_LIMITS.categoryName),
};

export const hospedagemCreateSchema = object({ ...hospedagemShape, ...listingDefaults });
export const hospedagemUpdateSchema = patch(hospedagemShape);
export const comercioCreateSchema = object({ ...comercioShape, ...listingDefaults });
export const comercioUpdateSchema = patch(comercioShape);
export const passeioCreateSchema = object({
  ...passeioShape,
  ...listingDefaults,
  itens_incluidos: passeioShape.itens_incluidos.default([]),
});
export const passeioUpdateSchema = patch(passeioShape);

export const listingSchemas = {
  hospedagem: { create: hospedagemCreateSchema, update: hospedagemUpdateSchema },
  comercio: { create: comercioCreateSchema, update: comercioUpdateSchema },
  passeio: { create: passeioCreateSchema, update: passeioUpdateSchema },
} as const;

/** Quick edit: the rating clamped to 0–5, 0 when not a number; a price of at least 0 where the
 * kind has one (blank or negative is refused). */
const quickRating = z.unknown().transform(clampRating);
export const quickEditSchemas = {
  hospedagem: patch({ rating: quickRating, price }),
  comercio: patch({ rating: quickRating }),
  passeio: patch({ rating: quickRating, price }),
} as const;

// The ordered lists, featured and pinned (the SQL functions' arguments) ---------------------------

export const orderedListSchema = z.enum(ORDERED_LISTS, { error: orRequired(MESSAGES.orderedList) });
/** An item into (`included`) or out of one of its kind's ordered lists: set_in_list. */
export const setInListSchema = object({
  list: orderedListSchema,
  kind,
  item_id: uuid,
  included: flag,
});
/** One place up or down: the body of a move (an item in its list, a category). */
export const moveSchema = object({
  direction: z.enum(MOVE_DIRECTIONS, { error: orRequired(MESSAGES.direction) }),
});
/** An item one place up or down in its list: move_in_list. */
export const moveInListSchema = object({
  list: orderedListSchema,
  kind,
  item_id: uuid,
  direction: moveSchema.shape.direction,
});

/** The lists' bulk actions: to the trash, into or out of the featured and the pinned. */
export const LISTING_BULK_ACTIONS = ['delete', 'feature', 'unfeature', 'pin', 'unpin'] as const;
export type ListingBulkAction = (typeof LISTING_BULK_ACTIONS)[number];
/** Several listings of one kind at once, in the order their ordering positions are given. */
export const listingBulkSchema = object({
  action: z.enum(LISTING_BULK_ACTIONS, { error: orRequired(MESSAGES.bulkAction) }),
  ids: z
    .array(uuid, { error: orRequired(MESSAGES.bulkIds) })
    .min(1, MESSAGES.bulkIds)
    .max(LISTING_BULK_MAX, MESSAGES.bulkIds),
});

// Categories -------------------------------------------------------------------------------------

const categoryName = z
  .string({ error: MESSAGES.categoryName })
  .trim()
  .min(1, MESSAGES.categoryName)
  .refine(
    atMost(TEXT_LIMITS.categoryName),
    MESSAGES.tooLong('O nome da categoria', TEXT_LIMITS.categoryName),
  );
const orderPosition = z
  .int({ error: orRequired(MESSAGES.order) })
  .min(0, MESSAGES.order)
  .max(INT_MAX, MESSAGES.order);

/** order_position is not sent: the database puts a new category last (max + 1). */
export const categoryCreateSchema = object({
  name: categoryName,
  type: kind,
  is_active: flag.default(true),
});
export const categoryUpdateSchema = patch({
  name: categoryName,
  is_active: flag,
  order_position: orderPosition,
});

// Carousel slides --------------------------------------------------------------------------------

const slideShape = {
  title: text('O título', TEXT_LIMITS.slideTitle),
  subtitle: text('O subtítulo', TEXT_LIMITS.slideSubtitle),
  image_url: imageUrl,
  link: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .refine(isLink, MESSAGES.slideLink),
  is_active: flag,
  order_position: z
    .int({ error: orRequired(MESSAGES.slideOrder) })
    .min(SLIDE_MIN_ORDER, MESSAGES.slideOrder)
    .max(INT_MAX, MESSAGES.slideOrder),
  image_styles: imageStylesSchema,
};

/** Without order_position the database puts the slide last (number of slides + 1). */
export const slideCreateSchema = object({
  ...slideShape,
  link: slideShape.link.default(SLIDE_DEFAULT_LINK),
  is_active: slideShape.is_active.default(true),
  order_position: slideShape.order_position.optional(),
  image_styles: imageStyles,
});
export const slideUpdateSchema = patch(slideShape);

// Site settings ----------------------------------------------------------------------------------

const settingValue = z
  .string({ error: orRequired(MESSAGES.invalidPayload) })
  .trim()
  .refine(atMost(TEXT_LIMITS.settingValue), MESSAGES.settingValue);

/** Empty (not shown) or an http(s) address. */
const socialLink = settingValue.refine(
  (value) => value === '' || (isLink(value) && /^https?:\/\//i.test(value)),
  MESSAGES.socialLink,
);
const legalText = z
  .string({ error: orRequired(MESSAGES.invalidPayload) })
  .trim()
  .min(1, MESSAGES.legalText)
  .refine(atMost(TEXT_LIMITS.legalText), MESSAGES.legalText);

const settingsShape = Object.fromEntries(
  Object.keys(SETTINGS_DEFAULTS).map((key) => [key, settingValue]),
) as Record<SettingKey, typeof settingValue>;

/** Any subset of the settings (one card saves its own keys). */
export const settingsUpdateSchema = patch({
  ...settingsShape,
  contact_email: settingValue.refine(
    (value) => value === '' || z.email().safeParse(value).success,
    MESSAGES.email,
  ),
  ...Object.fromEntries(SOCIAL_SETTING_KEYS.map((key) => [key, socialLink])),
  ...Object.fromEntries(LEGAL_SETTING_KEYS.map((key) => [key, legalText])),
  history_retention_days: settingValue.refine((value) => {
    const days = /^[0-9]{1,4}$/.test(value) ? Number(value) : Number.NaN;
    return days >= HISTORY_RETENTION_DAYS.min && days <= HISTORY_RETENTION_DAYS.max;
  }, MESSAGES.historyRetention),
});

// Trash and history ------------------------------------------------------------------------------

/** The trash item an admin restores or purges ('Item não encontrado.' for anything else). */
export const trashIdParam = z.object({ id: z.uuid({ error: 'Item não encontrado.' }) });
/** A history entry's id (a positive integer). */
export const historyIdParam = z.object({
  id: z.coerce
    .number({ error: 'Versão não encontrada.' })
    .int('Versão não encontrada.')
    .positive('Versão não encontrada.')
    .max(Number.MAX_SAFE_INTEGER, 'Versão não encontrada.'),
});

// Accounts ---------------------------------------------------------------------------------------

const email = z
  .string({ error: MESSAGES.email })
  .trim()
  .min(1, MESSAGES.email)
  .pipe(z.email({ error: MESSAGES.email }));
/** Left blank it is missing ('Campos incompletos'), like every other required field. */
const username = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .regex(USERNAME_PATTERN, MESSAGES.username);
const fullName = text('O nome completo', FULL_NAME_MAX_LENGTH);
const requiredPassword = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required);
/** A password being chosen: the rules Supabase Auth applies, with their Portuguese messages. */
const newPassword = (short: string) =>
  z
    .string({ error: MESSAGES.required })
    .min(PASSWORD_MIN_LENGTH, short)
    .refine(hasRequiredCharacters, MESSAGES.passwordCharacters)
    .refine((value) => !isCommonPassword(value), MESSAGES.passwordCommon);

export const profileUpdateSchema = object({ full_name: fullName, username });

export const signUpSchema = object({
  fullName,
  username,
  email,
  password: newPassword(MESSAGES.passwordShort),
  confirmPassword: requiredPassword,
}).refine((v) => v.password === v.confirmPassword, {
  message: MESSAGES.passwordsDiffer,
  path: ['confirmPassword'],
});

export const signInSchema = object({ email, password: requiredPassword });
export const forgotPasswordSchema = object({ email });

export const resetPasswordSchema = object({
  password: newPassword(MESSAGES.passwordShort),
  confirmPassword: requiredPassword,
}).refine((v) => v.password === v.confirmPassword, {
  message: MESSAGES.passwordsDiffer,
  path: ['confirmPassword'],
});

export const changePasswordSchema = object({
  currentPassword: requiredPassword,
  newPassword: newPassword(MESSAGES.newPasswordShort),
  confirmPassword: requiredPassword,
}).refine((v) => v.newPassword === v.confirmPassword, {
  message: MESSAGES.passwordsDiffer,
  path: ['confirmPassword'],
});

// Roles ------------------------------------------------------------------------------------------

const grantEmail = z.string({ error: MESSAGES.email }).trim().min(1, MESSAGES.email);
const role = z.enum(APP_ROLES, { error: orRequired(MESSAGES.role) });

export const grantAdminSchema = object({ user_email: grantEmail });
export const setUserRoleSchema = object({ user_id: uuid, new_role: role });
/** The worker's bodies: POST /api/admin/grant {email} and PUT /api/users/:id/role {role}. */
export const grantAdminBodySchema = object({ email: grantEmail });
export const userRoleBodySchema = object({ role });

/** The first message of a failed parse, for a toast. */
// Listing statistics ------------------------------------------------------------------

/** One visitor action, as the site's beacon sends it (JSON in a text/plain body); any failure is
 * answered with STATS_MESSAGES.invalidEvent. */
export const listingEventSchema = z.strictObject({
  kind: z.enum(LISTING_KINDS),
  id: z.uuid(),
  event: z.enum(LISTING_EVENTS),
});

export function firstErrorMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? MESSAGES.invalidPayload;
}
