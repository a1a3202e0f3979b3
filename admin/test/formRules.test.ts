import { describe, expect, it } from 'vitest';
import {
  addUnique,
  emptyListingForm,
  type ListingFormState,
  listingFormFromRecord,
  listingPayload,
  missingRequiredFields,
  parseAmenities,
  validateListingForm,
} from '../src/listings/formRules.ts';

function filled(patch: Partial<ListingFormState> = {}): ListingFormState {
  return {
    ...emptyListingForm(),
    name: ' Pousada do Rio ',
    description: 'Quartos com vista para o rio.',
    address: 'Rua da Praia, 10',
    horario: '8h às 18h',
    duracao: '3 horas',
    ponto_encontro: 'Porto de Fortim',
    phone: '5588999999999',
    price: '250.5',
    image_url: 'https://example.com/a-hero.jpg',
    categorias: ['Pousada'],
    categoria: 'Restaurante',
    ...patch,
  };
}

describe('required fields per kind', () => {
  it('an empty lodging form misses name, description, address, price, phone, image and categories', () => {
    expect(missingRequiredFields('hospedagens', emptyListingForm()).sort()).toEqual(
      ['name', 'description', 'address', 'price', 'phone', 'image_url', 'categorias'].sort(),
    );
  });

  it('commerce needs horario and one categoria but no price', () => {
    expect(
      missingRequiredFields('comercios', filled({ price: '', horario: ' ', categoria: '' })),
    ).toEqual(['horario', 'categoria']);
  });

  it('tours need meeting point and duration, not the address; included items are not checked', () => {
    expect(
      missingRequiredFields(
        'passeios',
        filled({ address: '', ponto_encontro: '', duracao: '' }),
      ).sort(),
    ).toEqual(['duracao', 'ponto_encontro']);
    expect(missingRequiredFields('passeios', filled({ itens_incluidos: [] }))).toEqual([]);
  });

  it('whitespace counts as missing and gives the required-fields message', () => {
    const problem = validateListingForm('hospedagens', filled({ name: '   ' }));
    expect(problem?.title).toBe('Campos incompletos');
    expect(problem?.description).toBe('Por favor, preencha todos os campos obrigatórios.');
    expect(Object.keys(problem?.fields ?? {})).toEqual(['name']);
  });

  it('a complete form passes; a negative price or a rating above 5 does not', () => {
    expect(validateListingForm('hospedagens', filled())).toBeNull();
    expect(validateListingForm('hospedagens', filled({ price: '-1' }))?.fields.price).toBeTruthy();
    expect(validateListingForm('passeios', filled({ rating: '5.1' }))?.fields.rating).toBeTruthy();
    expect(
      validateListingForm('comercios', filled({ latitude: 'abc' }))?.fields.latitude,
    ).toBeTruthy();
  });
});

describe('payload', () => {
  it('trims, parses numbers, splits amenities and fills blank coordinates with the kind default', () => {
    const payload = listingPayload(
      'hospedagens',
      filled({ amenities: ' Wi-Fi, , Piscina ,', rating: '4,7', price: '99,90' }),
    );
    expect(payload).toMatchObject({
      name: 'Pousada do Rio',
      price: 99.9,
      rating: 4.7,
      amenities: ['Wi-Fi', 'Piscina'],
      latitude: -4.4506,
      longitude: -37.8012,
      categorias: ['Pousada'],
    });
    expect(payload).not.toHaveProperty('categoria');
    expect(listingPayload('comercios', filled())).toMatchObject({
      latitude: -4.452,
      longitude: -37.803,
      categoria: 'Restaurante',
    });
    expect(listingPayload('comercios', filled())).not.toHaveProperty('price');
    expect(
      listingPayload('passeios', filled({ latitude: '-4.5', longitude: '-37.9' })),
    ).toMatchObject({
      latitude: -4.5,
      longitude: -37.9,
      duracao: '3 horas',
      ponto_encontro: 'Porto de Fortim',
    });
  });

  it('a blank rating becomes the default 4.5', () => {
    expect(listingPayload('passeios', filled({ rating: '' })).rating).toBe(4.5);
  });

  it('editing keeps at most 3 extra photos and repairs stored image styles', () => {
    const form = listingFormFromRecord({
      name: 'X',
      additional_images: ['a', 'b', 'c', 'd'],
      amenities: ['Wi-Fi', 'TV'],
      image_styles: { scale: 9, rotate: -90, positionX: 20, objectFit: 'bogus' },
      price: 10,
      rating: null,
    });
    expect(form.additional_images).toEqual(['a', 'b', 'c']);
    expect(form.amenities).toBe('Wi-Fi, TV');
    expect(form.image_styles).toEqual({
      scale: 3,
      rotate: -45,
      positionX: 20,
      positionY: 50,
      objectFit: 'cover',
    });
    expect(form.price).toBe('10');
    expect(form.rating).toBe('');
  });
});

describe('chips and amenities', () => {
  it('a category or included item cannot be added twice, nor blank', () => {
    expect(addUnique(['Pousada'], ' pousada ')).toEqual(['Pousada']);
    expect(addUnique(['Pousada'], '  ')).toEqual(['Pousada']);
    expect(addUnique(['Pousada'], ' Hotel ')).toEqual(['Pousada', 'Hotel']);
  });

  it('amenities: comma-separated, trimmed, empties dropped', () => {
    expect(parseAmenities(' Wi-Fi ,,TV, ')).toEqual(['Wi-Fi', 'TV']);
    expect(parseAmenities('')).toEqual([]);
  });
});
