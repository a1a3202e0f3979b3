// The demo photos the seed refers to: drawn locally at the spec's variant sizes, once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_IMAGES } from '@guia-fortim/db/demo-images';
import { IMAGE_VARIANT_NAMES, IMAGE_VARIANTS } from '@guia-fortim/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhotoPath, photoSvg, writeDemoPhotos } from '../stack/demo-photos.ts';

describe('demo photos', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'guia-fortim-fotos-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes JPEG hero, card and thumb variants at the spec sizes, and skips existing files', async () => {
    const images = [DEMO_IMAGES[0], DEMO_IMAGES.at(-1)].filter((i) => i !== undefined);
    expect(await writeDemoPhotos(dir, images)).toEqual({ written: 6, skipped: 0 });
    for (const image of images) {
      for (const variant of IMAGE_VARIANT_NAMES) {
        const path = demoPhotoPath(dir, image, variant);
        expect(path).toBe(join(dir, image.url.replace('-hero.jpg', `-${variant}.jpg`)));
        const meta = await sharp(path).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([
          'jpeg',
          IMAGE_VARIANTS[variant].width,
          IMAGE_VARIANTS[variant].height,
        ]);
      }
    }
    expect(await writeDemoPhotos(dir, images)).toEqual({ written: 0, skipped: 6 });
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
