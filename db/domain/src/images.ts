// Stored photos: three sizes side by side (…-hero.jpg, …-card.jpg, …-thumb.jpg), each a JPEG;
// image_url and additional_images hold the hero JPEG's URL. URLs are http(s) or site paths ("/…").
// Photos stored in several formats carry MULTI_FORMAT_MARK before the size (…_mf-card.jpg) and exist
// also as WebP (every size) and AVIF (the sizes Cloudflare Images encodes as AVIF): the site offers
// those first in a <picture>; older photos and other URLs stay JPEG-only, so no source is missing.

export const IMAGE_VARIANTS = {
  hero: { width: 1600, height: 900, quality: 0.85 },
  card: { width: 800, height: 600, quality: 0.8 },
  thumb: { width: 400, height: 300, quality: 0.75 },
} as const;

export type ImageVariant = keyof typeof IMAGE_VARIANTS;
export const IMAGE_VARIANT_NAMES = Object.keys(IMAGE_VARIANTS) as ImageVariant[];

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_EXTRA = 3;
/** Decompression-bomb guard: uploads above 40 megapixels are refused before decoding. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/**
 * The stored formats, best first (the order a <picture> offers them in). Qualities are on the
 * 0–1 scale (JPEG's are per size, in IMAGE_VARIANTS), chosen so each size's mean SSIM against
 * the source is within 0.001 of its JPEG's or above, except the hero's WebP, which lossy WebP's
 * 4:2:0 chroma keeps just below at any quality (measured: see `npm run bench -- site`). AVIF only
 * up to maxWidth: Cloudflare Images does not encode larger AVIF (it would answer WebP or JPEG).
 */
export const IMAGE_FORMATS = {
  avif: { type: 'image/avif', extension: 'avif', quality: 0.6, maxWidth: 1200 },
  webp: {
    type: 'image/webp',
    extension: 'webp',
    quality: 0.85,
    maxWidth: Number.POSITIVE_INFINITY,
  },
  jpeg: { type: 'image/jpeg', extension: 'jpg', quality: null, maxWidth: Number.POSITIVE_INFINITY },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;
export const IMAGE_FORMAT_NAMES = Object.keys(IMAGE_FORMATS) as ImageFormat[];
/** In a stored photo's name, before the size: it exists in every format of IMAGE_FORMATS. */
export const MULTI_FORMAT_MARK = '_mf';

/** The formats a photo's size is stored in, best first. */
export function variantFormats(variant: ImageVariant): ImageFormat[] {
  return IMAGE_FORMAT_NAMES.filter(
    (format) => IMAGE_VARIANTS[variant].width <= IMAGE_FORMATS[format].maxWidth,
  );
}

/** The quality (0–1) a size is encoded at in a format. */
export function variantQuality(variant: ImageVariant, format: ImageFormat): number {
  return IMAGE_FORMATS[format].quality ?? IMAGE_VARIANTS[variant].quality;
}
export const IMAGE_FOLDERS = [
  'hospedagens',
  'comercios',
  'passeios',
  'general',
  'carousel',
] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];
export const SLIDE_RECOMMENDED_SIZE = { width: 1920, height: 1080 } as const;
export const IMAGE_URL_MAX_LENGTH = 2048;

const VARIANT_SUFFIX = /-(hero|card|thumb)\.jpg$/;
const MULTI_FORMAT_SUFFIX = new RegExp(`${MULTI_FORMAT_MARK}-(hero|card|thumb)\\.jpg$`);
const FORMAT_OF_EXTENSION = new Map<string, ImageFormat>(
  IMAGE_FORMAT_NAMES.map((format) => [IMAGE_FORMATS[format].extension, format]),
);
const ANY_VARIANT = new RegExp(
  `-(${IMAGE_VARIANT_NAMES.join('|')})\\.(${[...FORMAT_OF_EXTENSION.keys()].join('|')})$`,
);

