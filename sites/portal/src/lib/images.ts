// How a stored photo is shown: the worker keeps three sizes (hero 1600×900, card 800×600, thumb
// 400×300), offered to the browser as one responsive set; image_styles apply as CSS. A photo with
// the multi-format mark (…_mf-hero.jpg) is also stored as WebP and AVIF: it is offered as a
// <picture> whose sources come before the JPEG <img>, best format first.
import {
  DEFAULT_IMAGE_STYLES,
  IMAGE_FORMAT_NAMES,
  IMAGE_FORMATS,
  IMAGE_VARIANT_NAMES,
  IMAGE_VARIANTS,
  type ImageFormat,
  type ImageStyles,
  type ImageVariant,
  imageFormats,
  imageVariant,
} from '@guia-fortim/domain';
import type { CSSProperties } from 'react';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** One <source> of a <picture>: its MIME type and its candidates (same `sizes` as the img). */
export type PictureSource = { type: string; srcSet: string };

export type ImageSources = {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  /** Only for a photo stored in several formats: the <source>s before the JPEG <img>. */
  sources?: PictureSource[];
};

/**
 * How wide each slot draws its photo (`sizes`), from the layouts' CSS, so the browser fetches the
 * smallest size that fills it (a 412 px phone at DPR 1.75 needs 721 device px for a full-width
 * photo). Upper bounds where a slot varies (cards are narrower in the home's 4 columns).
 */
export const PHOTO_SIZES = {
  /** Home hero: the full width (object-fit cover; on a portrait phone it is cropped at the sides). */
  hero: '100vw',
  /** Cards in the lists and on the home: 1, 2 or 3 columns in max-w-7xl px-4 with gap-6. */
  card: '(min-width: 1024px) 400px, (min-width: 640px) calc(50vw - 1.75rem), calc(100vw - 2rem)',
  /** Gallery on phones (below md): the content's width (px-4). */
  galleryPhone: 'calc(100vw - 2rem)',
  /** Gallery from md: the large photo, 2 of 3 columns of max-w-5xl px-4 (gap-2)… */
  galleryMain: '(min-width: 1024px) 660px, calc(66.7vw - 1.5rem)',
  /** …or all of them when it is the only photo. */
  galleryOnly: '(min-width: 1024px) 992px, calc(100vw - 2rem)',
  /** The small photos: a third of the row (at most 325 px), stacked in 26rem… */
  galleryThumb: '330px',
  /** …or, alone, the column's full 26rem height, so a 4:3 photo covers it 555 px wide. */
  galleryThumbAlone: '555px',
  /** The full-screen viewer (object-fit contain). */
  viewer: '100vw',
  /** A search result's photo (w-28). */
  searchResult: '112px',
} as const;

const rank = (format: ImageFormat) => IMAGE_FORMAT_NAMES.indexOf(format);

/**
 * The <source>s of a multi-format photo, best format first. A browser that takes a source's type
 * decodes every later format too (AVIF ⇒ WebP ⇒ JPEG), so each size is listed in the best format
 * it is stored in at or after the source's: the AVIF source offers the hero as WebP (AVIF stops at
 * 1,200 px) and so keeps its 1600w candidate for large slots.
 */
export function pictureSources(url: string): PictureSource[] {
  const formats = IMAGE_FORMAT_NAMES.filter(
    (format) =>
      format !== 'jpeg' &&
      IMAGE_VARIANT_NAMES.some((size) => imageFormats(url, size).includes(format)),
  );
  return formats.map((format) => ({
    type: IMAGE_FORMATS[format].type,
    srcSet: IMAGE_VARIANT_NAMES.map((size) => {
      const best = imageFormats(url, size).find((stored) => rank(stored) >= rank(format)) ?? 'jpeg';
      return `${imageVariant(url, size, best)} ${IMAGE_VARIANTS[size].width}w`;
    }).join(', '),
  }));
}

/** `variant` is the default source and fixes the box's shape (width/height attributes). */
export function imageSources(url: string, variant: ImageVariant): ImageSources {
  const { width, height } = IMAGE_VARIANTS[variant];
  const src = imageVariant(url, variant);
  if (src === url && imageVariant(url, 'thumb') === url) return { src, width, height };
  const srcSet = IMAGE_VARIANT_NAMES.map(
    (name) => `${imageVariant(url, name)} ${IMAGE_VARIANTS[name].width}w`,
  ).join(', ');
  const sources = pictureSources(url);
  return sources.length > 0
    ? { src, srcSet, width, height, sources }
    : { src, srcSet, width, height };
}

/** image_styles as CSS for an <img> filling its box. */
export function imageStyle(styles: ImageStyles = DEFAULT_IMAGE_STYLES): CSSProperties {
  const style: CSSProperties = {
    objectFit: styles.objectFit,
    objectPosition: `${styles.positionX}% ${styles.positionY}%`,
  };
  if (styles.scale !== 1 || styles.rotate !== 0) {
    style.transform = `scale(${styles.scale}) rotate(${styles.rotate}deg)`;
  }
  return style;
}
