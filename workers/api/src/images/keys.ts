// Where photos live in R2 and how their public URLs map back to storage keys:
// `{folder}/{random}_{timestamp}-{hero|card|thumb}.jpg`, served under PUBLIC_IMAGES_URL.
import {
  IMAGE_FOLDERS,
  IMAGE_VARIANT_NAMES,
  type ImageFolder,
  type ImageVariant,
} from '@guia-fortim/domain';

const KEY_BASE = new RegExp(`^(?:${IMAGE_FOLDERS.join('|')})/[a-z0-9]+_[0-9]+$`);
const VARIANT_URL = /^(.*)-(?:hero|card|thumb)\.jpg$/;

export function newKeyBase(folder: ImageFolder): string {
  const random = [...crypto.getRandomValues(new Uint8Array(8))]
    .map((b) => b.toString(36).padStart(2, '0'))
    .join('');
  return `${folder}/${random}_${Date.now()}`;
}

export const variantKey = (base: string, variant: ImageVariant) => `${base}-${variant}.jpg`;

export const variantKeys = (base: string) => IMAGE_VARIANT_NAMES.map((v) => variantKey(base, v));

export function publicUrl(imagesUrl: string, key: string): string {
  return `${imagesUrl.replace(/\/+$/, '')}/${key}`;
}

/** The key base of a stored variant's key, or null for an object that is not one of our photos. */
export function keyBaseOfKey(key: string): string | null {
  const base = VARIANT_URL.exec(key)?.[1];
  return base && KEY_BASE.test(base) ? base : null;
}

/** The key base of one of our stored photos, or null for any other URL. */
export function keyBaseOf(imagesUrl: string, url: string): string | null {
  const prefix = `${imagesUrl.replace(/\/+$/, '')}/`;
  return url.startsWith(prefix) ? keyBaseOfKey(url.slice(prefix.length)) : null;
}