/** The formats a photo's size can be fetched in, best first: JPEG only unless it has the mark. */
export function imageFormats(url: string, variant: ImageVariant): ImageFormat[] {
  return MULTI_FORMAT_SUFFIX.test(url) ? variantFormats(variant) : ['jpeg'];
}

/**
 * The sibling URL of another size (and format: one of imageFormats()); a URL not following the
 * pattern comes back unchanged.
 */
export function imageVariant(
  url: string,
  variant: ImageVariant,
  format: ImageFormat = 'jpeg',
): string {
  if (!VARIANT_SUFFIX.test(url)) return url;
  if (format !== 'jpeg' && !imageFormats(url, variant).includes(format)) {
    throw new Error(`${url} não existe em ${format} no tamanho ${variant}`);
  }
  return url.replace(VARIANT_SUFFIX, `-${variant}.${IMAGE_FORMATS[format].extension}`);
}

/** One stored file of a photo: the photo's name without size (`stem`), the size and the format. */
export type ImageVariantFile = {
  stem: string;
  variant: ImageVariant;
  format: ImageFormat;
  /** The same size's JPEG, the address the rows hold the photo by (for the hero). */
  jpeg: string;
};

/**
 * What the address (or storage key) of a photo's file names, the inverse of imageVariant(); null
 * for anything else. An AVIF or WebP address counts only when the photo is stored in that format.
 */
export function parseImageVariant(url: string): ImageVariantFile | null {
  const match = ANY_VARIANT.exec(url);
  const variant = match?.[1] as ImageVariant | undefined;
  const format = FORMAT_OF_EXTENSION.get(match?.[2] ?? '');
  if (!match || !variant || !format) return null;
  const stem = url.slice(0, match.index);
  const jpeg = `${stem}-${variant}.${IMAGE_FORMATS.jpeg.extension}`;
  return imageFormats(jpeg, variant).includes(format) ? { stem, variant, format, jpeg } : null;
}

/** The same rule as private.is_image_url() in the schema: http(s) URL or a site path. */
export function isImageUrl(value: string): boolean {
  return (
    [...value].length <= IMAGE_URL_MAX_LENGTH &&
    !/[\s\p{Cc}\\]/u.test(value) &&
    (/^https?:\/\/[^/?#]+/i.test(value) || /^\/[^/]/.test(value))
  );
}

/** Button links: a site path ("/" or "/…", never "//host") or an http(s) URL. */
export function isLink(value: string): boolean {
  return (
    [...value].length <= IMAGE_URL_MAX_LENGTH &&
    !/[\s\p{Cc}\\]/u.test(value) &&
    (/^https?:\/\/[^/?#]+/i.test(value) || /^\/([^/]|$)/.test(value))
  );
}

export type ImageFileProblem = { title: string; message: string };

/** A file that is not an image, by its type or because it cannot be decoded as one. */
export function notAnImageProblem(name: string): ImageFileProblem {
  return { title: 'Formato inválido', message: `${name} não é uma imagem válida.` };
}

/** Upload checks with the panel's messages; null when the file is acceptable. */
export function imageFileProblem(file: {
  name: string;
  type: string;
  size: number;
}): ImageFileProblem | null {
  if (!file.type.startsWith('image/')) return notAnImageProblem(file.name);
  if (file.size > IMAGE_MAX_BYTES) {
    return { title: 'Arquivo muito grande', message: `${file.name} deve ter no máximo 5MB.` };
  }
  return null;
}

/** A multi-image field got more files than it takes. */
export function tooManyImagesProblem(maxImages: number): ImageFileProblem {
  return {
    title: 'Limite excedido',
    message: `Você pode adicionar no máximo ${maxImages} imagens.`,
  };
}

/** An upload whose decoded size passes IMAGE_MAX_PIXELS; null when it is within the limit. */
export function imagePixelsProblem(name: string, width: number, height: number): string | null {
  if (width * height <= IMAGE_MAX_PIXELS) return null;
  return `Imagem grande demais: ${name} tem ${width}×${height} pixels; o máximo é ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`;
}
