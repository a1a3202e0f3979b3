/// <reference lib="webworker" />
// The service worker (Serwist): the build's scripts, styles, offline page and search index are
// precached per build (the list is injected by integration.ts); pages and data come from the
// network first and fall back to the copy on the device; photos are kept once seen. The rules
// live in config.ts.
import {
  type ImageFormat,
  type ImageVariant,
  LISTING_KINDS,
  parseImageVariant,
} from '@guia-fortim/domain';
import {
  CacheableResponsePlugin,
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  type PrecacheEntry,
  Serwist,
  type SerwistPlugin,
} from 'serwist';
import { remainingListingsPath } from '../lib/listing-view.ts';
import { MAP_PLACES_PATH } from '../lib/map-places.ts';
import {
  CACHE_LIMITS,
  CACHES,
  DATA_PREFIX,
  NETWORK_ONLY_PREFIXES,
  OFFLINE_PATH,
  PAGE_TIMEOUT_SECONDS,
  UNTOUCHED_PREFIX,
  WARM_PAGES,
} from './config.ts';
import { galleryPhotos, linkedListingPages, photoSources } from './page-html.ts';
import { bestDecodedFormat, keptAlternatives, keptVariant } from './photos.ts';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] };

const ok = new CacheableResponsePlugin({ statuses: [200] });
const bounded = (maxEntries: number) =>
  new ExpirationPlugin({ maxEntries, purgeOnQuotaError: true });

/** The site's pages are static: a query (?q=, ?categoria=) is read by the page's script. */
const pageKey: SerwistPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.search = '';
    return url.href;
  },
};
const pageOptions = () => ({
  cacheName: CACHES.pages,
  networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS,
  plugins: [ok, bounded(CACHE_LIMITS.pages), pageKey],
});
/** The pages the visitor opens. */
const pages = new NetworkFirst(pageOptions());
/** Pages kept ahead of a visit (the lists; pages linked from a page seen), into the same cache. */
const warmPages = new NetworkFirst(pageOptions());
const data = new NetworkFirst({
  cacheName: CACHES.data,
  networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS,
  plugins: [ok, bounded(CACHE_LIMITS.data)],
});
const photos = new CacheFirst({
  cacheName: CACHES.photos,
  plugins: [ok, bounded(CACHE_LIMITS.photos)],
});
const galleries = new CacheFirst({
  cacheName: CACHES.galleries,
  plugins: [ok, bounded(CACHE_LIMITS.galleries)],
});

const startsWithAny = (path: string, prefixes: string[]) =>
  prefixes.some((prefix) => path.startsWith(prefix));

/**
 * Photos on another origin (the photo storage) are fetched with CORS, so the copy kept is a
 * readable response rather than an opaque one (which browsers count as megabytes of quota).
 */
function photoRequest(request: Request): Request {
  return new URL(request.url).origin === self.location.origin
    ? request
    : new Request(request.url, { mode: 'cors', credentials: 'omit' });
}

/** A stored photo: its address names one of its sizes, in any stored format (…-card.jpg). */
const isStoredPhoto = (url: string) => parseImageVariant(url) !== null;

/**
 * The same photo in any size (a phone's screen may ask for another size) and in any format the
 * browser decodes, already kept.
 */
async function anyKeptSize(url: string): Promise<Response | undefined> {
  const kept = await Promise.all([caches.open(CACHES.photos), caches.open(CACHES.galleries)]);
  for (const address of keptAlternatives(url, await decodedFormat())) {
    for (const cache of kept) {
      const response = await cache.match(address);
      if (response) return response;
    }
  }
  return undefined;
}

/** 1×1 grey images (sharp), to learn which formats this browser decodes, as its <picture> does. */
const DECODE_SAMPLES = {
  avif: 'AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAABwAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAEAAAABAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAAkbWRhdBIACgc4AAaQENBpMg8ZQmMEw88880EgAJBAzeg=',
  webp: 'UklGRiQAAABXRUJQVlA4IBgAAABQAQCdASoBAAEAAsBMJaQABHQAAORAAAA=',
};
let decodable: Promise<ImageFormat> | undefined;
/** The best format this browser decodes: the one its pages' <picture>s ask for. */
const decodedFormat = () => {
  decodable ??= bestDecodedFormat(
    DECODE_SAMPLES,
    typeof self.createImageBitmap === 'function'
      ? (blob) => self.createImageBitmap(blob).then((bitmap) => bitmap.close())
      : undefined,
  );
  return decodable;
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // Pagefind asks for its entry file with a cache-busting `?ts=`; the precached copy is per build.
  precacheOptions: { ignoreURLParametersMatching: [/^ts$/] },
  // A new build takes over as soon as it is installed; open pages then offer 'Nova versão
  // disponível' (ServiceWorker.astro). Pages come from the network first, so nothing waits on it.
  // Measured: a waiting worker told to skip waiting from the prompt stayed waiting in Chromium
  // once the page's islands had fetched through the old one.
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching: [
    {
      // The panel's files and data pass straight through; its pages are network-only below, so
      // without signal they get the offline page instead of the browser's error.
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode !== 'navigate' && url.pathname.startsWith(UNTOUCHED_PREFIX),
      handler: ({ request }) => fetch(request),
    },
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin &&
        request.mode === 'navigate' &&
        startsWithAny(url.pathname, [...NETWORK_ONLY_PREFIXES, UNTOUCHED_PREFIX]),
      handler: new NetworkOnly(),
    },
    {
      matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
      handler: pages,
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(DATA_PREFIX),
      handler: data,
    },
    {
      // Our photos only (the site's own, and the stored photos named by size, in any of their
      // formats): map tiles and other images pass through.
      matcher: ({ request, url, sameOrigin }) =>
        request.destination === 'image' && (sameOrigin || isStoredPhoto(url.href)),
      handler: async ({ request, event }) => {
        try {
          return await photos.handle({ request: photoRequest(request), event });
        } catch (error) {
          const kept = await anyKeptSize(request.url);
          if (kept) return kept;
          // Storage without CORS: the photo still shows online (it is only not kept).
          if (request.mode === 'no-cors' && photoRequest(request) !== request)
            return fetch(request);
          throw error;
        }
      },
    },
  ],
  fallbacks: {
    entries: [{ url: OFFLINE_PATH, matcher: ({ request }) => request.destination === 'document' }],
  },
});

