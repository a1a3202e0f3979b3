// Business constants and limits from both specs (section 9 and the data model), in one place.
import type { AppRole, ImageStyles, ListingKind } from './types.ts';

// Home page and lists (the public site's own screen numbers are in sites/portal)
export const CARD_DESCRIPTION_MAX_LENGTH = 100;
/** How long the panel reuses a read of the categories (its writes refresh them at once). */
export const CATEGORIES_CACHE_MS = 5 * 60 * 1000;

// Maps (the maps key's names are in settings.ts)
/** Where a listing without coordinates (0, 0) appears on the map. */
export const DEFAULT_COORDINATES = {
  hospedagem: { lat: -4.4506, lng: -37.8012 },
  comercio: { lat: -4.452, lng: -37.803 },
  passeio: { lat: -4.454, lng: -37.805 },
} as const satisfies Record<ListingKind, { lat: number; lng: number }>;

// Accounts
export const PASSWORD_MIN_LENGTH = 8;
/**
 * A password has at least one character of each group: hosted Supabase's "letters and digits"
 * requirement (Auth > Password security), whose letters are the unaccented ones.
 */
export const PASSWORD_REQUIRED_CHARACTERS = [
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '0123456789',
] as const;
export const USERNAME_PATTERN = /^[A-Za-z0-9._]{3,30}$/;
export const FULL_NAME_MAX_LENGTH = 100;

// Content
export const DEFAULT_RATING = 4.5;
export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const PRICE_MIN = 0;
export const PRICE_MAX = 99_999_999.99;
export const NOT_INFORMED = 'Não informado';
export const DEFAULT_CATEGORIA = 'Geral';
export const PHONE_PATTERN = /^[0-9]{10,15}$/;

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
  legalText: 20000,
} as const;

// Trash and history (the same numbers as the trash_and_history migration)
/** Days a deleted item stays in the trash before it is purged for good. */
export const TRASH_RETENTION_DAYS = 30;
/** Bounds of the history_retention_days setting (days the history of changes is kept). */
export const HISTORY_RETENTION_DAYS = { min: 30, max: 3650 } as const;

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

// Contact
export const WHATSAPP_HOST = 'https://wa.me';
/** Google Maps' universal directions URL: the Maps app on Android and iOS, the site elsewhere. */
export const DIRECTIONS_URL = 'https://www.google.com/maps/dir/';

// Accounts
export const APP_ROLES = ['user', 'moderator', 'admin'] as const satisfies readonly AppRole[];

/**
 * The most listings one bulk action of the panel's lists carries (react-admin selects at most
 * 250 rows with 'Selecionar tudo').
 */
export const LISTING_BULK_MAX = 250;
