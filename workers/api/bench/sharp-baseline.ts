// The same job as the worker's upload path, done by sharp in plain Node: three JPEG variants of
// one photo (orientation applied, fitted inside, never upscaled). Prints timings and peak RSS.
// `node sharp-baseline.ts <photo> <runs>`
import { readFileSync } from 'node:fs';
import { IMAGE_VARIANTS } from '@guia-fortim/domain';
import sharp from 'sharp';

const [file, runsArg] = process.argv.slice(2);
if (!file) throw new Error('uso: node sharp-baseline.ts <foto> <vezes>');
const input = readFileSync(file);
const times: number[] = [];
for (let i = 0; i < Number(runsArg ?? 3); i++) {
  const started = performance.now();
  await Promise.all(
    Object.values(IMAGE_VARIANTS).map(({ width, height, quality }) =>
      sharp(input, { autoOrient: true })
        .resize(width, height, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: Math.round(quality * 100) })
        .toBuffer(),
    ),
  );
  times.push(performance.now() - started);
}
console.log(JSON.stringify({ times, maxRssKb: process.resourceUsage().maxRSS }));
