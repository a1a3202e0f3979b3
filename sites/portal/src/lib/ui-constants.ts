// Numbers and names of the public site's screens (timings, counts, labels), used by the site and
// its browser tests; test/public/spec-constants.test.ts pins them to their product values.
import type { ListingKind } from '@guia-fortim/domain';

// Home page and lists
export const HOME_FEATURED_COUNT = {
  hospedagem: 3,
  comercio: 4,
  passeio: 3,
} as const satisfies Record<ListingKind, number>;
export const COMMERCE_SKELETON_CARDS = 6;
export const HEADER_SHADOW_SCROLL_PX = 10;
export const MOBILE_MENU_SCROLL_DELAY_MS = 100;

// Carousel and gallery
export const CAROUSEL_INTERVAL_MS = 4000;
export const CAROUSEL_FADE_MS = 700;
export const GALLERY_SWIPE_THRESHOLD_PX = 75;
/** Desktop gallery: one large photo plus up to 3 small ones; "+N fotos" beyond 4. */
export const GALLERY_DESKTOP_SMALL_PHOTOS = 3;
export const GALLERY_DESKTOP_MAX_PHOTOS = 4;

// Maps
export const MAP_HEIGHT_HOME_PX = 500;
export const MAP_HEIGHT_PAGE_PX = 600;
export const MAP_HEIGHT_EMBEDDED_PX = 400;
export const MAP_DEFAULT_ZOOM = 14;
export const MAP_DEFAULT_CENTER = { lat: -4.4522, lng: -37.8005 } as const;
export const MAP_FALLBACK_MARKER_TITLE = 'Fortim, CE';

export type MarkerType = 'hospedagem' | 'comercio' | 'passeio' | 'praia' | 'atracao';
export const MARKER_COLORS = {
  hospedagem: '#0d4c81',
  comercio: '#7fbb8f',
  passeio: '#f2d6a2',
  praia: '#71c5e7',
  atracao: '#f8f0dd',
} as const satisfies Record<MarkerType, string>;
export const MARKER_OTHER_COLOR = 'red';
export const MARKER_LABELS = {
  hospedagem: 'Hospedagem',
  comercio: 'Comércio Local',
  passeio: 'Passeio',
  praia: 'Praia',
  atracao: 'Atração Turística',
} as const satisfies Record<MarkerType, string>;
/** Map page filter buttons, in order. */
export const MAP_FILTERS = [
  'Todos',
  'Hospedagem',
  'Comércio',
  'Passeios',
  'Praias',
  'Atrações',
] as const;
