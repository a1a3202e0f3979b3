// Turns one uploaded photo into the three JPEG variants with the Cloudflare Images binding (decoding
// happens outside the isolate's 128 MB) and stores them in R2.
import {
  IMAGE_OUTPUT_TYPE,
  IMAGE_VARIANT_NAMES,
  IMAGE_VARIANTS,
  type ImageFolder,
  type ImageVariant,
} from '@guia-fortim/domain';
import type { Bindings } from '../env.ts';
import { newKeyBase, publicUrl, variantKey, variantKeys } from './keys.ts';

/** Cache headers of stored variants: a key never changes content, so caches may keep it forever. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export type ImageDimensions = { format: string; width: number; height: number };

/** Thrown when the Images service cannot read or convert the photo. */
export class UnreadableImageError extends Error {}

const streamOf = (bytes: Uint8Array) => new Blob([bytes]).stream();

export async function readDimensions(env: Bindings, bytes: Uint8Array): Promise<ImageDimensions> {
  let info: ImageInfoResponse;
  try {
    info = await env.IMAGES.info(streamOf(bytes));
  } catch (err) {
    throw new UnreadableImageError(String(err));
  }
  if (!('width' in info) || !(info.width > 0) || !(info.height > 0)) {
    throw new UnreadableImageError(`sem dimensões (${info.format})`);
  }
  return { format: info.format, width: info.width, height: info.height };
}

async function renderVariant(env: Bindings, bytes: Uint8Array, variant: ImageVariant) {
  const { width, height, quality } = IMAGE_VARIANTS[variant];
  try {
    const result = await env.IMAGES.input(streamOf(bytes))
      .transform({ width, height, fit: 'scale-down' })
      // White behind transparent areas (production; the local simulation ignores it).
      .output({
        format: IMAGE_OUTPUT_TYPE,
        quality: Math.round(quality * 100),
        background: '#ffffff',
      });
    return await result.response().arrayBuffer();
  } catch (err) {
    throw new UnreadableImageError(String(err));
  }
}

export type StoredImage = Record<ImageVariant, string>;

/** Renders and stores the variants; on any failure nothing stays behind in R2. */
export async function storeVariants(
  env: Bindings,
  bytes: Uint8Array,
  folder: ImageFolder,
): Promise<StoredImage> {
  const base = newKeyBase(folder);
  const results = await Promise.allSettled(
    IMAGE_VARIANT_NAMES.map(async (variant) => {
      const body = await renderVariant(env, bytes, variant);
      const key = variantKey(base, variant);
      await env.IMAGES_BUCKET.put(key, body, {
        httpMetadata: { contentType: IMAGE_OUTPUT_TYPE, cacheControl: IMMUTABLE_CACHE },
      });
      return [variant, publicUrl(env.PUBLIC_IMAGES_URL, key)] as const;
    }),
  );
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await env.IMAGES_BUCKET.delete(variantKeys(base));
    throw failure.reason;
  }
  return Object.fromEntries(
    results.map((r) => (r as PromiseFulfilledResult<readonly [ImageVariant, string]>).value),
  ) as StoredImage;
}
