// The fields of each kind of listing, stated once: the column, the panel's label, what the value
// means (its type) and where else it shows. The panel's form lists a kind's fields in this order;
// its list and CSV, and the site's listing details, show the fields that name a header or a site
// label. The write schemas (schemas.ts) hold the same keys (a test compares them).
import type { ListingKind } from './types.ts';

/** What a field's value means, which decides how each screen reads, edits and shows it. */
export type FieldType =
  /** The listing's name: the list's first column, a card's link. */
  | 'title'
  | 'text'
  /** Several paragraphs. */
  | 'longText'
  /** Where the place is: the summary under the name shows it; 'Como chegar' leads there. */
  | 'address'
  /** Where a tour starts: 'Como chegar' leads there. */
  | 'meetingPoint'
  /** Opening hours. */
  | 'hours'
  | 'duration'
  /** A price in reais, per `priceUnit`. */
  | 'price'
  | 'whatsapp'
  | 'rating'
  /** One category of the kind's list. */
  | 'category'
  /** Several categories of the kind's list. */
  | 'categories'
  /** A list of short texts (a tour's included items). */
  | 'items'
  /** Comma-separated in the form, chips on the site. */
  | 'amenities'
  | 'latitude'
  | 'longitude'
  /** The main photo. */
  | 'photo'
  /** The main photo's framing. */
  | 'photoStyles'
  /** The extra photos. */
  | 'gallery';

export type PriceUnit = 'noite' | 'pessoa';

export interface FieldDefinition {
  column: string;
  /** The panel's name for it ('Nome *' in the form, 'Nome' in the history). */
  label: string;
  type: FieldType;
  /** Prices only. */
  unit?: PriceUnit;
  /** The form's label carries the asterisk though the schema does not require it. */
  markedRequired?: boolean;
  /** Header of the panel list's column, when the list shows it. */
  list?: string;
  /** Header of the CSV export's column, when the export has it. */
  export?: string;
  /** Title of its section or name of its line in the site's listing details. */
  site?: string;
}

/** A group of facts (label and value) in the site's listing details, titled or not. */
export interface DetailsFacts {
  title?: string;
  facts: readonly string[];
}

/** The site's listing details top to bottom: a field's own section (its column), or facts. */
export type DetailsBlock = string | DetailsFacts;

export interface KindFields {
  /** In the form's order. */
  fields: readonly FieldDefinition[];
  details: readonly DetailsBlock[];
}

const name = {
  column: 'name',
  label: 'Nome',
  type: 'title',
  list: 'Nome',
  export: 'Nome',
} as const;
const description = { column: 'description', label: 'Descrição', type: 'longText' } as const;
const address = {
  column: 'address',
  label: 'Endereço',
  type: 'address',
  export: 'Endereço',
  site: 'Endereço',
} as const;
const price = {
  column: 'price',
  label: 'Preço (R$)',
  type: 'price',
  list: 'Preço',
  export: 'Preço (R$)',
} as const;
const phone = {
  column: 'phone',
  label: 'Telefone (WhatsApp)',
  type: 'whatsapp',
  export: 'Telefone (WhatsApp)',
} as const;
const rating = {
  column: 'rating',
  label: 'Avaliação (0 a 5)',
  type: 'rating',
  list: 'Avaliação',
  export: 'Avaliação',
} as const;
const categoria = {
  column: 'categoria',
  label: 'Categoria',
  type: 'category',
  list: 'Categorias',
  export: 'Categorias',
} as const;
const amenities = {
  column: 'amenities',
  label: 'Comodidades',
  type: 'amenities',
  export: 'Comodidades',
} as const;
const coordinates = [
  { column: 'latitude', label: 'Latitude', type: 'latitude', export: 'Latitude' },
  { column: 'longitude', label: 'Longitude', type: 'longitude', export: 'Longitude' },
] as const;
const photos = [
  { column: 'image_url', label: 'Imagem principal', type: 'photo' },
  { column: 'image_styles', label: 'Ajuste da imagem', type: 'photoStyles' },
  { column: 'additional_images', label: 'Fotos adicionais', type: 'gallery' },
] as const;

