// @vitest-environment happy-dom
// Photos in several formats: a photo whose name carries the multi-format mark is a
// <picture> (AVIF source, WebP source, then the JPEG <img>); any other address stays the plain
// <img> it always was. Also the page's broken-photo fallback, the search results' photos and the
// service worker's rules for which photo requests it keeps and what it answers offline.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_VARIANTS } from '@guia-fortim/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ListingCard } from '../../src/components/cards/ListingCard.tsx';
import { Gallery } from '../../src/components/Gallery.tsx';
import { ListingImage } from '../../src/components/ListingImage.tsx';
import { imageSources, PHOTO_SIZES, PLACEHOLDER_IMAGE } from '../../src/lib/images.ts';
import { bestDecodedFormat, keptAlternatives, keptVariant } from '../../src/offline/photos.ts';
import { resultPhoto } from '../../src/search/results.ts';
import { hospedagem } from './fixtures.ts';

afterEach(cleanup);

const MARKED = '/demo/x/casa-1_mf-hero.jpg';
const at = (size: string, extension: string) => `/demo/x/casa-1_mf-${size}.${extension}`;
const JPEG_SET = `${at('hero', 'jpg')} 1600w, ${at('card', 'jpg')} 800w, ${at('thumb', 'jpg')} 400w`;
const AVIF_SET = `${at('hero', 'webp')} 1600w, ${at('card', 'avif')} 800w, ${at('thumb', 'avif')} 400w`;
const WEBP_SET = `${at('hero', 'webp')} 1600w, ${at('card', 'webp')} 800w, ${at('thumb', 'webp')} 400w`;

/** A srcset as [url, width] pairs. */
const candidates = (srcset: string | null) =>
  (srcset ?? '').split(', ').map((candidate) => {
    const [url, width] = candidate.split(' ');
    return [url, Number(width?.replace(/w$/, ''))];
  });

describe('imageSources', () => {
  it('gives a marked photo the AVIF then the WebP source, each size in its best format', () => {
    expect(imageSources(MARKED, 'card')).toEqual({
      src: at('card', 'jpg'),
      srcSet: JPEG_SET,
      width: 800,
      height: 600,
      sources: [
        { type: 'image/avif', srcSet: AVIF_SET },
        { type: 'image/webp', srcSet: WEBP_SET },
      ],
    });
    // the mark on another size's address is the same photo
    expect(imageSources(at('thumb', 'jpg'), 'hero').sources).toEqual(
      imageSources(MARKED, 'hero').sources,
    );
  });

  it('keeps JPEG only for unmarked, external and placeholder addresses', () => {
    expect(imageSources('/demo/x/casa-1-hero.jpg', 'card')).toEqual({
      src: '/demo/x/casa-1-card.jpg',
      srcSet:
        '/demo/x/casa-1-hero.jpg 1600w, /demo/x/casa-1-card.jpg 800w, /demo/x/casa-1-thumb.jpg 400w',
      width: 800,
      height: 600,
    });
    // a mark not followed by a size, or on another extension, is not the mark
    for (const url of [
      'https://example.com/foto_mf.png',
      'https://example.com/foto_mf-hero.png',
      PLACEHOLDER_IMAGE,
    ]) {
      expect(imageSources(url, 'hero')).toEqual({ src: url, width: 1600, height: 900 });
    }
  });
});

