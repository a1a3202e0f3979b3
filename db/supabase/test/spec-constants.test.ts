// Every product constant the site, the panel and the database share, pinned to its product value:
// the expected values are written out as the product states them (quoted beside each), never
// computed from the code, so a constant that drifts fails here even where a test elsewhere builds
// its input from it.

import {
  APP_ROLES,
  CARD_DESCRIPTION_MAX_LENGTH,
  CATEGORIES_CACHE_MS,
  DEFAULT_CATEGORIA,
  DEFAULT_COORDINATES,
  DEFAULT_IMAGE_STYLES,
  DEFAULT_RATING,
  FALLBACK_CATEGORIES,
  IMAGE_ADJUSTER,
  IMAGE_FOLDERS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_EXTRA,
  IMAGE_VARIANTS,
  MAPS_API_KEY_STORAGE_KEY,
  NOT_INFORMED,
  OBJECT_FITS,
  PASSWORD_MIN_LENGTH,
  PRICE_MIN,
  RATING_MAX,
  RATING_MIN,
  SETTINGS_DEFAULTS,
  SLIDE_DEFAULT_LINK,
  SLIDE_MIN_ORDER,
  SLIDE_RECOMMENDED_SIZE,
} from '@guia-fortim/domain';
import { describe, expect, it } from 'vitest';
import { SPEC_CATEGORIES } from './support/spec.ts';

describe('constants hold their product values', () => {
  it('home page and lists', () => {
    // (The public site's own screen numbers: sites/portal/test/public/spec-constants.test.ts.)
    // "Card descriptions are cut at 100 characters plus an ellipsis."
    expect(CARD_DESCRIPTION_MAX_LENGTH).toBe(100);
    // "Categories cache 5 minutes."
    expect(CATEGORIES_CACHE_MS).toBe(300_000);
  });

  it('maps', () => {
    // (The public map's sizes, centre, markers and filters are pinned in sites/portal.)
    // "saves it in the browser's local storage (entry google_maps_api_key)"
    expect(MAPS_API_KEY_STORAGE_KEY).toBe('google_maps_api_key');
    // "Default coordinates when missing: lodging lat -4.4506, lng -37.8012; commerce lat
    // -4.452, lng -37.803; tours lat -4.454, lng -37.805."
    expect(DEFAULT_COORDINATES).toEqual({
      hospedagem: { lat: -4.4506, lng: -37.8012 },
      comercio: { lat: -4.452, lng: -37.803 },
      passeio: { lat: -4.454, lng: -37.805 },
    });
  });

  it('accounts', () => {
    // "Minimum password 6 characters." — deliberately raised to 8, with letters and digits and
    // not a common password (README, "How it fits together"): 6 characters let an attacker guess
    // accounts.
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    // (The session's automatic refresh is supabase-js's own: pinned in sites/portal.)
    // "user_roles: user_id, role (user, moderator, admin)"
    expect(APP_ROLES).toEqual(['user', 'moderator', 'admin']);
  });

  it('content', () => {
    // "Rating 0 to 5, step 0.1, default 4.5"; "Price: number, minimum 0, step 0.01." (The steps
    // are the panel's: admin/test/spec-constants.test.ts.)
    expect([RATING_MIN, RATING_MAX, DEFAULT_RATING]).toEqual([0, 5, 4.5]);
    expect(PRICE_MIN).toBe(0);
    // "horario (default 'Não informado')"; "categoria (single, default 'Geral')"
    expect(NOT_INFORMED).toBe('Não informado');
    expect(DEFAULT_CATEGORIA).toBe('Geral');
    // "Slide default link /passeios"; "order_position integer, minimum 1"
    expect(SLIDE_DEFAULT_LINK).toBe('/passeios');
    expect(SLIDE_MIN_ORDER).toBe(1);
    // The fallback category lists, in order.
    expect(FALLBACK_CATEGORIES).toEqual(SPEC_CATEGORIES);
  });

  it('images and the adjuster', () => {
    // "at most 5 MB"; "Extra photos at most 3 (4 with the main one)."
    expect(IMAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(IMAGE_MAX_EXTRA).toBe(3);
    // "Resize bounds: hero 1600x900 quality 0.85, card 800x600 at 0.8, thumb 400x300 at 0.75"
    expect(IMAGE_VARIANTS).toEqual({
      hero: { width: 1600, height: 900, quality: 0.85 },
      card: { width: 800, height: 600, quality: 0.8 },
      thumb: { width: 400, height: 300, quality: 0.75 },
    });
    // "(folders hospedagens, comercios, passeios, general, carousel)"
    expect(IMAGE_FOLDERS).toEqual(['hospedagens', 'comercios', 'passeios', 'general', 'carousel']);
    // "recommended image at least 1920x1080"
    expect(SLIDE_RECOMMENDED_SIZE).toEqual({ width: 1920, height: 1080 });
    // "Adjuster: position 0-100 step 1; zoom 0.5-3 step 0.1 (preset 1.5); rotation -45 to 45
    // step 1."
    expect(IMAGE_ADJUSTER).toEqual({
      position: { min: 0, max: 100, step: 1 },
      zoom: { min: 0.5, max: 3, step: 0.1, preset: 1.5 },
      rotation: { min: -45, max: 45, step: 1 },
    });
    // "default image style scale 1, rotate 0, position 50/50, cover"; "objectFit (cover,
    // contain, fill or scale-down; default cover)"
    expect(DEFAULT_IMAGE_STYLES).toEqual({
      scale: 1,
      rotate: 0,
      positionX: 50,
      positionY: 50,
      objectFit: 'cover',
    });
    expect(OBJECT_FITS).toEqual(['cover', 'contain', 'fill', 'scale-down']);
  });

  it('site settings defaults', () => {
    // "address 'Fortim, Ceará - Brasil' … labels Início, Hospedagem, Comércio Local, Passeios,
    // Mapa, titles 'Hospedagens em Fortim', 'Comércio Local', 'Passeios e Experiências'."
    // (The contact e-mail, phone and description are only "generic" / "promotional".)
    expect(SETTINGS_DEFAULTS).toMatchObject({
      contact_address: 'Fortim, Ceará - Brasil',
      nav_label_inicio: 'Início',
      nav_label_hospedagem: 'Hospedagem',
      nav_label_comercio: 'Comércio Local',
      nav_label_passeios: 'Passeios',
      nav_label_mapa: 'Mapa',
      header_title_hospedagem: 'Hospedagens em Fortim',
      header_title_comercio: 'Comércio Local',
      header_title_passeios: 'Passeios e Experiências',
    });
  });
});
