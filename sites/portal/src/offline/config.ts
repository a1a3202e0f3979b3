// What the service worker keeps for a visitor without signal, and what it never touches. One
// home for these rules: the worker (sw.ts), its build (integration.ts), the offline page and the
// tests read them here.
import { LISTING_KINDS, LISTING_PATH } from '@guia-fortim/domain';
import { FAVORITES_PATH } from '../lib/favorites/path.ts';
import { SEARCH_PATH } from '../search/config.ts';

export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The worker is registered this long after the page has loaded: its first install downloads the
 * lists and what the page links to, which on a weak signal would compete with the page's own
 * photos (the lazy ones below the fold included).
 */
export const REGISTER_AFTER_LOAD_MS = 3000;

/** The Portuguese page shown for a page not kept on this device while offline. */
export const OFFLINE_PATH = '/offline';

/** The map's places and each list's listings after its first page (pages/dados/). */
export const DATA_PREFIX = '/dados/';

/**
 * Pages fetched when the worker installs, so they open offline after one visit to any page: the
 * home page, every list, the map, the search and 'Meus favoritos' (drawn from the device). The
 * listing pages and card photos of each page the visitor sees are kept as it is seen (up to the
 * limits below).
 */
export const WARM_PAGES = [
  '/',
  ...LISTING_KINDS.map((kind) => LISTING_PATH[kind]),
  '/mapa',
  SEARCH_PATH,
  FAVORITES_PATH,
];

/** Account pages and the panel: always from the network, never stored on the device. */
export const NETWORK_ONLY_PREFIXES = ['/auth/', '/admin-setup'];
/** The panel is a separate app with its own routes: its files pass through, its pages are network-only. */
export const UNTOUCHED_PREFIX = '/admin';

/** A page from the network unless it takes longer than this; then the copy on the device. */
export const PAGE_TIMEOUT_SECONDS = 3;

export const CACHES = {
  pages: 'guia-fortim-paginas',
  data: 'guia-fortim-dados',
  photos: 'guia-fortim-fotos',
  /** The galleries of the listing pages kept: apart, so they never push the lists' photos out. */
  galleries: 'guia-fortim-galerias',
} as const;

/** Bounds of each cache (oldest entries go first; everything goes when the device is short). */
export const CACHE_LIMITS = {
  pages: 300,
  data: 10,
  photos: 300,
  /** Listing pages and card photos kept from each page seen (a list's first page has 24). */
  linkedPerPage: 30,
  /**
   * The galleries' photos: the listing pages of three lists seen, up to 3 more photos each (the
   * first is the card's), as thumbnails for pages only listed and in the card
   * size (the phone carousel's) for pages the visitor opened.
   */
  galleries: 240,
} as const;