/**
 * Keeps every photo of a listing page's gallery in `size`, in the format its <picture>s ask for:
 * a phone draws one photo at a time, so without this only the first opened offline.
 */
async function keepGallery(urls: string[], size: ImageVariant, event: ExtendableEvent) {
  const decodes = await decodedFormat();
  await Promise.allSettled(
    urls.map((url) => {
      const request = photoRequest(new Request(keptVariant(url, size, decodes)));
      return galleries.handleAll({ event, request })[1];
    }),
  );
}

/**
 * Keeps what a page the visitor saw links to: its listing pages (those not kept yet) with their
 * galleries in thumbnails, and the card size of its photos, in the format its <picture>s will ask
 * for, up to CACHE_LIMITS.linkedPerPage of each; on a listing page, its whole gallery in the card
 * size. Best effort: what cannot be fetched now is fetched when the visitor opens it online.
 */
async function keepLinked(html: string, event: ExtendableEvent) {
  const first = (values: string[]) => [...new Set(values)].slice(0, CACHE_LIMITS.linkedPerPage);
  const decodes = await decodedFormat();
  const gallery = galleryPhotos(html);
  const galleryCards = new Set(gallery.map((url) => keptVariant(url, 'card', decodes)));
  const cardPhotos = first(
    photoSources(html)
      .map((src) => keptVariant(src, 'card', decodes))
      .filter((url) => !galleryCards.has(url)),
  );
  const kept = await caches.open(CACHES.pages);
  await Promise.allSettled([
    ...first(linkedListingPages(html)).map(async (path) => {
      if (await kept.match(path)) return;
      const [page, done] = warmPages.handleAll({ event, request: new Request(path) });
      try {
        await keepGallery(galleryPhotos(await (await page).text()), 'thumb', event);
      } finally {
        await done;
      }
    }),
    ...cardPhotos.map(
      (url) => photos.handleAll({ event, request: photoRequest(new Request(url)) })[1],
    ),
    keepGallery(gallery, 'card', event),
  ]);
}

/**
 * Only the lifetime of a page's fetch event: Serwist answers every request handled under a
 * navigation's fetch event with that navigation's preload response (the page itself), so what a
 * page links to is fetched under a plain event that extends the navigation's lifetime.
 */
const lifetimeOf = (event: ExtendableEvent) =>
  ({ waitUntil: (promise: Promise<unknown>) => event.waitUntil(promise) }) as ExtendableEvent;

/** Pages the visitor opens: kept, and so is what they link to (after the page is answered). */
pages.plugins.push({
  cacheDidUpdate: async ({ event, newResponse }) =>
    keepLinked(await newResponse.text(), lifetimeOf(event)),
});

/**
 * At install: every list, the map, the search and their data (the same for every visitor), and
 * what the page that installed the worker links to (its first page view had no worker yet).
 */
async function warm(event: ExtendableEvent) {
  const open = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (client) => {
      const path = new URL(client.url).pathname;
      return !path.startsWith(UNTOUCHED_PREFIX) && !startsWithAny(path, NETWORK_ONLY_PREFIXES);
    },
  );
  const html = await Promise.all(
    open.map((client) =>
      fetch(client.url)
        .then((response) => response.text())
        .catch(() => ''),
    ),
  );
  await Promise.allSettled([
    ...WARM_PAGES.map((path) => warmPages.handleAll({ event, request: new Request(path) })[1]),
    ...[MAP_PLACES_PATH, ...LISTING_KINDS.map(remainingListingsPath)].map(
      (path) => data.handleAll({ event, request: new Request(path) })[1],
    ),
    ...html.map((page) => keepLinked(page, event)),
  ]);
}

self.addEventListener('install', (event) => event.waitUntil(warm(event)));
serwist.addEventListeners();
