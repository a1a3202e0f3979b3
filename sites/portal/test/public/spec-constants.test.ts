// The public site's own constants, pinned to their product values (quoted beside each), never
// computed from the code. The shared ones are pinned in db/supabase/test/spec-constants.test.ts.
import { FAVORITE_LABELS, REMOVED_LISTING_NAME, REVIEW_MESSAGES } from '@guia-fortim/domain';
// The session's automatic refresh is supabase-js's own (autoRefreshToken in src/lib/auth/client.ts):
// its Auth client's constants are the numbers the site runs on.
import {
  AUTO_REFRESH_TICK_DURATION_MS,
  EXPIRY_MARGIN_MS,
} from '@supabase/auth-js/dist/module/lib/constants.js';
import { describe, expect, it } from 'vitest';
import { AMENITIES } from '../../src/lib/amenities.ts';
import { FAVORITES_PATH } from '../../src/lib/favorites/path.ts';
import { REVIEW_TEXT } from '../../src/lib/reviews/messages.ts';
import {
  CAROUSEL_FADE_MS,
  CAROUSEL_INTERVAL_MS,
  COMMERCE_SKELETON_CARDS,
  GALLERY_DESKTOP_MAX_PHOTOS,
  GALLERY_DESKTOP_SMALL_PHOTOS,
  GALLERY_SWIPE_THRESHOLD_PX,
  HEADER_SHADOW_SCROLL_PX,
  HOME_FEATURED_COUNT,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_FALLBACK_MARKER_TITLE,
  MAP_FILTERS,
  MAP_HEIGHT_EMBEDDED_PX,
  MAP_HEIGHT_HOME_PX,
  MAP_HEIGHT_PAGE_PX,
  MARKER_COLORS,
  MARKER_LABELS,
  MARKER_OTHER_COLOR,
  MOBILE_MENU_SCROLL_DELAY_MS,
} from '../../src/lib/ui-constants.ts';
import { PAGE_TIMEOUT_SECONDS } from '../../src/offline/config.ts';

