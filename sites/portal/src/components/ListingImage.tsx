import type { ImageStyles, ImageVariant } from '@guia-fortim/domain';
import { imageSources, imageStyle } from '../lib/images.ts';

type Props = {
  url: string;
  alt: string;
  variant: ImageVariant;
  /** How wide the image is drawn, for the browser's choice among the variants. */
  sizes: string;
  styles?: ImageStyles;
  className?: string;
  /** The page's main image: fetched at once and first. */
  priority?: boolean;
  /** Off in swipeable galleries, where dragging the photo would cancel the swipe. */
  draggable?: boolean;
};

/** A stored photo filling its box; a broken one is swapped for the placeholder (BaseLayout). */
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
  const { src, srcSet, width, height } = imageSources(url, variant);
  return (
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
}
