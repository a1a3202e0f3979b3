import {
  clampRating as clampSharedRating,
  DEFAULT_COORDINATES,
  DEFAULT_IMAGE_STYLES,
  DEFAULT_RATING,
  firstErrorMessage,
  IMAGE_MAX_EXTRA,
  type ImageStyles,
  kindOfResource,
  LISTING_REQUIRED_FIELDS,
  type ListingResource,
  listingSchemas,
  MESSAGES,
  splitList,
} from '@guia-fortim/domain';
import { normalizeImageStyles } from '../images/imageStyles.ts';

/** What the admin types: numbers stay text until saving so nothing typed is lost. */
export interface ListingFormState {
  name: string;
  description: string;
  address: string;
  horario: string;
  duracao: string;
  ponto_encontro: string;
  phone: string;
  price: string;
  rating: string;
  latitude: string;
  longitude: string;
  amenities: string;
  /** Hospedagens: several categories. */
  categorias: string[];
  /** Comércios and passeios: one category. */
  categoria: string;
  itens_incluidos: string[];
  image_url: string;
  additional_images: string[];
  image_styles: ImageStyles;
}

export type ListingField = keyof ListingFormState;

/** The fields the kind's write schema requires (checked here first, since blank is not 0). */
export function requiredFields(kind: ListingResource): readonly ListingField[] {
  return LISTING_REQUIRED_FIELDS[kindOfResource(kind)];
}

/**
 * Whether a field's label carries the asterisk: the required fields, and the tours' included
 * items, which admin spec §5 has "labelled required but not checked".
 */
export function labelledRequired(kind: ListingResource, field: ListingField): boolean {
  return (
    requiredFields(kind).includes(field) || (kind === 'passeios' && field === 'itens_incluidos')
  );
}

export const INCOMPLETE = { title: MESSAGES.requiredTitle, description: MESSAGES.required };

export function emptyListingForm(): ListingFormState {
  return {
    name: '',
    description: '',
    address: '',
    horario: '',
    duracao: '',
    ponto_encontro: '',
    phone: '',
    price: '',
    rating: String(DEFAULT_RATING),
    latitude: '',
    longitude: '',
    amenities: '',
    categorias: [],
    categoria: '',
    itens_incluidos: [],
    image_url: '',
    additional_images: [],
    image_styles: { ...DEFAULT_IMAGE_STYLES },
  };
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

export function listingFormFromRecord(record: Record<string, unknown>): ListingFormState {
  return {
    ...emptyListingForm(),
    name: text(record.name),
    description: text(record.description),
    address: text(record.address),
    horario: text(record.horario),
    duracao: text(record.duracao),
    ponto_encontro: text(record.ponto_encontro),
    phone: text(record.phone),
    price: text(record.price),
    rating: record.rating === null || record.rating === undefined ? '' : text(record.rating),
    latitude: text(record.latitude),
    longitude: text(record.longitude),
    amenities: list(record.amenities).join(', '),
    categorias: list(record.categorias),
    categoria: text(record.categoria),
    itens_incluidos: list(record.itens_incluidos),
    image_url: text(record.image_url),
    additional_images: list(record.additional_images).slice(0, IMAGE_MAX_EXTRA),
    image_styles: normalizeImageStyles(record.image_styles),
  };
}

/** Comma-separated amenities: trimmed, empties dropped. */
export const parseAmenities = splitList;

/** Adds a chip unless it is blank or already there (compared trimmed, case-insensitively). */
export function addUnique(items: readonly string[], value: string): string[] {
  const item = value.trim();
  if (item === '') return [...items];
  const taken = items.some(
    (existing) => existing.toLocaleLowerCase('pt-BR') === item.toLocaleLowerCase('pt-BR'),
  );
  return taken ? [...items] : [...items, item];
}

function isBlank(form: ListingFormState, field: ListingField): boolean {
  const value = form[field];
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'string' && value.trim() === '';
}

export function missingRequiredFields(
  kind: ListingResource,
  form: ListingFormState,
): ListingField[] {
  return requiredFields(kind).filter((field) => isBlank(form, field));
}

function parseDecimal(value: string): number {
  return Number(value.trim().replace(',', '.'));
}

export interface FormProblem {
  title: string;
  description: string;
  fields: Partial<Record<ListingField, string>>;
}

/**
 * The first problem that stops saving: the spec's required-fields toast, then the shared zod
 * schema the worker also applies (phone, price, rating, coordinates, lengths). Null when valid.
 */
export function validateListingForm(
  kind: ListingResource,
  form: ListingFormState,
): FormProblem | null {
  const missing = missingRequiredFields(kind, form);
  if (missing.length > 0) {
    return {
      ...INCOMPLETE,
      fields: Object.fromEntries(missing.map((field) => [field, 'Campo obrigatório'])),
    };
  }
  const parsed = listingSchemas[kindOfResource(kind)].create.safeParse(listingPayload(kind, form));
  if (parsed.success) return null;
  const fields: FormProblem['fields'] = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as ListingField;
    if (field && !fields[field]) fields[field] = issue.message;
  }
  return { title: 'Valores inválidos', description: firstErrorMessage(parsed.error), fields };
}

/** The body sent to the worker: trimmed text, numbers, per-kind defaults for blank coordinates. */
export function listingPayload(
  kind: ListingResource,
  form: ListingFormState,
): Record<string, unknown> {
  const coordinate = (value: string, fallback: number) =>
    value.trim() === '' ? fallback : parseDecimal(value);
  const defaults = DEFAULT_COORDINATES[kindOfResource(kind)];
  const common = {
    name: form.name.trim(),
    description: form.description.trim(),
    phone: form.phone.trim(),
    rating: form.rating.trim() === '' ? DEFAULT_RATING : parseDecimal(form.rating),
    image_url: form.image_url,
    additional_images: form.additional_images.slice(0, IMAGE_MAX_EXTRA),
    amenities: parseAmenities(form.amenities),
    image_styles: normalizeImageStyles(form.image_styles),
    latitude: coordinate(form.latitude, defaults.lat),
    longitude: coordinate(form.longitude, defaults.lng),
  };
  if (kind === 'hospedagens') {
    return {
      ...common,
      address: form.address.trim(),
      price: parseDecimal(form.price),
      categorias: form.categorias,
    };
  }
  if (kind === 'comercios') {
    return {
      ...common,
      address: form.address.trim(),
      horario: form.horario.trim(),
      categoria: form.categoria,
    };
  }
  return {
    ...common,
    price: parseDecimal(form.price),
    duracao: form.duracao.trim(),
    ponto_encontro: form.ponto_encontro.trim(),
    itens_incluidos: form.itens_incluidos,
    categoria: form.categoria,
  };
}

/** Quick edit: the rating is clamped to 0–5 and becomes 0 when it is not a number. */
export function clampRating(value: string | number): number {
  return clampSharedRating(typeof value === 'number' ? value : value.replace(',', '.'));
}
