// Placeholder photos for the demo content, drawn locally (SVG → pixels → JPEG, WebP and AVIF with
// sharp, no downloads): sky, sea and sand gradients with the listing's name (slides get none: the
// carousel shows their title over the photo) and a 'foto ilustrativa' mark. Their addresses carry
// the multi-format mark, so each size is drawn in every format of variantFormats() at the quality of
// variantQuality(), as the worker stores new photos. Usage: node stack/demo-photos.ts <outDir>
// writes <outDir>/demo/{folder}/{slug}-{n}_mf-{hero|card|thumb}.{jpg|webp|avif}, skipping files
// that exist.
import { mkdir, rename, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DEMO_IMAGES, type DemoImage } from '@guia-fortim/db/demo-images';
import {
  IMAGE_VARIANT_NAMES,
  IMAGE_VARIANTS,
  type ImageFormat,
  type ImageVariant,
  imageVariant,
  variantFormats,
  variantQuality,
} from '@guia-fortim/domain';
import sharp from 'sharp';

type Palette = {
  sky: [string, string];
  sun: string;
  sea: [string, string];
  sand: [string, string];
};

const PALETTES: Palette[] = [
  {
    sky: ['#4aa8e0', '#bfe6f7'],
    sun: '#fff6c9',
    sea: ['#1f8fb8', '#0d4c81'],
    sand: ['#f2d6a2', '#e3bd7a'],
  },
  {
    sky: ['#f28b54', '#fbd38d'],
    sun: '#fff1b8',
    sea: ['#3a7ca5', '#16425b'],
    sand: ['#f0c987', '#d9a35f'],
  },
  {
    sky: ['#6dc7e8', '#e6f6fb'],
    sun: '#ffffff',
    sea: ['#2bb3b1', '#137a7f'],
    sand: ['#f8f0dd', '#ead7ad'],
  },
  {
    sky: ['#5b4b8a', '#f29e7d'],
    sun: '#ffd27a',
    sea: ['#35587d', '#1b2f4b'],
    sand: ['#d9a877', '#b7834f'],
  },
  {
    sky: ['#71c5e7', '#d6f0fa'],
    sun: '#fffbe6',
    sea: ['#3f9bc1', '#1c5d87'],
    sand: ['#7fbb8f', '#5d9a6d'],
  },
];

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