export const LISTING_FIELDS = {
  hospedagem: {
    fields: [
      name,
      { ...description, site: 'Sobre a Hospedagem' },
      address,
      { ...price, unit: 'noite', site: 'Preço por noite' },
      phone,
      rating,
      {
        column: 'categorias',
        label: 'Categorias',
        type: 'categories',
        list: 'Categorias',
        export: 'Categorias',
      },
      { ...amenities, site: 'Comodidades' },
      ...coordinates,
      ...photos,
    ],
    details: [
      'description',
      'amenities',
      { title: 'Informações Práticas', facts: ['price', 'address'] },
    ],
  },
  comercio: {
    fields: [
      name,
      { ...description, site: 'Sobre o Estabelecimento' },
      address,
      {
        column: 'horario',
        label: 'Horário de funcionamento',
        type: 'hours',
        export: 'Horário',
        site: 'Horário de funcionamento',
      },
      phone,
      rating,
      categoria,
      { ...amenities, site: 'Facilidades' },
      ...coordinates,
      ...photos,
    ],
    details: ['description', 'amenities', { facts: ['horario', 'address'] }],
  },
  passeio: {
    fields: [
      name,
      { ...description, site: 'Sobre o Passeio' },
      {
        column: 'ponto_encontro',
        label: 'Ponto de encontro',
        type: 'meetingPoint',
        export: 'Ponto de encontro',
        site: 'Ponto de Encontro',
      },
      { column: 'duracao', label: 'Duração', type: 'duration', export: 'Duração', site: 'Duração' },
      { ...price, unit: 'pessoa', site: 'Preço por pessoa' },
      phone,
      rating,
      categoria,
      {
        column: 'itens_incluidos',
        label: 'Itens incluídos',
        type: 'items',
        markedRequired: true,
        site: 'O que está incluído',
      },
      { ...amenities, site: 'Facilidades' },
      ...coordinates,
      ...photos,
    ],
    details: [
      'description',
      { facts: ['duracao', 'ponto_encontro'] },
      'itens_incluidos',
      'amenities',
      { facts: ['price'] },
    ],
  },
} as const satisfies Record<ListingKind, KindFields>;

function fieldOfType(definition: KindFields, ...types: FieldType[]): FieldDefinition | undefined {
  return definition.fields.find((field) => types.includes(field.type));
}

/** The kind's price field, if it has a price. */
export function priceField(definition: KindFields): FieldDefinition | undefined {
  return fieldOfType(definition, 'price');
}

/** Whether the kind has a price (lodging per night, tours per person; businesses none). */
export function isPriced(kind: ListingKind): boolean {
  return priceField(LISTING_FIELDS[kind]) !== undefined;
}

/** 'noite', 'pessoa', or null for a kind without a price. */
export function priceUnit(kind: ListingKind): PriceUnit | null {
  return priceField(LISTING_FIELDS[kind])?.unit ?? null;
}

/** The kind's category field: one category ('category') or several ('categories'). */
export function categoryField(kind: ListingKind): FieldDefinition {
  return fieldOfType(LISTING_FIELDS[kind], 'category', 'categories') as FieldDefinition;
}

/** Whether a listing of the kind holds several categories (lodging) or one. */
export function hasManyCategories(kind: ListingKind): boolean {
  return categoryField(kind).type === 'categories';
}

/** A listing's categories, one or several, as a list. */
export function categoriesOf(kind: ListingKind, row: Record<string, unknown>): string[] {
  const value = row[categoryField(kind).column];
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value ? [value] : [];
}

/** The field 'Como chegar' leads to: the address, or where a tour meets. */
export function placeField(definition: KindFields): FieldDefinition | undefined {
  return fieldOfType(definition, 'address', 'meetingPoint');
}

/** The rank of each type in the panel's tables (its list and its CSV): what identifies a listing
 * first, then its own details in the form's order, then amenities and coordinates. */
const TABLE_RANK: Partial<Record<FieldType, number>> = {
  title: 0,
  category: 1,
  categories: 1,
  price: 2,
  rating: 3,
  whatsapp: 4,
  amenities: 6,
  latitude: 7,
  longitude: 8,
};
const DETAILS_RANK = 5;

/** The fields in the order of the panel's list and CSV columns. */
export function inTableOrder(fields: readonly FieldDefinition[]): FieldDefinition[] {
  const rank = (field: FieldDefinition) => TABLE_RANK[field.type] ?? DETAILS_RANK;
  return [...fields].sort((a, b) => rank(a) - rank(b));
}