describe('ListingImage', () => {
  const props = { alt: 'Casa', variant: 'card' as const, sizes: PHOTO_SIZES.card };

  it('draws a marked photo as a <picture>: AVIF, WebP, then the JPEG <img>, one `sizes` for all', () => {
    const { container } = render(<ListingImage url={MARKED} {...props} priority />);
    const picture = container.firstElementChild as HTMLElement;
    expect(picture.localName).toBe('picture');
    // display: contents, so the <img> lays out in its box as it did alone
    expect(picture.className).toBe('contents');
    expect([...picture.children].map((child) => child.localName)).toEqual([
      'source',
      'source',
      'img',
    ]);
    const [avif, webp, img] = [...picture.children];
    expect(avif?.getAttribute('type')).toBe('image/avif');
    expect(candidates(avif?.getAttribute('srcset') ?? null)).toEqual([
      [at('hero', 'webp'), 1600],
      [at('card', 'avif'), 800],
      [at('thumb', 'avif'), 400],
    ]);
    expect(webp?.getAttribute('type')).toBe('image/webp');
    expect(candidates(webp?.getAttribute('srcset') ?? null)).toEqual([
      [at('hero', 'webp'), 1600],
      [at('card', 'webp'), 800],
      [at('thumb', 'webp'), 400],
    ]);
    for (const child of picture.children)
      expect(child.getAttribute('sizes')).toBe(PHOTO_SIZES.card);
    // the <img> is the JPEG fallback and keeps everything about drawing the photo
    expect(img?.getAttribute('src')).toBe(at('card', 'jpg'));
    expect(img?.getAttribute('srcset')).toBe(JPEG_SET);
    expect(img?.getAttribute('width')).toBe(String(IMAGE_VARIANTS.card.width));
    expect(img?.getAttribute('height')).toBe(String(IMAGE_VARIANTS.card.height));
    expect(img?.getAttribute('alt')).toBe('Casa');
    expect(img?.getAttribute('loading')).toBe('eager');
    expect(img?.getAttribute('fetchpriority')).toBe('high');
    expect(img?.getAttribute('style')).toContain('object-fit: cover');
    expect(screen.getByRole('img', { name: 'Casa' })).toBe(img);
    for (const source of picture.querySelectorAll('source')) {
      expect(source.hasAttribute('width') || source.hasAttribute('style')).toBe(false);
    }
  });

  it('draws any other address exactly as before: one plain <img>', () => {
    // the markup of the JPEG-only photo before photos came in several formats, byte for byte
    expect(renderToStaticMarkup(<ListingImage url="/demo/x/casa-1-hero.jpg" {...props} />)).toBe(
      `<img src="/demo/x/casa-1-card.jpg" srcSet="/demo/x/casa-1-hero.jpg 1600w, /demo/x/casa-1-card.jpg 800w, /demo/x/casa-1-thumb.jpg 400w" sizes="${PHOTO_SIZES.card}" width="800" height="600" alt="Casa" loading="lazy" decoding="async" class="size-full " style="object-fit:cover;object-position:50% 50%"/>`,
    );
    // React's own preload of a priority <img> included, as before
    expect(
      renderToStaticMarkup(
        <ListingImage url="https://example.com/foto.png" {...props} variant="hero" priority />,
      ),
    ).toBe(
      '<link rel="preload" as="image" href="https://example.com/foto.png" fetchPriority="high"/><img src="https://example.com/foto.png" width="1600" height="900" alt="Casa" loading="eager" fetchPriority="high" decoding="async" class="size-full " style="object-fit:cover;object-position:50% 50%"/>',
    );
  });

  it('leaves no preload of the JPEG for a <picture>: the page asks for the format it takes', () => {
    // React preloads a priority <img> (the JPEG set) unless it is in a <picture>, where the
    // browser may take another source; the <picture> is in the HTML, found as early as a preload.
    const markup = renderToStaticMarkup(<ListingImage url={MARKED} {...props} priority />);
    expect(markup).toMatch(/^<picture class="contents"><source type="image\/avif"/);
    expect(markup).not.toContain('<link');
  });

  it('is what every card and every gallery photo draws, with its slot’s sizes', () => {
    const card = render(<ListingCard item={hospedagem('casa', { images: [MARKED] })} />);
    const cardPicture = card.container.querySelector('picture');
    expect(cardPicture?.querySelector('source')?.getAttribute('sizes')).toBe(PHOTO_SIZES.card);
    expect(cardPicture?.querySelector('img')?.getAttribute('sizes')).toBe(PHOTO_SIZES.card);
    cleanup();

    const photos = [MARKED, '/demo/x/casa-2_mf-hero.jpg', '/demo/x/casa-3-hero.jpg'];
    const { container } = render(<Gallery images={photos} name="Casa" />);
    const sizesOf = (name: string) =>
      screen
        .getAllByRole('img', { name })
        .map((img) => [
          img.parentElement?.localName,
          img.getAttribute('sizes'),
          img.parentElement?.querySelector('source')?.getAttribute('sizes') ?? null,
        ]);
    expect(sizesOf('Casa, foto 1 de 3')).toEqual([
      ['picture', PHOTO_SIZES.galleryPhone, PHOTO_SIZES.galleryPhone],
      ['picture', PHOTO_SIZES.galleryMain, PHOTO_SIZES.galleryMain],
    ]);
    expect(sizesOf('Casa, foto 2 de 3')).toEqual([
      ['picture', PHOTO_SIZES.galleryThumb, PHOTO_SIZES.galleryThumb],
    ]);
    // an old upload among new ones: its plain <img>
    expect(sizesOf('Casa, foto 3 de 3')).toEqual([['button', PHOTO_SIZES.galleryThumb, null]]);
    expect(container.querySelectorAll('picture > source[type="image/avif"]')).toHaveLength(3);
  });

  it('sizes each slot by its layout, so a 412 px phone at DPR 1.75 takes the card size', () => {
    // 412 px wide: a card and the phone gallery are the content's width (412 - 2 × 16 px)
    expect(PHOTO_SIZES.card.split(', ').at(-1)).toBe('calc(100vw - 2rem)');
    expect(PHOTO_SIZES.galleryPhone).toBe('calc(100vw - 2rem)');
    // (412 - 32) × 1.75 = 665 device px: more than the thumb's 400, less than the card's 800
    const needed = (412 - 32) * 1.75;
    expect(needed).toBeGreaterThan(IMAGE_VARIANTS.thumb.width);
    expect(needed).toBeLessThanOrEqual(IMAGE_VARIANTS.card.width);
    // the home hero fills the width: 412 × 1.75 = 721 device px, the card size too
    expect(PHOTO_SIZES.hero).toBe('100vw');
    expect(412 * 1.75).toBeLessThanOrEqual(IMAGE_VARIANTS.card.width);
  });
});

