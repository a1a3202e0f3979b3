// What the service worker reads in a page's HTML to keep ahead what the page leads to (sw.ts):
// pure text rules, so they are tested without a worker.
import { LISTING_PATH } from '@guia-fortim/domain';

/** Where a listing page names every photo of its gallery (ListingPage.astro), as JSON. */
export const GALLERY_ATTRIBUTE = 'data-galeria';

const LISTING_LINK = new RegExp(
  `href="((?:${Object.values(LISTING_PATH).join('|')})/[^"/?#]+)"`,
  'g',
);
const PHOTO_SOURCE = /<img\b[^>]*?\ssrc="([^"]+)"/g;
const GALLERY = new RegExp(`\\s${GALLERY_ATTRIBUTE}="([^"]*)"`);

/** Unescapes the few entities Astro writes into attribute values. */
const attribute = (value: string) =>
  value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");

/** The listing pages a page links to, each once, in the page's order. */
export function linkedListingPages(html: string): string[] {
  return [...new Set([...html.matchAll(LISTING_LINK)].map((m) => attribute(m[1] ?? '')))];
}

/** The photos a page draws (each <img>'s src), each once, in the page's order. */
export function photoSources(html: string): string[] {
  return [...new Set([...html.matchAll(PHOTO_SOURCE)].map((m) => attribute(m[1] ?? '')))];
}

/**
 * Every photo of a listing page's gallery, the ones its HTML does not draw included (the phone's
 * carousel draws one at a time); none on another page, or when the list cannot be read.
 */
export function galleryPhotos(html: string): string[] {
  const value = GALLERY.exec(html)?.[1];
  if (!value) return [];
  try {
    const photos: unknown = JSON.parse(attribute(value));
    return Array.isArray(photos)
      ? photos.filter((photo): photo is string => typeof photo === 'string' && photo !== '')
      : [];
  } catch {
    return [];
  }
}
