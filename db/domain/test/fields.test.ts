// The fields of each kind: the same keys as its write schema and its table, and the questions
// the screens ask of them (priced, per what, one category or several, where 'Como chegar' leads).
import { describe, expect, it } from 'vitest';
import {
  categoriesOf,
  categoryField,
  hasManyCategories,
  inTableOrder,
  isPriced,
  LISTING_FIELDS,
  placeField,
  priceUnit,
} from '../src/fields.ts';
import { KINDS, LISTING_KINDS } from '../src/kinds.ts';
import { listingSchemas, quickEditSchemas } from '../src/schemas.ts';
import { TABLE_COLUMNS } from '../src/types.ts';

const columns = (kind: (typeof LISTING_KINDS)[number]) =>
  LISTING_FIELDS[kind].fields.map((field) => field.column);

describe("each kind's fields", () => {
  for (const kind of LISTING_KINDS) {
    it(`${kind}: the write schemas' keys are the definition's columns`, () => {
      const sorted = (keys: string[]) => [...keys].sort();
      expect(sorted(Object.keys(listingSchemas[kind].create.shape))).toEqual(sorted(columns(kind)));
      // The update schema is the same shape, every key optional.
      expect(
        listingSchemas[kind].update.safeParse({ [columns(kind)[0] as string]: 'x' }).success,
      ).toBe(true);
    });

    it(`${kind}: every column is one of the table's, each once`, () => {
      const table = Object.keys(TABLE_COLUMNS[KINDS[kind].resource]);
      expect(columns(kind).filter((column) => !table.includes(column))).toEqual([]);
      expect(new Set(columns(kind)).size).toBe(columns(kind).length);
    });

    it(`${kind}: the site's details place exactly the fields with a site label`, () => {
      const { fields, details } = LISTING_FIELDS[kind];
      const placed = details.flatMap((block) =>
        typeof block === 'string' ? [block] : block.facts,
      );
      const labelled = fields.filter((field) => 'site' in field).map((field) => field.column);
      expect([...placed].sort()).toEqual([...labelled].sort());
    });
  }

  it('a price per night for lodging, per person for tours, none for businesses', () => {
    expect(LISTING_KINDS.map(isPriced)).toEqual([true, false, true]);
    expect(LISTING_KINDS.map(priceUnit)).toEqual(['noite', null, 'pessoa']);
    // The quick edit changes the price of exactly the priced kinds.
    expect(
      LISTING_KINDS.map((kind) => quickEditSchemas[kind].safeParse({ price: 10 }).success),
    ).toEqual(LISTING_KINDS.map(isPriced));
  });

  it('lodging holds several categories, the others one', () => {
    expect(LISTING_KINDS.map(hasManyCategories)).toEqual([true, false, false]);
    expect(LISTING_KINDS.map((kind) => categoryField(kind).column)).toEqual([
      'categorias',
      'categoria',
      'categoria',
    ]);
    expect(categoriesOf('hospedagem', { categorias: ['Pousada', 'Chalé'] })).toEqual([
      'Pousada',
      'Chalé',
    ]);
    expect(categoriesOf('comercio', { categoria: 'Restaurante' })).toEqual(['Restaurante']);
    expect(categoriesOf('passeio', { categoria: '' })).toEqual([]);
  });

  it("'Como chegar' leads to the address, or to a tour's meeting point", () => {
    expect(LISTING_KINDS.map((kind) => placeField(LISTING_FIELDS[kind])?.column)).toEqual([
      'address',
      'address',
      'ponto_encontro',
    ]);
  });

  it("the panel's tables: name, category, price, rating, WhatsApp, the kind's own, amenities, coordinates", () => {
    const headers = (kind: (typeof LISTING_KINDS)[number]) =>
      inTableOrder(LISTING_FIELDS[kind].fields).flatMap((field) =>
        'export' in field ? [field.export] : [],
      );
    expect(headers('comercio')).toEqual([
      'Nome',
      'Categorias',
      'Avaliação',
      'Telefone (WhatsApp)',
      'Endereço',
      'Horário',
      'Comodidades',
      'Latitude',
      'Longitude',
    ]);
    expect(headers('passeio').slice(4, 7)).toEqual([
      'Telefone (WhatsApp)',
      'Ponto de encontro',
      'Duração',
    ]);
  });
});
