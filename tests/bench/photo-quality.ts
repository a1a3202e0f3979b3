// Photos in modern formats at equal quality: for every demo photo and size, each stored
// format's SSIM against the lossless pixels its encoder was given, and its bytes. "Equal visual
// quality" is judged by SSIM (ssim.js with its defaults: Wang et al.'s, with their downsampling):
// a format passes when its mean SSIM per size is at least the JPEG's less SSIM_TOLERANCE. The demo photos are drawn (flat colours, gradients, text), so
// the byte savings here are larger than on camera photos; the SSIM rule is the same for both.
import { readFile } from 'node:fs/promises';
import { DEMO_IMAGES } from '@guia-fortim/db/demo-images';
import {
  IMAGE_VARIANT_NAMES,
  type ImageFormat,
  type ImageVariant,
  imageVariant,
  variantFormats,
} from '@guia-fortim/domain';
import { PHOTO_CACHE } from '@guia-fortim/stack/demo-photo-cache';
import { demoPhotoSource } from '@guia-fortim/stack/demo-photos';
import sharp, { type SharpOptions } from 'sharp';
import { ssim } from 'ssim.js';

export type FormatQuality = {
  variant: ImageVariant;
  format: ImageFormat;
  photos: number;
  meanSsim: number;
  minSsim: number;
  meanBytes: number;
};

/** RGBA pixels, as ssim.js compares them. */
async function pixels(input: Parameters<typeof sharp>[0], options?: SharpOptions) {
  const { data, info } = await sharp(input, options)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

export async function measurePhotoQuality(): Promise<FormatQuality[]> {
  const rows: FormatQuality[] = [];
  for (const variant of IMAGE_VARIANT_NAMES) {
    const sums = new Map<ImageFormat, { ssim: number[]; bytes: number }>();
    for (const image of DEMO_IMAGES) {
      const raw = await demoPhotoSource(image, variant);
      const source = await pixels(raw.data, {
        raw: { width: raw.width, height: raw.height, channels: raw.channels as 3 },
      });
      for (const format of variantFormats(variant)) {
        const file = `${PHOTO_CACHE}${imageVariant(image.url, variant, format)}`;
        const encoded = await pixels(file);
        const { mssim: value } = ssim(source, encoded);
        const sum = sums.get(format) ?? { ssim: [], bytes: 0 };
        sum.ssim.push(value);
        sum.bytes += (await readFile(file)).length;
        sums.set(format, sum);
      }
    }
    for (const [format, sum] of sums) {
      rows.push({
        variant,
        format,
        photos: sum.ssim.length,
        meanSsim: Number((sum.ssim.reduce((a, b) => a + b, 0) / sum.ssim.length).toFixed(4)),
        minSsim: Number(Math.min(...sum.ssim).toFixed(4)),
        meanBytes: Math.round(sum.bytes / sum.ssim.length),
      });
    }
  }
  return rows;
}

/** A mean SSIM this much below the JPEG's still counts as equal (all of them are above 0.99). */
export const SSIM_TOLERANCE = 0.001;

/** Each modern format's mean SSIM is the JPEG's of the same size or above, within the tolerance. */
export function equalQuality(rows: FormatQuality[]): boolean {
  return rows.every((row) => {
    const jpeg = rows.find((r) => r.variant === row.variant && r.format === 'jpeg');
    return !jpeg || row.meanSsim >= jpeg.meanSsim - SSIM_TOLERANCE;
  });
}

export function printPhotoQuality(rows: FormatQuality[]): void {
  console.log(
    `${'tamanho'.padEnd(8)}${'formato'.padEnd(8)}${'fotos'.padStart(6)}${'SSIM médio'.padStart(12)}${'SSIM mín.'.padStart(11)}${'bytes médios'.padStart(14)}${'vs JPEG'.padStart(9)}`,
  );
  for (const row of rows) {
    const jpeg = rows.find((r) => r.variant === row.variant && r.format === 'jpeg');
    const saving = jpeg ? `${Math.round((1 - row.meanBytes / jpeg.meanBytes) * -100)}%` : '';
    console.log(
      `${row.variant.padEnd(8)}${row.format.padEnd(8)}${String(row.photos).padStart(6)}${row.meanSsim.toFixed(4).padStart(12)}${row.minSsim.toFixed(4).padStart(11)}${`${(row.meanBytes / 1024).toFixed(1)} KB`.padStart(14)}${saving.padStart(9)}`,
    );
  }
}