describe('broken photos (BaseLayout)', () => {
  beforeAll(() => {
    // The layout's inline script, run as Astro writes it (define:vars declares `placeholder`).
    const layout = readFileSync(
      join(import.meta.dirname, '..', '..', 'src', 'layouts', 'BaseLayout.astro'),
      'utf8',
    );
    const script =
      /<script is:inline define:vars=\{\{ placeholder: PLACEHOLDER_IMAGE \}\}>([\s\S]*?)<\/script>/.exec(
        layout,
      )?.[1];
    if (!script) throw new Error('BaseLayout.astro sem o script das fotos quebradas');
    new Function('placeholder', script)(PLACEHOLDER_IMAGE);
  });

  it('swaps a broken photo in a <picture> for the placeholder, its sources dropped', () => {
    const { container } = render(
      <ListingImage url={MARKED} alt="Casa" variant="card" sizes="100vw" />,
    );
    const img = container.querySelector('img') as HTMLImageElement;
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.dataset.broken).toBe('1');
    // still there for the island's React, but with nothing left to choose from
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources).toHaveLength(2);
    for (const source of sources) expect(source.hasAttribute('srcset')).toBe(false);
  });

  it('swaps a broken plain <img> as before, once', () => {
    const { container } = render(
      <ListingImage url="/demo/x/casa-1-hero.jpg" alt="Casa" variant="card" sizes="100vw" />,
    );
    const img = container.querySelector('img') as HTMLImageElement;
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    expect(img.hasAttribute('srcset')).toBe(false);
    // the placeholder itself failing does not loop
    img.setAttribute('src', '/outra.svg');
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/outra.svg');
  });
});

describe('search results', () => {
  it('draw a marked photo as the same <picture>, sized for the 112 px slot', () => {
    const photo = resultPhoto(at('card', 'jpg'));
    expect(photo.localName).toBe('picture');
    const [avif, webp, img] = [...photo.children];
    expect([avif?.getAttribute('type'), avif?.getAttribute('srcset')]).toEqual([
      'image/avif',
      AVIF_SET,
    ]);
    expect([webp?.getAttribute('type'), webp?.getAttribute('srcset')]).toEqual([
      'image/webp',
      WEBP_SET,
    ]);
    expect(img?.getAttribute('src')).toBe(at('card', 'jpg'));
    expect(img?.getAttribute('srcset')).toBe(JPEG_SET);
    for (const child of photo.children) {
      expect(child.getAttribute('sizes')).toBe(PHOTO_SIZES.searchResult);
    }
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['112', '80']);
  });

  it('draw anything else as one <img>', () => {
    const old = resultPhoto('/demo/x/casa-1-card.jpg');
    expect(old.localName).toBe('img');
    expect(old.getAttribute('src')).toBe('/demo/x/casa-1-card.jpg');
    const placeholder = resultPhoto(PLACEHOLDER_IMAGE);
    expect(placeholder.localName).toBe('img');
    expect(placeholder.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    expect(placeholder.hasAttribute('srcset')).toBe(false);
  });
});

