// Stored photos: three JPEG variants side by side (…-hero.jpg, …-card.jpg, …-thumb.jpg);
// image_url and additional_images hold the hero URL. URLs are http(s) or site paths ("/…").

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
export const IMAGE_OUTPUT_TYPE = 'image/jpeg';
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

/** The sibling URL of another variant; a URL not following the pattern comes back unchanged. */
export function imageVariant(url: string, variant: ImageVariant): string {
  return VARIANT_SUFFIX.test(url) ? url.replace(VARIANT_SUFFIX, `-${variant}.jpg`) : url;
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

/** Upload checks with the admin spec's messages; null when the file is acceptable. */
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
