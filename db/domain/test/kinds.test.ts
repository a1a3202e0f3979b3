// The kinds table: every name of a kind of listing, and the required fields its write schema states.
import { describe, expect, it } from 'vitest';
import {
  agree,
  KINDS,
  kindOfResource,
  LISTING_FOLDER,
  LISTING_KINDS,
  LISTING_PATH,
  LISTING_RESOURCES,
  LISTING_TABLE,
  panelRoute,
} from '../src/kinds.ts';
import { LISTING_REQUIRED_FIELDS, requiredKeys } from '../src/required-fields.ts';
import { listingSchemas } from '../src/schemas.ts';

describe('the kinds table', () => {
  it('names each kind in the database, the panel, the photo folders and the public site', () => {
    expect(LISTING_KINDS).toEqual(['hospedagem', 'comercio', 'passeio']);
    expect(LISTING_RESOURCES).toEqual(['hospedagens', 'comercios', 'passeios']);
    expect(LISTING_TABLE).toEqual({
      hospedagem: 'hospedagens',
      comercio: 'comercios',
      passeio: 'passeios',
    });
    expect(LISTING_FOLDER).toEqual(LISTING_TABLE);
    expect(LISTING_PATH).toEqual({
      hospedagem: '/hospedagem',
      comercio: '/comercio',
      passeio: '/passeios',
    });
    expect(LISTING_KINDS.map(panelRoute)).toEqual([
      '/admin/hospedagens',
      '/admin/comercios',
      '/admin/passeios',
    ]);
    expect(LISTING_RESOURCES.map(kindOfResource)).toEqual(LISTING_KINDS);
  });

  it('words agree with the gender of each noun', () => {
    const phrase = (kind: (typeof LISTING_KINDS)[number]) =>
      `${agree(kind, 'Novo', 'Nova')} ${KINDS[kind].singular} · ${agree(kind, 'o', 'a')} ${KINDS[kind].singular} · ${agree(kind, 'os', 'as')} ${KINDS[kind].plural}`;
    expect(LISTING_KINDS.map(phrase)).toEqual([
      'Nova hospedagem · a hospedagem · as hospedagens',
      'Novo comércio · o comércio · os comércios',
      'Novo passeio · o passeio · os passeios',
    ]);
  });
});

describe('required fields come from the write schemas', () => {
  it('are the fields a create refuses to go without', () => {
    // "Lodging requires name, description, address, price, phone, main image and at least one
    // category. Commerce requires name, description, address, horario, phone, main image,
    // categoria. Tour requires name, description, ponto_encontro, duracao, price, phone, main
    // image, categoria; the included-items list is labelled required but not checked."
    const sorted = (fields: readonly string[]) => [...fields].sort();
    expect(sorted(LISTING_REQUIRED_FIELDS.hospedagem)).toEqual(
      sorted(['name', 'description', 'address', 'price', 'phone', 'image_url', 'categorias']),
    );
    expect(sorted(LISTING_REQUIRED_FIELDS.comercio)).toEqual(
      sorted(['name', 'description', 'address', 'horario', 'phone', 'image_url', 'categoria']),
    );
    expect(sorted(LISTING_REQUIRED_FIELDS.passeio)).toEqual(
      sorted([
        'name',
        'description',
        'ponto_encontro',
        'duracao',
        'price',
        'phone',
        'image_url',
        'categoria',
      ]),
    );
  });

  it('a field with a default or allowed blank is not required', () => {
    const optional = ['rating', 'additional_images', 'amenities', 'image_styles', 'latitude'];
    for (const field of [...optional, 'itens_incluidos']) {
      expect(requiredKeys(listingSchemas.passeio.create)).not.toContain(field);
    }
  });
});
