import {
  DEFAULT_COORDINATES,
  DEFAULT_IMAGE_STYLES,
  DEFAULT_RATING,
  type FieldDefinition,
  type FieldType,
  firstErrorMessage,
  IMAGE_MAX_EXTRA,
  type ImageStyles,
  type KindFields,
  kindOfResource,
  LISTING_FIELDS,
  LISTING_KINDS,
  LISTING_REQUIRED_FIELDS,
  type ListingKind,
  type ListingResource,
  listingSchemas,
  MESSAGES,
  splitList,
} from '@guia-fortim/domain';
import { normalizeImageStyles } from '../images/imageStyles.ts';

type AnyField = (typeof LISTING_FIELDS)[ListingKind]['fields'][number];
type FormValue<T extends FieldType> = T extends 'categories' | 'items' | 'gallery'
  ? string[]
  : T extends 'photoStyles'
    ? ImageStyles
    : string;

/**
 * What the admin types, for every kind's fields: numbers stay text until saving so nothing typed
 * is lost; categories, included items and extra photos are lists, amenities comma-separated text.
 */
export type ListingFormState = { [F in AnyField as F['column']]: FormValue<F['type']> };

export type ListingField = keyof ListingFormState;

/** The kind's fields as the panel's screens show them. */
export function fieldsOf(kind: ListingResource): KindFields {
  return LISTING_FIELDS[kindOfResource(kind)];
}

/** The fields the kind's write schema requires (checked here first, since blank is not 0). */
export function requiredFields(kind: ListingResource): readonly ListingField[] {
  return LISTING_REQUIRED_FIELDS[kindOfResource(kind)] as readonly ListingField[];
}

/**
 * Whether a field's label carries the asterisk: the required fields, and those the definition
 * marks required without the schema checking them (a tour's included items).
 */
export function labelledRequired(kind: ListingResource, field: FieldDefinition): boolean {
  return (
    (requiredFields(kind) as readonly string[]).includes(field.column) ||
    field.markedRequired === true
  );
}

export const INCOMPLETE = { title: MESSAGES.requiredTitle, description: MESSAGES.required };

/** The value a blank form holds for a field of this type. */
function emptyValue(type: FieldType): unknown {
  if (type === 'categories' || type === 'items' || type === 'gallery') return [];
  if (type === 'photoStyles') return { ...DEFAULT_IMAGE_STYLES };
  if (type === 'rating') return String(DEFAULT_RATING);
  return '';
}

const EVERY_FIELD: readonly FieldDefinition[] = LISTING_KINDS.flatMap<FieldDefinition>(
  (kind) => LISTING_FIELDS[kind].fields,
);

/** A blank form: the kind's fields, or every kind's. */
export function emptyListingForm(
  fields: readonly FieldDefinition[] = EVERY_FIELD,
): ListingFormState {
  return Object.fromEntries(
    fields.map((field) => [field.column, emptyValue(field.type)]),
  ) as ListingFormState;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** A stored value as the form holds it. */
function formValue(type: FieldType, value: unknown): unknown {
  switch (type) {
    case 'categories':
    case 'items':
      return list(value);
    case 'gallery':
      return list(value).slice(0, IMAGE_MAX_EXTRA);
    case 'amenities':
      return list(value).join(', ');
    case 'photoStyles':
      return normalizeImageStyles(value);
    default:
      return text(value);
  }
}

export function listingFormFromRecord(
  record: Record<string, unknown>,
  fields: readonly FieldDefinition[] = EVERY_FIELD,
): ListingFormState {
  return Object.fromEntries(
    fields.map((field) => [field.column, formValue(field.type, record[field.column])]),
  ) as ListingFormState;
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
  const value: unknown = form[field];
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
 * The first problem that stops saving: the required-fields toast, then the shared zod
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

/** What the worker receives for a field: trimmed text, numbers, the kind's default coordinates
 * for blank ones. */
function payloadValue(kind: ListingResource, type: FieldType, value: unknown): unknown {
  const defaults = DEFAULT_COORDINATES[kindOfResource(kind)];
  const typed = String(value ?? '');
  switch (type) {
    case 'price':
      return parseDecimal(typed);
    case 'rating':
      return typed.trim() === '' ? DEFAULT_RATING : parseDecimal(typed);
    case 'latitude':
    case 'longitude': {
      const fallback = type === 'latitude' ? defaults.lat : defaults.lng;
      return typed.trim() === '' ? fallback : parseDecimal(typed);
    }
    case 'amenities':
      return parseAmenities(typed);
    case 'gallery':
      return list(value).slice(0, IMAGE_MAX_EXTRA);
    case 'photoStyles':
      return normalizeImageStyles(value);
    case 'categories':
    case 'items':
      return value;
    case 'category':
    case 'photo':
      return typed;
    default:
      return typed.trim();
  }
}

/** The body sent to the worker: the kind's fields only. */
export function listingPayload(
  kind: ListingResource,
  form: ListingFormState,
  fields: readonly FieldDefinition[] = fieldsOf(kind).fields,
): Record<string, unknown> {
  const values = form as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((field) => [field.column, payloadValue(kind, field.type, values[field.column])]),
  );
}