describe('the public site constants hold their product values', () => {
  it('home page and lists', () => {
    // "Home featured counts: 3 lodging, 4 commerce, 3 tours."
    expect(HOME_FEATURED_COUNT).toEqual({ hospedagem: 3, comercio: 4, passeio: 3 });
    // "Six skeleton cards while loading commerce."
    expect(COMMERCE_SKELETON_CARDS).toBe(6);
    // "Header shadow after 10 px scroll. Mobile menu scroll delay about 100 ms."
    expect(HEADER_SHADOW_SCROLL_PX).toBe(10);
    expect(MOBILE_MENU_SCROLL_DELAY_MS).toBe(100);
  });

  it('accounts', () => {
    // "Session auto-refresh tick every 30 s, refresh when within 90 s of expiry"
    expect(AUTO_REFRESH_TICK_DURATION_MS).toBe(30_000);
    expect(EXPIRY_MARGIN_MS).toBe(90_000);
  });

  it('carousel and gallery', () => {
    // "Carousel auto-advance 4000 ms, fade 700 ms."
    expect(CAROUSEL_INTERVAL_MS).toBe(4000);
    expect(CAROUSEL_FADE_MS).toBe(700);
    // "Gallery swipe threshold 75 px; desktop grid 1 large plus 3 small, '+N' beyond 4."
    expect(GALLERY_SWIPE_THRESHOLD_PX).toBe(75);
    expect(GALLERY_DESKTOP_SMALL_PHOTOS).toBe(3);
    expect(GALLERY_DESKTOP_MAX_PHOTOS).toBe(4);
  });

  it('maps', () => {
    // "Map heights 500 px (home), 600 px (map page); default map zoom 14." "(embedded map
    // default height 400 px)"
    expect([MAP_HEIGHT_HOME_PX, MAP_HEIGHT_PAGE_PX, MAP_HEIGHT_EMBEDDED_PX]).toEqual([
      500, 600, 400,
    ]);
    expect(MAP_DEFAULT_ZOOM).toBe(14);
    // "Default centre lat -4.4522, lng -37.8005"
    expect(MAP_DEFAULT_CENTER).toEqual({ lat: -4.4522, lng: -37.8005 });
    // "With no markers, a single marker 'Fortim, CE' appears at the centre."
    expect(MAP_FALLBACK_MARKER_TITLE).toBe('Fortim, CE');
    // "Types and colours: hospedagem #0d4c81, comercio #7fbb8f, passeio (passeios) #f2d6a2,
    // praia (praias) #71c5e7, atracao (atracoes) #f8f0dd, other red."
    expect(MARKER_COLORS).toEqual({
      hospedagem: '#0d4c81',
      comercio: '#7fbb8f',
      passeio: '#f2d6a2',
      praia: '#71c5e7',
      atracao: '#f8f0dd',
    });
    expect(MARKER_OTHER_COLOR).toBe('red');
    // "Labels: Hospedagem, Comércio Local, Passeio, Praia, Atração Turística."
    expect(MARKER_LABELS).toEqual({
      hospedagem: 'Hospedagem',
      comercio: 'Comércio Local',
      passeio: 'Passeio',
      praia: 'Praia',
      atracao: 'Atração Turística',
    });
    // "category filter buttons (Todos, Hospedagem, Comércio, Passeios, Praias, Atrações)"
    expect(MAP_FILTERS).toEqual([
      'Todos',
      'Hospedagem',
      'Comércio',
      'Passeios',
      'Praias',
      'Atrações',
    ]);
  });

  it('amenity icons', () => {
    // "Amenity icons: lodging Wi-Fi, Estacionamento, Café da manhã, Ar condicionado, TV,
    // Piscina; business Wi-Fi, Estacionamento, Aceita cartão, Ar condicionado; tour Guia
    // turístico, Transporte, Alimentação, Fotos."
    expect(AMENITIES).toEqual({
      hospedagem: ['Wi-Fi', 'Estacionamento', 'Café da manhã', 'Ar condicionado', 'TV', 'Piscina'],
      comercio: ['Wi-Fi', 'Estacionamento', 'Aceita cartão', 'Ar condicionado'],
      passeio: ['Guia turístico', 'Transporte', 'Alimentação', 'Fotos'],
    });
  });

  it('favourites', () => {
    // "a heart button with aria-label 'Salvar nos favoritos' / 'Remover dos favoritos'"
    expect(FAVORITE_LABELS).toEqual({
      add: 'Salvar nos favoritos',
      remove: 'Remover dos favoritos',
    });
    // "'Meus favoritos' (`/favoritos`)"
    expect(FAVORITES_PATH).toBe('/favoritos');
  });

  it('offline', () => {
    // README: "pages come from the network first (3 s, then the copy on the device)"
    expect(PAGE_TIMEOUT_SECONDS).toBe(3);
  });

  it('reviews', () => {
    // "Listing page: section 'Avaliações dos visitantes' (average ★ and count, newest first, each
    // review's author_name, stars, date, comment, a 'Denunciar' button); a form 'Avaliar este
    // lugar' for a signed-in visitor (stars + 'Comentário', button 'Enviar avaliação'; after
    // sending: 'Sua avaliação foi enviada e aparecerá depois de aprovada.'). Profile page: section
    // 'Minhas avaliações' (place, stars, comment, status label, rejection reason, 'Editar',
    // 'Excluir')." "'Denunciar' … says 'Obrigado. A avaliação voltará para a moderação.'"
    // The guide's own rating and the visitors' average are two scores, each under its own label.
    // What the worker answers and the site shows after 'Denunciar' is one text, the domain's.
    expect(REVIEW_MESSAGES.reported).toBe('Obrigado. A avaliação voltará para a moderação.');
    expect(REVIEW_TEXT).not.toHaveProperty('reported');
    expect(REVIEW_TEXT).not.toHaveProperty('removedPlace');
    expect(REMOVED_LISTING_NAME).toBe('Lugar excluído');
    expect(REVIEW_TEXT).toMatchObject({
      sectionTitle: 'Avaliações dos visitantes',
      guideRating: 'Nota do guia',
      visitors: 'Visitantes',
      report: 'Denunciar',
      formTitle: 'Avaliar este lugar',
      comment: 'Comentário',
      send: 'Enviar avaliação',
      sent: 'Sua avaliação foi enviada e aparecerá depois de aprovada.',
      mine: 'Minhas avaliações',
      edit: 'Editar',
      remove: 'Excluir',
    });
  });
});
