import type { ImageStyles, ImageVariant } from '@guia-fortim/domain';
import { imageSources, imageStyle } from '../lib/images.ts';

type Props = {
  url: string;
  alt: string;
  variant: ImageVariant;
  /** How wide the image is drawn, for the browser's choice among the variants (PHOTO_SIZES). */
  sizes: string;
  styles?: ImageStyles;
  className?: string;
  /** The page's main image: fetched at once and first. */
  priority?: boolean;
  /** Off in swipeable galleries, where dragging the photo would cancel the swipe. */
  draggable?: boolean;
};

/**
 * A stored photo filling its box; a broken one is swapped for the placeholder (BaseLayout). A photo
 * stored in several formats is a <picture> (display: contents, so the <img> lays out as if alone)
 * whose sources, best format first, share the img's `sizes`; the <img> keeps the JPEG set.
 */
export function ListingImage({
  url,
  alt,
  variant,
  sizes,
  styles,
  className,
  priority,
  draggable,
}: Props) {
  const { src, srcSet, width, height, sources } = imageSources(url, variant);
  const img = (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      draggable={draggable}
      className={`size-full ${className ?? ''}`}
      style={imageStyle(styles)}
    />
  );
  if (!sources) return img;
  return (
    <picture className="contents">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
