// The demo photos the seed refers to (/demo/…): drawn once into a cache, copied into each build.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
// Named after the drawing code and the image list, so a change to either draws them again.
const DRAWN_BY = createHash('sha256')
  .update(readFileSync(join(import.meta.dirname, 'demo-photos.ts')))
  .update(readFileSync(join(ROOT, 'db', 'supabase', 'seed', 'demo-images.ts')))
  .digest('hex')
  .slice(0, 12);
export const PHOTO_CACHE = join(
  ROOT,
  'node_modules',
  '.cache',
  `guia-fortim-demo-photos-${DRAWN_BY}`,
);

/** Draws the demo photos missing from the cache (all of them take about a minute). */
export function drawDemoPhotos(): Promise<void> {
  return mkdir(PHOTO_CACHE, { recursive: true }).then(
    () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [join(import.meta.dirname, 'demo-photos.ts'), PHOTO_CACHE],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
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