export function photoSvg(image: DemoImage, width: number, height: number): string {
  const seed = hash(`${image.slug}-${image.n}`);
  const p = PALETTES[seed % PALETTES.length] as Palette;
  const horizon = Math.round(height * (0.52 + ((seed >>> 3) % 10) / 100));
  const shore = Math.round(height * (0.78 + ((seed >>> 7) % 8) / 100));
  const sunX = Math.round(width * (0.2 + ((seed >>> 11) % 60) / 100));
  const sunR = Math.round(height * 0.09);
  const fontSize = Math.round(Math.min(width / 16, height / 8));
  const lines = image.title
    ? wrap(image.title, Math.max(12, Math.floor(width / (fontSize * 0.62))))
    : [];
  const textTop = Math.round(height * 0.2);
  const wave = (y: number, amp: number) =>
    `M0 ${y} ` +
    Array.from({ length: 8 }, (_, i) => {
      const x1 = ((i + 0.5) * width) / 8;
      const x2 = ((i + 1) * width) / 8;
      return `Q${x1} ${y + (i % 2 ? amp : -amp)} ${x2} ${y}`;
    }).join(' ') +
    ` L${width} ${height} L0 ${height} Z`;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${width / 2}" y="${textTop + i * fontSize * 1.2}" font-size="${fontSize}">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sea[0]}"/><stop offset="1" stop-color="${p.sea[1]}"/></linearGradient>
    <linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sand[0]}"/><stop offset="1" stop-color="${p.sand[1]}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${p.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${horizon - sunR * 1.4}" r="${sunR * 3}" fill="url(#glow)"/>
  <circle cx="${sunX}" cy="${horizon - sunR * 1.4}" r="${sunR}" fill="${p.sun}"/>
  <path d="${wave(horizon, height * 0.012)}" fill="url(#sea)"/>
  <path d="${wave(Math.round((horizon + shore) / 2), height * 0.02)}" fill="#ffffff" fill-opacity="0.12"/>
  <path d="${wave(shore, height * 0.03)}" fill="url(#sand)"/>
  <g font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" text-anchor="middle" fill="#ffffff">
    <g fill="#000000" fill-opacity="0.35" transform="translate(${fontSize / 18} ${fontSize / 18})">${text}</g>
    ${text}
  </g>
  ${mark(image, width, height, fontSize)}
</svg>`;
}

/**
 * The 'foto ilustrativa' mark. A slide is cropped at both sides on a phone and has the carousel's
 * dots at the bottom, so its mark sits at the top centre; a listing photo's at the bottom right.
 */
function mark(image: DemoImage, width: number, height: number, fontSize: number): string {
  const size = Math.round(fontSize * 0.38);
  const slide = image.title === null;
  const [x, y, anchor] = slide
    ? [width / 2, size * 1.6, 'middle']
    : [width - fontSize * 0.4, height - fontSize * 0.4, 'end'];
  return `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" text-anchor="${anchor}" fill="#ffffff" fill-opacity="0.85">Guia Fortim · foto ilustrativa</text>`;
}

/** File path of one size (in one format, JPEG by default) of a demo image under outDir. */
export function demoPhotoPath(
  outDir: string,
  image: DemoImage,
  variant: ImageVariant,
  format: ImageFormat = 'jpeg',
): string {
  return join(outDir, imageVariant(image.url, variant, format));
}

/** Every file of a demo image under outDir: each size in each format it is stored in. */
export function demoPhotoFiles(
  outDir: string,
  image: DemoImage,
): { variant: ImageVariant; format: ImageFormat; path: string }[] {
  return IMAGE_VARIANT_NAMES.flatMap((variant) =>
    variantFormats(variant).map((format) => ({
      variant,
      format,
      path: demoPhotoPath(outDir, image, variant, format),
    })),
  );
}

export type DemoPhotoPixels = { data: Buffer; width: number; height: number; channels: number };

/**
 * The lossless pixels of a demo photo at one size (raw RGB, rows top to bottom): exactly what each
 * format's encoder is given, so a format's fidelity (SSIM) can be measured against it.
 */
export async function demoPhotoSource(
  image: DemoImage,
  variant: ImageVariant,
): Promise<DemoPhotoPixels> {
  const { width, height } = IMAGE_VARIANTS[variant];
  const { data, info } = await sharp(Buffer.from(photoSvg(image, width, height)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** One format's encoder, at the quality the stored photos use (variantQuality). */
function encode(pixels: DemoPhotoPixels, variant: ImageVariant, format: ImageFormat) {
  const { data, width, height, channels } = pixels;
  const input = sharp(data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } });
  const quality = Math.round(variantQuality(variant, format) * 100);
  switch (format) {
    case 'jpeg':
      return input.jpeg({ quality, mozjpeg: true });
    case 'webp':
      return input.webp({ quality });
    case 'avif':
      // effort 2 of 0–9: sharp's default (4) takes seconds per photo on a 2-core machine, and the
      // demo's gradients gain next to nothing from the slower searches.
      return input.avif({ quality, effort: 2 });
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The missing files of one size of a demo image, all encoded from one drawing. */
async function writePhoto(
  image: DemoImage,
  variant: ImageVariant,
  files: { format: ImageFormat; path: string }[],
): Promise<void> {
  const pixels = await demoPhotoSource(image, variant);
  for (const { format, path } of files) {
    await mkdir(dirname(path), { recursive: true });
    // written under a temporary name, so an interrupted run never leaves a file that looks done
    const partial = `${path}.${process.pid}.part`;
    await encode(pixels, variant, format).toFile(partial);
    await rename(partial, path);
  }
}

/** Draws the demo images' missing files; counts files (every size in every format). */
export async function writeDemoPhotos(
  outDir: string,
  images: readonly DemoImage[] = DEMO_IMAGES,
): Promise<{ written: number; skipped: number }> {
  // one job per size of an image: drawn once, then encoded in each of its formats
  const jobs = images.flatMap((image) => {
    const files = demoPhotoFiles(outDir, image);
    return IMAGE_VARIANT_NAMES.map((variant) => ({
      image,
      variant,
      files: files.filter((file) => file.variant === variant),
    }));
  });
  let written = 0;
  let skipped = 0;
  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      const missing = [];
      for (const file of job.files) {
        if (await exists(file.path)) skipped++;
        else missing.push(file);
      }
      if (missing.length === 0) continue;
      await writePhoto(job.image, job.variant, missing);
      written += missing.length;
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return { written, skipped };
}

if (import.meta.main) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('Uso: node stack/demo-photos.ts <pasta de saída>');
    process.exit(1);
  }
  const started = performance.now();
  const { written, skipped } = await writeDemoPhotos(resolve(outDir));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Fotos de demonstração: ${written} geradas, ${skipped} já existiam (${seconds} s).`);
}
