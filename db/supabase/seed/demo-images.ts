// The demo photos the seed references: one entry per image, shared by the SQL generator, the
// photo generator and the tests so no image is listed twice.
import type { ImageFolder, ListingKind } from '@guia-fortim/domain';
import { LISTING_FOLDER, MULTI_FORMAT_MARK, slugify } from '@guia-fortim/domain';
import { DEMO_COMERCIOS, DEMO_HOSPEDAGENS, DEMO_PASSEIOS, DEMO_SLIDES } from './data.ts';

export type DemoImage = {
  folder: ImageFolder;
  slug: string;
  /** 1 is the main photo; 2..4 the extra ones. */
  n: number;
  /** Text drawn on the placeholder; null on slides, whose title the carousel shows over it. */
  title: string | null;
  /**
   * Site path of the hero JPEG, as stored in the database; marked as stored in every format (the
   * demo photos are drawn in each format of variantFormats(), as the worker stores new photos).
   */
  url: string;
};

export function demoImageUrl(folder: ImageFolder, slug: string, n: number): string {
  return `/demo/${folder}/${slug}-${n}${MULTI_FORMAT_MARK}-hero.jpg`;
}

function listingImages(kind: ListingKind, items: { name: string; photos: number }[]): DemoImage[] {
  const folder = LISTING_FOLDER[kind];
  return items.flatMap((item) => {
    const slug = slugify(item.name);
    return Array.from({ length: item.photos }, (_, i) => ({
      folder,
      slug,
      n: i + 1,
      title: item.name,
      url: demoImageUrl(folder, slug, i + 1),
    }));
  });
}

export const DEMO_IMAGES: DemoImage[] = [
  ...listingImages('hospedagem', DEMO_HOSPEDAGENS),
  ...listingImages('comercio', DEMO_COMERCIOS),
  ...listingImages('passeio', DEMO_PASSEIOS),
  ...DEMO_SLIDES.map((slide) => {
    const slug = slugify(slide.title);
    return {
      folder: 'carousel' as const,
      slug,
      n: 1,
      title: null,
      url: demoImageUrl('carousel', slug, 1),
    };
  }),
];

/** Main photo and extra photos of one demo listing (by kind and name). */
export function demoListingImages(
  kind: ListingKind,
  name: string,
): { main: string; extra: string[] } {
  const slug = slugify(name);
  const urls = DEMO_IMAGES.filter(
    (image) => image.folder === LISTING_FOLDER[kind] && image.slug === slug,
  ).map((image) => image.url);
  const [main, ...extra] = urls;
  if (!main) throw new Error(`Sem fotos de demonstração para ${name}`);
  return { main, extra };
}
