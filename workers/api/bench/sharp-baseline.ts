// The same job as the worker's upload path, done by sharp in plain Node: each size of one photo
// in each of its formats (variantFormats: 3 JPEG, 3 WebP, 2 AVIF; orientation applied, fitted
// inside, never upscaled), all at once. Prints timings and peak RSS.
// `node sharp-baseline.ts <photo> <runs>`
import { readFileSync } from 'node:fs';
import {
  IMAGE_VARIANT_NAMES,
  IMAGE_VARIANTS,
  variantFormats,
  variantQuality,
} from '@guia-fortim/domain';
import sharp from 'sharp';

const [file, runsArg] = process.argv.slice(2);
if (!file) throw new Error('uso: node sharp-baseline.ts <foto> <vezes>');
const input = readFileSync(file);
const times: number[] = [];
for (let i = 0; i < Number(runsArg ?? 3); i++) {
  const started = performance.now();
  await Promise.all(
    IMAGE_VARIANT_NAMES.flatMap((variant) =>
      variantFormats(variant).map((format) => {
        const { width, height } = IMAGE_VARIANTS[variant];
        const quality = Math.round(variantQuality(variant, format) * 100);
        const resized = sharp(input, { autoOrient: true }).resize(width, height, {
          fit: 'inside',
          withoutEnlargement: true,
        });
        return (
          format === 'jpeg' ? resized.jpeg({ quality }) : resized[format]({ quality })
        ).toBuffer();
      }),
    ),
  );
  times.push(performance.now() - started);
}
console.log(JSON.stringify({ times, maxRssKb: process.resourceUsage().maxRSS }));
