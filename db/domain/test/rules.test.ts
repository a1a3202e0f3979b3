// Pure rules exported for the site, the admin and the worker: image variants, display formats,
// WhatsApp links, settings fallback, map positions, error messages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grantAdminErrorMessage } from '../src/errors.ts';
import {
  clampRating,
  directionsUrl,
  formatPrice,
  formatRating,
  initials,
  listingPosition,
  splitList,
  truncateDescription,
  whatsappUrl,
} from '../src/format.ts';
import {
  IMAGE_FORMATS,
  IMAGE_MAX_PIXELS,
  IMAGE_VARIANT_NAMES,
  IMAGE_VARIANTS,
  imageFileProblem,
  imageFormats,
  imagePixelsProblem,
  imageVariant,
  parseImageVariant,
  tooManyImagesProblem,
  variantFormats,
  variantQuality,
} from '../src/images.ts';
import { isListingKind, listingPath } from '../src/kinds.ts';
import {
  DEFAULT_COOKIES_TEXT,
  DEFAULT_PRIVACY_TEXT,
  DEFAULT_TERMS_TEXT,
} from '../src/legal-texts.ts';
import { comparePublicOrder, PUBLIC_ORDER_COLUMNS } from '../src/ordering.ts';
import {
  isSettingKey,
  MAPS_API_KEY_STORAGE_KEY,
  MAPS_KEY_SETTING,
  SETTING_KEYS,
  settingsFromRows,
} from '../src/settings.ts';
import { slugify } from '../src/slug.ts';

