// How a stored photo is shown: the worker keeps three JPEG variants (hero 1600×900, card 800×600,
// thumb 400×300), offered to the browser as one responsive set; image_styles apply as CSS.
import {
  DEFAULT_IMAGE_STYLES,
  IMAGE_VARIANTS,
  type ImageStyles,
  type ImageVariant,
  imageVariant,
} from '@guia-fortim/domain';
import type { CSSProperties } from 'react';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

export type ImageSources = { src: string; srcSet?: string; width: number; height: number };

/** `variant` is the default source and fixes the box's shape (width/height attributes). */
export function imageSources(url: string, variant: ImageVariant): ImageSources {
  const { width, height } = IMAGE_VARIANTS[variant];
  const src = imageVariant(url, variant);
  if (src === url && imageVariant(url, 'thumb') === url) return { src, width, height };
  const srcSet = (Object.keys(IMAGE_VARIANTS) as ImageVariant[])
    .map((name) => `${imageVariant(url, name)} ${IMAGE_VARIANTS[name].width}w`)
    .join(', ');
  return { src, srcSet, width, height };
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
