// Where photos live in R2 and how their public URLs map back to storage keys, served under
// PUBLIC_IMAGES_URL. A photo is a key base, `{folder}/{random}_{timestamp}` plus, for a photo in several formats,
// MULTI_FORMAT_MARK (`_mf`), and one object per size and format: `{base}-{size}.{extension}`.
// Marked photos exist in every format of variantFormats(size) (…_mf-card.avif, …_mf-card.webp,
// …_mf-card.jpg); older, unmarked ones only as the three JPEGs. The database and the panel hold
// JPEG URLs; the domain's imageVariant() finds the siblings by the same rule.
import {
  IMAGE_FOLDERS,
  IMAGE_FORMATS,
  IMAGE_VARIANT_NAMES,
  type ImageFolder,
  type ImageFormat,
  type ImageVariant,
  imageFormats,
  MULTI_FORMAT_MARK,
  parseImageVariant,
} from '@guia-fortim/domain';

const KEY_BASE = new RegExp(
  `^(?:${IMAGE_FOLDERS.join('|')})/[a-z0-9]+_[0-9]+(?:${MULTI_FORMAT_MARK})?$`,
);

/** A new photo's key base: stored in every format (it carries the mark). */
export function newKeyBase(folder: ImageFolder): string {
  const random = [...crypto.getRandomValues(new Uint8Array(8))]
    .map((b) => b.toString(36).padStart(2, '0'))
    .join('');
  return `${folder}/${random}_${Date.now()}${MULTI_FORMAT_MARK}`;
}

export const variantKey = (base: string, variant: ImageVariant, format: ImageFormat) =>
  `${base}-${variant}.${IMAGE_FORMATS[format].extension}`;

/** Every file a photo has: each size in each of its formats (the domain's imageFormats). */
export const photoFiles = (base: string) =>
  IMAGE_VARIANT_NAMES.flatMap((variant) =>
    imageFormats(variantKey(base, variant, 'jpeg'), variant).map((format) => ({ variant, format })),
  );

/** Every object a photo has in R2. */
export const variantKeys = (base: string) =>
  photoFiles(base).map(({ variant, format }) => variantKey(base, variant, format));

export function publicUrl(imagesUrl: string, key: string): string {
  return `${imagesUrl.replace(/\/+$/, '')}/${key}`;
}

/** What a stored object's key names: its photo, size and format; null for any other key. */
export function parseVariantKey(
  key: string,
): { base: string; variant: ImageVariant; format: ImageFormat } | null {
  const file = parseImageVariant(key);
  if (!file || !KEY_BASE.test(file.stem)) return null;
  return { base: file.stem, variant: file.variant, format: file.format };
}

/** The key base of any object of a stored photo (any size, any format), or null for another key. */
export function keyBaseOfKey(key: string): string | null {
  return parseVariantKey(key)?.base ?? null;
}

/** The key base of one of our stored photos (any size, any format), or null for any other URL. */
export function keyBaseOf(imagesUrl: string, url: string): string | null {
  const prefix = `${imagesUrl.replace(/\/+$/, '')}/`;
  return url.startsWith(prefix) ? keyBaseOfKey(url.slice(prefix.length)) : null;
}
