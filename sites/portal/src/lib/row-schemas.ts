// Shapes of the rows the build reads, checked before anything is rendered so a bad row fails the
// build with its table and slug instead of publishing a broken page.
// TODO(db): read-row schemas belong in db/src next to the write schemas; move them there.
import type {
  CarouselSlide,
  Comercio,
  Hospedagem,
  ImageStyles,
  Passeio,
  SiteSetting,
} from '@guia-fortim/domain';
import { z } from 'astro/zod';

const imageStyles = z.object({
  scale: z.number(),
  rotate: z.number(),
  positionX: z.number().min(0).max(100),
  positionY: z.number().min(0).max(100),
  objectFit: z.enum(['cover', 'contain', 'fill', 'scale-down']),
}) satisfies z.ZodType<ImageStyles>;

const text = z.string().min(1);
const labels = z.array(z.string());

const listing = {
  id: z.string(),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: text,
  description: z.string(),
  phone: z.string(),
  rating: z.number().min(0).max(5),
  image_url: text,
  additional_images: labels,
  amenities: labels,
  image_styles: imageStyles,
  latitude: z.number(),
  longitude: z.number(),
  is_featured: z.boolean(),
  featured_order: z.number().int(),
  is_pinned: z.boolean(),
  pin_order: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const hospedagemRow = z.object({
  ...listing,
  address: z.string(),
  price: z.number(),
  categorias: labels,
}) satisfies z.ZodType<Hospedagem>;

export const comercioRow = z.object({
  ...listing,
  address: z.string(),
  horario: z.string(),
  categoria: z.string(),
}) satisfies z.ZodType<Comercio>;

export const passeioRow = z.object({
  ...listing,
  price: z.number(),
  duracao: z.string(),
  ponto_encontro: z.string(),
  itens_incluidos: labels,
  categoria: z.string(),
}) satisfies z.ZodType<Passeio>;

export const slideRow = z.object({
  id: z.string(),
  title: text,
  subtitle: z.string(),
  image_url: text,
  link: text,
  is_active: z.boolean(),
  order_position: z.number().int(),
  image_styles: imageStyles,
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<CarouselSlide>;

export const categoryRow = z.object({
  name: text,
  type: z.enum(['hospedagem', 'comercio', 'passeio']),
  order_position: z.number().int(),
});

export const settingRow = z.object({
  setting_key: z.string(),
  setting_value: z.string(),
}) satisfies z.ZodType<Pick<SiteSetting, 'setting_key' | 'setting_value'>>;
