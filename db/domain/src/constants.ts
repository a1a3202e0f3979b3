// Business constants and limits from both specs (section 9 and the data model), in one place.
import type { AppRole, ImageStyles, ListingKind } from './types.ts';

// Home page and lists
export const HOME_FEATURED_COUNT = {
  hospedagem: 3,
  comercio: 4,
  passeio: 3,
} as const satisfies Record<ListingKind, number>;
export const CARD_DESCRIPTION_MAX_LENGTH = 100;
export const COMMERCE_SKELETON_CARDS = 6;
export const HEADER_SHADOW_SCROLL_PX = 10;
export const MOBILE_MENU_SCROLL_DELAY_MS = 100;
export const CATEGORIES_CACHE_MS = 5 * 60 * 1000;

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
export const MAPS_API_KEY_STORAGE_KEY = 'google_maps_api_key';
/** Where a listing without coordinates (0, 0) appears on the map. */
export const DEFAULT_COORDINATES = {
  hospedagem: { lat: -4.4506, lng: -37.8012 },
  comercio: { lat: -4.452, lng: -37.803 },
  passeio: { lat: -4.454, lng: -37.805 },
} as const satisfies Record<ListingKind, { lat: number; lng: number }>;

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

// Accounts
export const PASSWORD_MIN_LENGTH = 6;
export const USERNAME_PATTERN = /^[A-Za-z0-9._]{3,30}$/;
export const FULL_NAME_MAX_LENGTH = 100;
export const SESSION_REFRESH_TICK_MS = 30_000;
export const SESSION_REFRESH_MARGIN_MS = 90_000;

// Content
export const DEFAULT_RATING = 4.5;
export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const RATING_STEP = 0.1;
export const PRICE_MIN = 0;
export const PRICE_MAX = 99_999_999.99;
export const PRICE_STEP = 0.01;
export const NOT_INFORMED = 'Não informado';
export const DEFAULT_CATEGORIA = 'Geral';
/** Extra choice offered by the commerce and tour category lists. */
export const OTHER_CATEGORY = 'Outro';
export const FEATURED_LIMIT = 4;
/** "Adicionar aos Destaques" lists at most this many items; the admin map table too. */
export const FEATURED_ADD_LIST_LIMIT = 10;
export const MAP_ADMIN_TABLE_LIMIT = 10;
export const PHONE_PATTERN = /^[0-9]{10,15}$/;
export const PHONE_EXAMPLE = '5588999999999';

/** Maximum lengths, the same as the CHECK constraints in the schema migration. */
export const TEXT_LIMITS = {
  name: 120,
  description: 5000,
  address: 200,
  horario: 200,
  duracao: 100,
  pontoEncontro: 200,
  categoryName: 60,
  listItem: 60,
  includedItem: 100,
  listItems: 30,
  categorias: 20,
  slideTitle: 120,
  slideSubtitle: 300,
  settingValue: 2000,
} as const;

// Image adjuster and styles
export const DEFAULT_IMAGE_STYLES = {
  scale: 1,
  rotate: 0,
  positionX: 50,
  positionY: 50,
  objectFit: 'cover',
} as const satisfies ImageStyles;
export const OBJECT_FITS = ['cover', 'contain', 'fill', 'scale-down'] as const;
export const IMAGE_ADJUSTER = {
  position: { min: 0, max: 100, step: 1 },
  zoom: { min: 0.5, max: 3, step: 0.1, preset: 1.5 },
  rotation: { min: -45, max: 45, step: 1 },
} as const;

// Carousel slides
export const SLIDE_DEFAULT_LINK = '/passeios';
export const SLIDE_MIN_ORDER = 1;

// Categories offered when none exist in the database
export const FALLBACK_CATEGORIES = {
  hospedagem: [
    'Pousada',
    'Hotel',
    'Casa',
    'Chalé',
    'Apartamento',
    'Vista para o mar',
    'Piscina',
    'Família',
    'Natureza',
    'Longa estadia',
    'Familiar',
  ],
  comercio: ['Restaurante', 'Loja', 'Café', 'Mercado', 'Farmácia', 'Sorveteria', 'Supermercado'],
  passeio: ['Aventura', 'Natureza', 'Ecoturismo', 'Esporte', 'Gastronomia'],
} as const satisfies Record<ListingKind, readonly string[]>;

/** Amenities with an icon; any other name gets the default icon. */
export const AMENITIES = {
  hospedagem: ['Wi-Fi', 'Estacionamento', 'Café da manhã', 'Ar condicionado', 'TV', 'Piscina'],
  comercio: ['Wi-Fi', 'Estacionamento', 'Aceita cartão', 'Ar condicionado'],
  passeio: ['Guia turístico', 'Transporte', 'Alimentação', 'Fotos'],
} as const satisfies Record<ListingKind, readonly string[]>;

// Contact
export const WHATSAPP_HOST = 'https://wa.me';

// Accounts
export const APP_ROLES = ['user', 'moderator', 'admin'] as const satisfies readonly AppRole[];
