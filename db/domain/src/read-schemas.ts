// zod schemas of the rows the public site reads, as the REST API returns them, checked before
// anything is rendered so that a bad row fails the build with its table and slug instead of
// publishing a broken page. A stored row is what the write schema accepts plus the columns the
// database assigns (id, slug, order, timestamps): each rule (required fields, limits, kinds, image
// styles) is the write schemas' own.
import './zod-config.ts';
import { z } from 'zod';
import {
  categoryCreateSchema,
  categoryUpdateSchema,
  comercioUpdateSchema,
  hospedagemUpdateSchema,
  passeioUpdateSchema,
  slideUpdateSchema,
} from './schemas.ts';
import type {
  CarouselSlide,
  Category,
  Comercio,
  Hospedagem,
  Passeio,
  SiteSetting,
} from './types.ts';

/** The slugs the database assigns (its check constraint on every listing table). */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The update schemas hold the rule of every column a form writes, without the create defaults;
 * a stored row has each of them.
 */
function stored<T extends Record<string, z.ZodOptional>>(update: { shape: T }) {
  return Object.fromEntries(
    Object.entries(update.shape).map(([column, schema]) => [column, schema.unwrap()]),
  ) as { [K in keyof T]: T[K]['def']['innerType'] };
}

const timestamps = { created_at: z.string(), updated_at: z.string() };

const assigned = {
  id: z.string(),
  slug: z.string().regex(SLUG_PATTERN),
  is_featured: z.boolean(),
  featured_order: z.number().int(),
  is_pinned: z.boolean(),
  pin_order: z.number().int(),
  ...timestamps,
};

export const hospedagemRowSchema = z.object({
  ...stored(hospedagemUpdateSchema),
  ...assigned,
}) satisfies z.ZodType<Hospedagem>;

export const comercioRowSchema = z.object({
  ...stored(comercioUpdateSchema),
  ...assigned,
}) satisfies z.ZodType<Comercio>;

export const passeioRowSchema = z.object({
  ...stored(passeioUpdateSchema),
  ...assigned,
}) satisfies z.ZodType<Passeio>;

export const slideRowSchema = z.object({
  ...stored(slideUpdateSchema),
  id: z.string(),
  ...timestamps,
}) satisfies z.ZodType<CarouselSlide>;

/** What the site reads of a category: its name, kind and position. */
export const categoryRowSchema = z.object({
  name: stored(categoryUpdateSchema).name,
  type: categoryCreateSchema.shape.type,
  order_position: stored(categoryUpdateSchema).order_position,
}) satisfies z.ZodType<Pick<Category, 'name' | 'type' | 'order_position'>>;

export const settingRowSchema = z.object({
  setting_key: z.string(),
  setting_value: z.string(),
}) satisfies z.ZodType<Pick<SiteSetting, 'setting_key' | 'setting_value'>>;
