// The demo photos the seed refers to: drawn locally at the variants' sizes, in every stored format,
// once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_IMAGES } from '@guia-fortim/db/demo-images';
import {
  IMAGE_VARIANT_NAMES,
  IMAGE_VARIANTS,
  imageFormats,
  MULTI_FORMAT_MARK,
  variantFormats,
} from '@guia-fortim/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoPhotoFiles,
  demoPhotoPath,
  demoPhotoSource,
  photoSvg,
  writeDemoPhotos,
} from '../stack/demo-photos.ts';

/** What sharp calls each format's files. */
const SHARP_FORMAT = { jpeg: 'jpeg', webp: 'webp', avif: 'heif' } as const;

describe('demo photos', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'guia-fortim-fotos-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('are addressed as stored in every format', () => {
    for (const image of DEMO_IMAGES) {
      expect(image.url).toMatch(new RegExp(`-${image.n}${MULTI_FORMAT_MARK}-hero\\.jpg$`));
      for (const variant of IMAGE_VARIANT_NAMES) {
        expect(imageFormats(image.url, variant)).toEqual(variantFormats(variant));
      }
    }
  });

  it('writes every size in every format at the variant sizes, and skips existing files', async () => {
    const images = [DEMO_IMAGES[0], DEMO_IMAGES.at(-1)].filter((i) => i !== undefined);
    // hero: WebP and JPEG; card and thumb: AVIF, WebP and JPEG
    const perImage = IMAGE_VARIANT_NAMES.flatMap(variantFormats).length;
    expect(perImage).toBe(8);
    expect(await writeDemoPhotos(dir, images)).toEqual({ written: 2 * perImage, skipped: 0 });
    for (const image of images) {
      const files = demoPhotoFiles(dir, image);
      expect(files).toHaveLength(perImage);
      for (const { variant, format, path } of files) {
        expect(path).toBe(demoPhotoPath(dir, image, variant, format));
        const extension = { jpeg: 'jpg', webp: 'webp', avif: 'avif' }[format];
        expect(path).toBe(join(dir, image.url.replace(/-hero\.jpg$/, `-${variant}.${extension}`)));
        const meta = await sharp(path).metadata();
        expect([meta.format, meta.width, meta.height], path).toEqual([
          SHARP_FORMAT[format],
          IMAGE_VARIANTS[variant].width,
          IMAGE_VARIANTS[variant].height,
        ]);
      }
    }
    expect(await writeDemoPhotos(dir, images)).toEqual({ written: 0, skipped: 2 * perImage });
  });

  it('gives the pixels every encoder gets, which each format stays close to', async () => {
    const [image] = DEMO_IMAGES;
    if (!image) throw new Error('no demo images');
    const source = await demoPhotoSource(image, 'card');
    const { width, height } = IMAGE_VARIANTS.card;
    expect([source.width, source.height, source.channels]).toEqual([width, height, 3]);
    expect(source.data).toHaveLength(width * height * 3);
    for (const { variant, format, path } of demoPhotoFiles(dir, image)) {
      if (variant !== 'card') continue;
      const decoded = await sharp(path).removeAlpha().raw().toBuffer();
      let error = 0;
      for (let i = 0; i < decoded.length; i++) {
        error += Math.abs((decoded[i] ?? 0) - (source.data[i] ?? 0));
      }
      // mean absolute error per channel, of 255: lossy, but the same picture
      expect(error / decoded.length, format).toBeLessThan(4);
    }
  });

  it("draws a slide's photo without its title (the carousel shows it) and its mark at the top centre", () => {
    const slide = DEMO_IMAGES.find((image) => image.folder === 'carousel');
    const listing = DEMO_IMAGES.find((image) => image.folder !== 'carousel');
    if (!slide || !listing?.title) throw new Error('demo images without a slide or a listing');
    const texts = (svg: string) =>
      [...svg.matchAll(/<text x="([\d.]+)"([^>]*)>([^<]*)</g)].map(([, x, attributes, text]) => ({
        x: Number(x),
        anchor: /text-anchor="(\w+)"/.exec(attributes ?? '')?.[1] ?? 'inherited',
        text,
      }));
    const { width, height } = IMAGE_VARIANTS.hero;
    expect(texts(photoSvg(slide, width, height))).toEqual([
      { x: width / 2, anchor: 'middle', text: 'Guia Fortim · foto ilustrativa' },
    ]);
    const drawn = texts(photoSvg(listing, width, height)).map((t) => t.text);
    expect(drawn.join(' ')).toContain(listing.title.split(' ')[0]);
    expect(drawn).toContain('Guia Fortim · foto ilustrativa');
  });
});
