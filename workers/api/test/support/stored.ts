// A stored photo as the site and the panel see it: from one of its JPEG URLs, every object it has
// by the domain's rule (imageFormats, imageVariant) — for a photo uploaded now 3 JPEG + 3 WebP +
// 2 AVIF, for one stored before the several formats its three JPEGs. The tests check the worker against this
// rule, not against its own keys.ts.
import {
  IMAGE_VARIANT_NAMES,
  type ImageFormat,
  type ImageVariant,
  imageFormats,
  imageVariant,
} from '@guia-fortim/domain';

export type Variants = Record<ImageVariant, string>;
export type StoredObject = { variant: ImageVariant; format: ImageFormat; url: string };

/** Every object of the photo one of whose JPEG URLs is `url`, size by size, best format first. */
export function photoObjects(url: string): StoredObject[] {
  return IMAGE_VARIANT_NAMES.flatMap((variant) =>
    imageFormats(url, variant).map((format) => ({
      variant,
      format,
      url: imageVariant(url, variant, format),
    })),
  );
}

/** How many objects a photo uploaded now has: 3 JPEG + 3 WebP + 2 AVIF. */
export const OBJECTS_PER_PHOTO = 8;

/** The status of every object of a photo uploaded now (all OBJECTS_PER_PHOTO of them). */
export async function statuses(photo: Variants): Promise<number[]> {
  const objects = photoObjects(photo.hero);
  return Promise.all(objects.map(async ({ url }) => (await fetch(url)).status));
}

/** What `statuses` answers when every object of a photo uploaded now has `status`. */
export const every = (status: number) => Array<number>(OBJECTS_PER_PHOTO).fill(status);

/** The R2 key of a URL the worker serves under /images/. */
export const keyOf = (url: string) =>
  decodeURIComponent(new URL(url).pathname.replace(/^\/images\//, ''));

/** The format stored bytes are, by their magic bytes (not by any name or header). */
export function magicFormat(bytes: Uint8Array): ImageFormat | 'unknown' {
  const text = (from: number, to: number) =>
    Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  if (text(4, 12) === 'ftypavif' || text(4, 12) === 'ftypavis') return 'avif';
  return 'unknown';
}
