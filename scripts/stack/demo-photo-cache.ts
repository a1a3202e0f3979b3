// The demo photos the seed refers to (/demo/…): drawn once into a cache, copied into each build.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { spawnLeashed } from './leash.ts';

const ROOT = join(import.meta.dirname, '..', '..');
// Named after the drawing code, the image list and the photo rules (sizes, formats, qualities,
// the multi-format mark: which files there are and how they are encoded), so a change to any of
// them draws the photos again into a new folder.
const DRAWN_BY = createHash('sha256')
  .update(readFileSync(join(import.meta.dirname, 'demo-photos.ts')))
  .update(readFileSync(join(ROOT, 'db', 'supabase', 'seed', 'demo-images.ts')))
  .update(readFileSync(join(ROOT, 'db', 'domain', 'src', 'images.ts')))
  .digest('hex')
  .slice(0, 12);
export const PHOTO_CACHE = join(
  ROOT,
  'node_modules',
  '.cache',
  `guia-fortim-demo-photos-${DRAWN_BY}`,
);

/** Draws the demo photos missing from the cache (each size in each format). */
export function drawDemoPhotos(): Promise<void> {
  return mkdir(PHOTO_CACHE, { recursive: true }).then(
    () =>
      new Promise<void>((resolve, reject) => {
        const child = spawnLeashed(process.execPath, [
          join(import.meta.dirname, 'demo-photos.ts'),
          PHOTO_CACHE,
        ]);
        let log = '';
        child.stdout.on('data', (chunk) => {
          log += chunk;
        });
        child.stderr.on('data', (chunk) => {
          log += chunk;
        });
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0
            ? resolve()
            : reject(
                new Error(`fotos de demonstração falharam (código ${code}):\n${log.slice(-4000)}`),
              ),
        );
      }),
  );
}

/** Copies the drawn demo photos into a built site. */
export async function copyDemoPhotos(outDir: string): Promise<void> {
  await cp(join(PHOTO_CACHE, 'demo'), join(outDir, 'demo'), { recursive: true });
}
