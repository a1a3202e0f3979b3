// Turns one uploaded photo into its variants with the Cloudflare Images binding (decoding happens
// outside the isolate's 128 MB) and stores them in R2: three sizes, each in every format of
// variantFormats() — AVIF (card, thumb), WebP and JPEG — eight objects (keys.ts names them).
import {
  IMAGE_FORMATS,
  IMAGE_VARIANT_NAMES,
  IMAGE_VARIANTS,
  type ImageFolder,
  type ImageFormat,
  type ImageVariant,
  variantQuality,
} from '@guia-fortim/domain';
import type { Bindings } from '../env.ts';
import { imagesFailure, UnreadableImageError } from './failures.ts';
import { newKeyBase, photoFiles, publicUrl, variantKey, variantKeys } from './keys.ts';

/** Cache headers of stored variants: a key never changes content, so caches may keep it forever. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export type ImageDimensions = { format: string; width: number; height: number };

const streamOf = (bytes: Uint8Array) => new Blob([bytes]).stream();

export async function readDimensions(env: Bindings, bytes: Uint8Array): Promise<ImageDimensions> {
  let info: ImageInfoResponse;
  try {
    info = await env.IMAGES.info(streamOf(bytes));
  } catch (err) {
    throw imagesFailure(err);
  }
  if (!('width' in info) || !(info.width > 0) || !(info.height > 0)) {
    throw new UnreadableImageError(`sem dimensões (${info.format})`);
  }
  return { format: info.format, width: info.width, height: info.height };
}

type Rendered = { body: ArrayBuffer; contentType: string };

async function renderVariant(
  env: Bindings,
  bytes: Uint8Array,
  variant: ImageVariant,
  format: ImageFormat,
): Promise<Rendered> {
  const { width, height } = IMAGE_VARIANTS[variant];
  try {
    const result = await env.IMAGES.input(streamOf(bytes))
      .transform({ width, height, fit: 'scale-down' })
      // White behind transparent areas (production; the local simulation ignores it).
      .output({
        format: IMAGE_FORMATS[format].type,
        quality: Math.round(variantQuality(variant, format) * 100),
        background: '#ffffff',
      });
    // What Images produced: production may answer another format when it cannot encode the one
    // asked for (AVIF), and the object is then served as what it is.
    return { body: await result.response().arrayBuffer(), contentType: result.contentType() };
  } catch (err) {
    throw imagesFailure(err);
  }
}

export type StoredImage = Record<ImageVariant, string>;

/**
 * Renders and stores every size in every format, all at once; answers the JPEGs' public URLs.
 * On any failure nothing stays behind in R2.
 */
export async function storeVariants(
  env: Bindings,
  bytes: Uint8Array,
  folder: ImageFolder,
): Promise<StoredImage> {
  const base = newKeyBase(folder);
  const jobs = photoFiles(base);
  const results = await Promise.allSettled(
    jobs.map(async ({ variant, format }) => {
      const { body, contentType } = await renderVariant(env, bytes, variant, format);
      await env.IMAGES_BUCKET.put(variantKey(base, variant, format), body, {
        httpMetadata: { contentType, cacheControl: IMMUTABLE_CACHE },
      });
    }),
  );
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await env.IMAGES_BUCKET.delete(variantKeys(base));
    throw failure.reason;
  }
  return Object.fromEntries(
    IMAGE_VARIANT_NAMES.map((variant) => [
      variant,
      publicUrl(env.PUBLIC_IMAGES_URL, variantKey(base, variant, 'jpeg')),
    ]),
  ) as StoredImage;
}
