import { DEFAULT_IMAGE_STYLES } from '@guia-fortim/domain';
import { describe, expect, it } from 'vitest';
import { imageSources, imageStyle } from '../../src/lib/images.ts';
import { mapPlaces, placesOfFilter } from '../../src/lib/map-places.ts';
import { currentSection, pagePath } from '../../src/lib/navigation.ts';
import { jsonLdScript, passeioData } from '../../src/lib/structured-data.ts';

const listing = {
  id: '1',
  slug: 'barco',
  name: 'Barco </script><script>alert(1)</script>',
  description: 'Passeio',
  phone: '5588999110001',
  rating: 4.5,
  image_url: '/demo/passeios/barco-1-hero.jpg',
  additional_images: [],
  amenities: [],
  image_styles: { ...DEFAULT_IMAGE_STYLES },
  latitude: 0,
  longitude: 0,
  is_featured: false,
  featured_order: 0,
  is_pinned: false,
  pin_order: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  price: 90,
  duracao: '3 horas',
  ponto_encontro: 'Porto',
  itens_incluidos: [],
  categoria: 'Natureza',
};

describe('structured data', () => {
  it('describes a tour as a TouristTrip with its offer and absolute addresses', () => {
    const data = passeioData(listing, new URL('https://guiafortim.com.br'));
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'TouristTrip',
      url: 'https://guiafortim.com.br/passeios/barco',
      image: ['https://guiafortim.com.br/demo/passeios/barco-1-hero.jpg'],
      offers: { '@type': 'Offer', price: '90.00', priceCurrency: 'BRL' },
    });
  });

  it('cannot close its script element, whatever the listing says', () => {
    const text = jsonLdScript(passeioData(listing, new URL('https://guiafortim.com.br')));
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).name).toBe(listing.name);
  });
});

describe('images', () => {
  it('offers the three stored variants with the shape of the one drawn', () => {
    expect(imageSources('/demo/x/a-1-hero.jpg', 'card')).toEqual({
      src: '/demo/x/a-1-card.jpg',
      srcSet: '/demo/x/a-1-hero.jpg 1600w, /demo/x/a-1-card.jpg 800w, /demo/x/a-1-thumb.jpg 400w',
      width: 800,
      height: 600,
    });
  });

  it('uses an address without variants as it is', () => {
    expect(imageSources('https://example.com/foto.png', 'hero')).toEqual({
      src: 'https://example.com/foto.png',
      width: 1600,
      height: 900,
    });
  });

  it('applies image_styles as CSS', () => {
    // image_styles defaults: scale 1, rotate 0, positionX/positionY 50, objectFit cover.
    expect(
      imageStyle({ scale: 1, rotate: 0, positionX: 50, positionY: 50, objectFit: 'cover' }),
    ).toEqual({
      objectFit: 'cover',
      objectPosition: '50% 50%',
    });
    expect(
      imageStyle({ scale: 1.5, rotate: -10, positionX: 20, positionY: 80, objectFit: 'contain' }),
    ).toEqual({
      objectFit: 'contain',
      objectPosition: '20% 80%',
      transform: 'scale(1.5) rotate(-10deg)',
    });
  });
});

describe('map places', () => {
  it('puts a listing without coordinates at its kind default and filters by button', () => {
    const places = mapPlaces({
      hospedagem: [],
      comercio: [],
      passeio: [listing, { ...listing, id: '2', slug: 'kite', latitude: -4.43, longitude: -37.77 }],
    });
    expect(places).toEqual([
      {
        id: '1',
        name: listing.name,
        type: 'passeio',
        lat: -4.454,
        lng: -37.805,
        place: 'Porto',
        path: '/passeios/barco',
      },
      {
        id: '2',
        name: listing.name,
        type: 'passeio',
        lat: -4.43,
        lng: -37.77,
        place: 'Porto',
        path: '/passeios/kite',
      },
    ]);
    expect(placesOfFilter(places, 'Passeios')).toHaveLength(2);
    expect(placesOfFilter(places, 'Hospedagem')).toEqual([]);
    expect(placesOfFilter(places, 'Todos')).toHaveLength(2);
  });
});

describe('navigation', () => {
  it('marks a listing page as part of its list', () => {
    expect(currentSection('/')).toBe('/');
    expect(currentSection('/hospedagem')).toBe('/hospedagem');
    expect(currentSection('/passeios/barco')).toBe('/passeios');
    expect(currentSection('/comercio.html')).toBe('/comercio');
    expect(currentSection('/index.html')).toBe('/');
  });

  it("gives a built page's address as visitors see it", () => {
    expect(pagePath('/index.html')).toBe('/');
    expect(pagePath('/')).toBe('/');
    expect(pagePath('/passeios.html')).toBe('/passeios');
    expect(pagePath('/hospedagem/pousada-index.html')).toBe('/hospedagem/pousada-index');
    expect(pagePath('/hospedagem/pousada-x')).toBe('/hospedagem/pousada-x');
  });
});
