// Which requests are our stored photos and what the service worker keeps of them (sw.ts): pure
// rules over addresses, so they are tested without a worker. A multi-format photo is requested in
// whatever format the browser chose from its <picture> (…_mf-card.avif, …_mf-hero.webp, or the
// JPEG), and each of those is one entry of the same bounded photos cache.
import {
  IMAGE_FORMAT_NAMES,
  IMAGE_FORMATS,
  IMAGE_VARIANT_NAMES,
  type ImageFormat,
  type ImageVariant,
  imageFormats,
  imageVariant,
  parseImageVariant,
} from '@guia-fortim/domain';

const rank = (format: ImageFormat) => IMAGE_FORMAT_NAMES.indexOf(format);

/**
 * What may answer a photo request from the cache when the network fails: the same photo in any
 * size, in a format this browser decodes (`decodes`, its best), or that any browser asking for
 * this one does (one that asked for AVIF decodes WebP and JPEG), best format first. A browser
 * that decodes AVIF asks for the hero in WebP (AVIF stops at 1,200 px), and a card kept in AVIF
 * answers it.
 */
export function keptAlternatives(url: string, decodes: ImageFormat): string[] {
  const photo = parseImageVariant(url);
  if (!photo) return [url];
  const best = Math.min(rank(photo.format), rank(decodes));
  return IMAGE_FORMAT_NAMES.filter((format) => rank(format) >= best).flatMap((format) =>
    IMAGE_VARIANT_NAMES.filter((size) => imageFormats(photo.jpeg, size).includes(format)).map(
      (size) => imageVariant(photo.jpeg, size, format),
    ),
  );
}

/**
 * The `size` of a photo a page shows (any of its addresses), in the format this browser takes
 * from the <picture> (`decodes`: the best format it decodes), so what is kept ahead is what the
 * page will ask for; JPEG-only photos and other addresses as they are.
 */
export function keptVariant(src: string, size: ImageVariant, decodes: ImageFormat): string {
  const format = imageFormats(src, size).find((stored) => rank(stored) >= rank(decodes)) ?? 'jpeg';
  return imageVariant(src, size, format);
}

/**
 * The best format this browser decodes, tested once on a 1×1 image of each (the same test the
 * <picture>'s `type` stands for); JPEG where createImageBitmap is missing.
 */
export async function bestDecodedFormat(
  samples: Partial<Record<ImageFormat, string>>,
  decode: ((blob: Blob) => Promise<unknown>) | undefined,
): Promise<ImageFormat> {
  if (!decode) return 'jpeg';
  for (const format of IMAGE_FORMAT_NAMES) {
    const sample = samples[format];
    if (!sample) continue;
    const bytes = Uint8Array.from(atob(sample), (char) => char.charCodeAt(0));
    try {
      await decode(new Blob([bytes], { type: IMAGE_FORMATS[format].type }));
      return format;
    } catch {
      // not this one: try the next
    }
  }
  return 'jpeg';
}