describe('images', () => {
  it('imageVariant() points at the sibling variant, leaving other URLs alone', () => {
    expect(imageVariant('/demo/passeios/barco-1-hero.jpg', 'thumb')).toBe(
      '/demo/passeios/barco-1-thumb.jpg',
    );
    expect(imageVariant('https://cdn.x/img/a-card.jpg?v=1', 'hero')).toBe(
      'https://cdn.x/img/a-card.jpg?v=1',
    );
    expect(imageVariant('https://cdn.x/img/a-card.jpg', 'hero')).toBe(
      'https://cdn.x/img/a-hero.jpg',
    );
    expect(imageVariant('https://images.example.com/photo.png', 'card')).toBe(
      'https://images.example.com/photo.png',
    );
  });

  it('offers WebP and AVIF only for photos stored in every format, AVIF only up to 1,200 px', () => {
    const marked = 'https://img.x/hospedagens/ab12_1795000000_mf-hero.jpg';
    expect(imageFormats(marked, 'hero')).toEqual(['webp', 'jpeg']);
    expect(imageFormats(marked, 'card')).toEqual(['avif', 'webp', 'jpeg']);
    expect(imageFormats(marked, 'thumb')).toEqual(['avif', 'webp', 'jpeg']);
    expect(imageVariant(marked, 'card', 'avif')).toBe(
      'https://img.x/hospedagens/ab12_1795000000_mf-card.avif',
    );
    expect(imageVariant(marked, 'hero', 'webp')).toBe(
      'https://img.x/hospedagens/ab12_1795000000_mf-hero.webp',
    );
    expect(imageVariant(marked, 'thumb')).toBe(
      'https://img.x/hospedagens/ab12_1795000000_mf-thumb.jpg',
    );
    expect(() => imageVariant(marked, 'hero', 'avif')).toThrow();
    // Photos stored before, and URLs that are not ours: JPEG only.
    const older = 'https://img.x/hospedagens/ab12_1795000000-hero.jpg';
    expect(imageFormats(older, 'card')).toEqual(['jpeg']);
    expect(() => imageVariant(older, 'card', 'webp')).toThrow();
    expect(imageFormats('https://images.example.com/photo_mf.png', 'card')).toEqual(['jpeg']);
    for (const variant of IMAGE_VARIANT_NAMES) {
      for (const format of variantFormats(variant)) {
        expect(IMAGE_VARIANTS[variant].width).toBeLessThanOrEqual(IMAGE_FORMATS[format].maxWidth);
        expect(variantQuality(variant, format)).toBeGreaterThan(0);
        expect(variantQuality(variant, format)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('parseImageVariant() reads a photo file’s address back, only in the formats it is stored in', () => {
    const R2 = 'https://fotos.example/hospedagens/abc_mf';
    expect(parseImageVariant(`${R2}-card.avif`)).toEqual({
      stem: R2,
      variant: 'card',
      format: 'avif',
      jpeg: `${R2}-card.jpg`,
    });
    expect(parseImageVariant(`${R2}-hero.webp`)).toMatchObject({ variant: 'hero', format: 'webp' });
    expect(parseImageVariant('https://fotos.example/old-thumb.jpg')).toEqual({
      stem: 'https://fotos.example/old',
      variant: 'thumb',
      format: 'jpeg',
      jpeg: 'https://fotos.example/old-thumb.jpg',
    });
    for (const other of [
      `${R2}-hero.avif`, // no AVIF beyond 1,200 px
      'https://fotos.example/old-card.avif', // unmarked: JPEG only
      'https://tiles.example/1/2/3.webp',
      'https://maps.example/marker.png',
    ]) {
      expect(parseImageVariant(other), other).toBeNull();
    }
    for (const variant of IMAGE_VARIANT_NAMES) {
      for (const format of variantFormats(variant)) {
        const url = imageVariant(`${R2}-hero.jpg`, variant, format);
        expect(parseImageVariant(url)).toEqual({
          stem: R2,
          variant,
          format,
          jpeg: imageVariant(`${R2}-hero.jpg`, variant),
        });
      }
    }
  });

  it('upload checks give the panel’s messages', () => {
    expect(imageFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toEqual({
      title: 'Formato inválido',
      message: 'a.pdf não é uma imagem válida.',
    });
    expect(
      imageFileProblem({ name: 'b.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 }),
    ).toEqual({
      title: 'Arquivo muito grande',
      message: 'b.jpg deve ter no máximo 5MB.',
    });
    expect(
      imageFileProblem({ name: 'c.png', type: 'image/png', size: 5 * 1024 * 1024 }),
    ).toBeNull();
    expect(tooManyImagesProblem(3).message).toBe('Você pode adicionar no máximo 3 imagens.');
  });

  it('uploads above 40 megapixels are refused (decompression-bomb guard)', () => {
    expect(IMAGE_MAX_PIXELS).toBe(40_000_000);
    expect(imagePixelsProblem('a.jpg', 8000, 5000)).toBeNull();
    expect(imagePixelsProblem('b.png', 8000, 5001)).toBe(
      'Imagem grande demais: b.png tem 8000×5001 pixels; o máximo é 40 megapixels.',
    );
  });
});

describe('display formats', () => {
  it('ratings show one decimal only above 0; prices in reais', () => {
    expect(formatRating(4.75)).toBe('4,8');
    expect(formatRating(0)).toBeNull();
    expect(formatPrice(1350.5)).toBe('R$ 1.350,50');
    expect(formatPrice(200, 0)).toBe('R$ 200');
  });

  it('numbers read exactly as Intl.NumberFormat pt-BR writes them', () => {
    const intl = (value: number, digits: number) =>
      new Intl.NumberFormat('pt-BR', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value);
    const value = fc.oneof(
      fc.double({ min: -1e12, max: 1e12, noNaN: true }),
      fc.integer({ min: -1e9, max: 1e9 }).map((cents) => cents / 100),
      fc.constantFrom(0, -0, 0.05, 0.5, 1.005, 2.5, 999.995, 1000, 999999.5),
    );
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 2 }), (n, digits) => {
        expect(formatPrice(n, digits)).toBe(`R$ ${intl(n, digits)}`);
        if (n > 0) expect(formatRating(n)).toBe(intl(n, 1));
      }),
      { numRuns: 2000 },
    );
  });

  it('card descriptions are cut at 100 characters plus an ellipsis', () => {
    expect(truncateDescription('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncateDescription('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
  });

  it('initials: up to 2 from the full name, else the e-mail', () => {
    expect(initials('maria da silva')).toBe('MD');
    expect(initials('  ', 'ze@x.com')).toBe('Z');
    expect(initials(null, null)).toBe('');
  });

  it('the WhatsApp link carries the digits and an encoded message naming the listing', () => {
    expect(whatsappUrl('+55 (88) 99999-0000', 'Café & Cia')).toBe(
      `https://wa.me/5588999990000?text=${encodeURIComponent('Olá! Vi Café & Cia no Guia Fortim e gostaria de mais informações.')}`,
    );
    expect(whatsappUrl('5588999990000')).toContain('text=Ol%C3%A1!%20Vi%20um%20an%C3%BAncio');
  });

  it('quick edit clamps ratings and list inputs drop empties', () => {
    expect([clampRating(7), clampRating(-1), clampRating('abc'), clampRating('3.5')]).toEqual([
      5, 0, 0, 3.5,
    ]);
    expect(splitList(' Wi-Fi, , Piscina ,')).toEqual(['Wi-Fi', 'Piscina']);
  });

  it('listings without coordinates sit at their kind’s default', () => {
    // Default coordinates when missing: lodging lat -4.4506, lng -37.8012;
    // commerce lat -4.452, lng -37.803; tours lat -4.454, lng -37.805.
    expect(listingPosition('hospedagem', 0, 0)).toEqual({ lat: -4.4506, lng: -37.8012 });
    expect(listingPosition('comercio', 0, 0)).toEqual({ lat: -4.452, lng: -37.803 });
    expect(listingPosition('passeio', null, undefined)).toEqual({ lat: -4.454, lng: -37.805 });
    expect(listingPosition('hospedagem', -4.43, -37.77)).toEqual({ lat: -4.43, lng: -37.77 });
  });
});

describe("'Como chegar'", () => {
  // Google Maps' universal directions URL (developers.google.com/maps/documentation/urls): it
  // opens the Maps app on Android and iOS, the site elsewhere; without an origin, directions
  // start where the visitor is.
  const DIRECTIONS = 'https://www.google.com/maps/dir/?api=1&destination=';

  it('leads to the coordinates when the listing has them, whatever its address says', () => {
    expect(directionsUrl(-4.4506, -37.8012, 'Rua da Praia, 1')).toBe(
      `${DIRECTIONS}-4.4506,-37.8012`,
    );
    // Only (0, 0) is 'no coordinates' (as on the map): one of them 0 is a real place.
    expect(directionsUrl(0, -37.8012, 'Rua da Praia, 1')).toBe(`${DIRECTIONS}0,-37.8012`);
    expect(directionsUrl(-4.4506, 0, '')).toBe(`${DIRECTIONS}-4.4506,0`);
  });

  it('leads to the address, encoded, when the listing has no coordinates', () => {
    expect(directionsUrl(0, 0, ' Rua São José, 12 - Fortim - CE ')).toBe(
      `${DIRECTIONS}${encodeURIComponent('Rua São José, 12 - Fortim - CE')}`,
    );
    expect(directionsUrl(null, undefined, 'Praça & Cia #2')).toBe(
      `${DIRECTIONS}Pra%C3%A7a%20%26%20Cia%20%232`,
    );
  });

  it('is missing when there is neither a place nor coordinates', () => {
    expect(directionsUrl(0, 0, '')).toBeNull();
    expect(directionsUrl(0, 0, '   ')).toBeNull();
    // A tour's meeting point left at its default says nothing of where to go.
    expect(directionsUrl(0, 0, 'Não informado')).toBeNull();
  });
});

describe('names and settings', () => {
  it('slugs and listing paths', () => {
    expect(slugify('Pousada Pontal do Maceió')).toBe('pousada-pontal-do-maceio');
    expect(slugify('  ÁGUA & Côco!! ')).toBe('agua-coco');
    expect(slugify(`${'x'.repeat(79)} yy`)).toBe('x'.repeat(79));
    expect(listingPath('passeio', 'barco')).toBe('/passeios/barco');
    expect([isListingKind('comercio'), isListingKind('comercios')]).toEqual([true, false]);
  });

  it('settingsFromRows keeps defaults for missing keys and ignores unknown ones', () => {
    const settings = settingsFromRows([
      { setting_key: 'nav_label_mapa', setting_value: 'Mapa da cidade' },
      { setting_key: 'tema', setting_value: 'azul' },
    ]);
    // The defaults as the product shows them.
    expect(settings).toEqual({
      contact_email: 'contato@guiafortim.com.br',
      contact_phone: '+55 (88) 99999-0000',
      contact_address: 'Fortim, Ceará - Brasil',
      site_description:
        'Seu guia para descobrir Fortim, no litoral leste do Ceará: praias de águas mornas, passeios pelo Rio Jaguaribe, pousadas aconchegantes e o melhor do comércio local.',
      nav_label_inicio: 'Início',
      nav_label_hospedagem: 'Hospedagem',
      nav_label_comercio: 'Comércio Local',
      nav_label_passeios: 'Passeios',
      nav_label_mapa: 'Mapa da cidade',
      header_title_hospedagem: 'Hospedagens em Fortim',
      header_title_comercio: 'Comércio Local',
      header_title_passeios: 'Passeios e Experiências',
      google_maps_api_key: '',
      social_instagram: '',
      social_facebook: '',
      social_youtube: '',
      legal_privacidade: DEFAULT_PRIVACY_TEXT,
      legal_termos: DEFAULT_TERMS_TEXT,
      legal_cookies: DEFAULT_COOKIES_TEXT,
      // The default for keeping the history of changes: one year.
      history_retention_days: '365',
    });
  });

  it('the maps key is one setting, kept under the same name in the browser', () => {
    expect(isSettingKey(MAPS_KEY_SETTING)).toBe(true);
    expect(SETTING_KEYS.filter((key) => key.includes('maps'))).toEqual([MAPS_KEY_SETTING]);
    expect(MAPS_API_KEY_STORAGE_KEY).toBe(MAPS_KEY_SETTING);
    expect(
      settingsFromRows([{ setting_key: MAPS_KEY_SETTING, setting_value: 'AIza' }]),
    ).toMatchObject({ google_maps_api_key: 'AIza' });
    expect([isSettingKey('google_maps_api_key '), isSettingKey('GOOGLE_MAPS_API_KEY')]).toEqual([
      false,
      false,
    ]);
  });

  it('grant_admin_access errors map to the admin-setup messages', () => {
    expect(grantAdminErrorMessage('not found: usuário não encontrado')).toBe(
      'Usuário não encontrado. Certifique-se de que o usuário já possui uma conta.',
    );
    expect(grantAdminErrorMessage('forbidden: apenas administradores')).toBe(
      'Apenas administradores podem conceder acesso de admin a outros usuários.',
    );
    expect(grantAdminErrorMessage('boom')).toBe(
      'Erro ao conceder acesso de administrador. Entre em contato com o suporte.',
    );
  });
});

describe('public order', () => {
  // Public lists sort is_pinned descending, pin_order ascending, created_at
  // descending.
  it('is the public order, as columns and as a comparison', () => {
    expect(
      PUBLIC_ORDER_COLUMNS.map(
        ({ column, ascending }) => `${column} ${ascending ? 'asc' : 'desc'}`,
      ),
    ).toEqual(['is_pinned desc', 'pin_order asc', 'created_at desc']);
    const rows = [
      { id: 'a', is_pinned: false, pin_order: 0, created_at: '2025-01-01T00:00:00Z' },
      { id: 'b', is_pinned: true, pin_order: 2, created_at: '2026-01-01T00:00:00Z' },
      { id: 'c', is_pinned: false, pin_order: 0, created_at: '2026-06-01T00:00:00Z' },
      { id: 'd', is_pinned: true, pin_order: 1, created_at: '2024-01-01T00:00:00Z' },
    ];
    expect(rows.sort(comparePublicOrder).map((r) => r.id)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('puts rows that tie by id, whatever order they came in', () => {
    const at = '2026-03-01T12:00:00Z';
    const tied = ['c', 'a', 'b'].map((id) => ({
      id,
      is_pinned: false,
      pin_order: 0,
      created_at: at,
    }));
    for (const given of [tied, [...tied].reverse()]) {
      expect([...given].sort(comparePublicOrder).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    }
    // A millisecond apart is no tie: the newer first, whatever its id.
    const later = {
      id: 'a',
      is_pinned: false,
      pin_order: 0,
      created_at: '2026-03-01T12:00:00.001Z',
    };
    const earlier = { id: 'b', is_pinned: false, pin_order: 0, created_at: at };
    expect([earlier, later].sort(comparePublicOrder).map((r) => r.id)).toEqual(['a', 'b']);
    const older = { ...later, id: 'z', created_at: '2026-03-01T11:59:59.999Z' };
    expect([older, earlier].sort(comparePublicOrder).map((r) => r.id)).toEqual(['b', 'z']);
  });
});