describe('service worker photo rules', () => {
  const R2 = 'https://fotos.example/hospedagens/abc_mf';

  it('answers offline with any size kept, in the format asked for or one every browser asking it decodes', () => {
    expect(keptAlternatives(`${R2}-thumb.avif`, 'jpeg')).toEqual([
      `${R2}-card.avif`,
      `${R2}-thumb.avif`,
      `${R2}-hero.webp`,
      `${R2}-card.webp`,
      `${R2}-thumb.webp`,
      `${R2}-hero.jpg`,
      `${R2}-card.jpg`,
      `${R2}-thumb.jpg`,
    ]);
    expect(keptAlternatives(`${R2}-card.webp`, 'jpeg')).toEqual([
      `${R2}-hero.webp`,
      `${R2}-card.webp`,
      `${R2}-thumb.webp`,
      `${R2}-hero.jpg`,
      `${R2}-card.jpg`,
      `${R2}-thumb.jpg`,
    ]);
    // a JPEG request: the browser may decode nothing better
    expect(keptAlternatives(`${R2}-card.jpg`, 'jpeg')).toEqual([
      `${R2}-hero.jpg`,
      `${R2}-card.jpg`,
      `${R2}-thumb.jpg`,
    ]);
    expect(keptAlternatives('/demo/x/a-1-hero.jpg', 'jpeg')).toEqual([
      '/demo/x/a-1-hero.jpg',
      '/demo/x/a-1-card.jpg',
      '/demo/x/a-1-thumb.jpg',
    ]);
    expect(keptAlternatives('/placeholder.svg', 'jpeg')).toEqual(['/placeholder.svg']);
  });

  it('answers a browser that decodes AVIF with an AVIF kept, even when it asked for a WebP hero', () => {
    // The <picture>'s AVIF source offers the hero as WebP (AVIF stops at 1,200 px): a gallery
    // photo kept in the card size as AVIF answers the viewer's hero offline.
    expect(keptAlternatives(`${R2}-hero.webp`, 'avif')).toEqual([
      `${R2}-card.avif`,
      `${R2}-thumb.avif`,
      `${R2}-hero.webp`,
      `${R2}-card.webp`,
      `${R2}-thumb.webp`,
      `${R2}-hero.jpg`,
      `${R2}-card.jpg`,
      `${R2}-thumb.jpg`,
    ]);
    // One that decodes WebP at best is never answered with AVIF, whatever it asked for.
    expect(keptAlternatives(`${R2}-hero.jpg`, 'webp')[0]).toBe(`${R2}-hero.webp`);
    expect(keptAlternatives(`${R2}-hero.jpg`, 'webp')).not.toContain(`${R2}-card.avif`);
  });

  it('keeps ahead the size asked for in the format a page’s <picture> will ask for', () => {
    expect(keptVariant(at('hero', 'jpg'), 'card', 'avif')).toBe(at('card', 'avif'));
    expect(keptVariant(at('thumb', 'jpg'), 'card', 'webp')).toBe(at('card', 'webp'));
    expect(keptVariant(at('card', 'jpg'), 'card', 'jpeg')).toBe(at('card', 'jpg'));
    expect(keptVariant(at('hero', 'jpg'), 'thumb', 'avif')).toBe(at('thumb', 'avif'));
    expect(keptVariant(at('hero', 'jpg'), 'thumb', 'jpeg')).toBe(at('thumb', 'jpg'));
    expect(keptVariant('/demo/x/a-1-hero.jpg', 'card', 'avif')).toBe('/demo/x/a-1-card.jpg');
    expect(keptVariant('/demo/x/a-1-hero.jpg', 'thumb', 'avif')).toBe('/demo/x/a-1-thumb.jpg');
    expect(keptVariant(PLACEHOLDER_IMAGE, 'thumb', 'avif')).toBe(PLACEHOLDER_IMAGE);
  });

  it('learns the best format the browser decodes, JPEG when it cannot tell', async () => {
    const samples = { avif: btoa('avif'), webp: btoa('webp') };
    const decoding =
      (...formats: string[]) =>
      async (blob: Blob) => {
        if (!formats.includes(blob.type)) throw new Error('cannot decode');
      };
    expect(await bestDecodedFormat(samples, decoding('image/avif', 'image/webp'))).toBe('avif');
    expect(await bestDecodedFormat(samples, decoding('image/webp'))).toBe('webp');
    expect(await bestDecodedFormat(samples, decoding())).toBe('jpeg');
    expect(await bestDecodedFormat(samples, undefined)).toBe('jpeg');
  });
});
