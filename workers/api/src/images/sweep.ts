// Photos uploaded but never saved to a row — a form abandoned, a save that failed, a worker that
// died between the upload and the save, or mid-upload with only some variants stored — would stay
// in R2 forever. The sweep deletes every stored photo that no row references once all its
// variants are older than a grace period, long enough for a form being filled in to be saved.
// It runs with the admin's token (row-level security lets an admin read inactive slides too):
// on demand (POST /api/images/sweep) and after content changes, at most hourly per isolate.
import type { Context } from 'hono';
import { database, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { log } from '../log.ts';
import { imageUrlsOf } from './cleanup.ts';
import { keyBaseOf, keyBaseOfKey } from './keys.ts';

export const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;
const AUTO_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const PAGE = 1000;

type ImageRow = { image_url?: string | null; additional_images?: string[] | null };

const IMAGE_TABLES = [
  ['hospedagens', 'image_url,additional_images'],
  ['comercios', 'image_url,additional_images'],
  ['passeios', 'image_url,additional_images'],
  ['carousel_slides', 'image_url'],
] as const;

/** Key bases of every stored photo a row shows (every page: Supabase caps rows per request). */
async function referencedBases(c: Context<AppEnv>): Promise<Set<string>> {
  const db = database(c);
  const bases = new Set<string>();
  for (const [table, select] of IMAGE_TABLES) {
    // Keyset pages (id > last seen): rows deleted meanwhile cannot shift a row out of view.
    let after: string | null = null;
    for (;;) {
      const page = db.from(table).select(`id,${select}`).order('id').limit(PAGE);
      const rows: (ImageRow & { id: string })[] = await dataOf(after ? page.gt('id', after) : page);
      for (const url of rows.flatMap(imageUrlsOf)) {
        const base = keyBaseOf(c.env.PUBLIC_IMAGES_URL, url);
        if (base) bases.add(base);
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]?.id ?? null;
    }
  }
  return bases;
}

/** Every stored photo's variant keys and its newest upload time. */
async function storedPhotos(
  bucket: R2Bucket,
): Promise<Map<string, { keys: string[]; newest: number }>> {
  const photos = new Map<string, { keys: string[]; newest: number }>();
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ limit: PAGE, ...(cursor ? { cursor } : {}) });
    for (const object of page.objects) {
      const base = keyBaseOfKey(object.key);
      if (!base) continue;
      const photo = photos.get(base) ?? { keys: [], newest: 0 };
      photo.keys.push(object.key);
      photo.newest = Math.max(photo.newest, object.uploaded.getTime());
      photos.set(base, photo);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return photos;
}

export type SweepResult = { removed: number; kept: number };

/** Deletes the photos no row references whose variants are all older than `graceMs`. */
export async function sweepUnusedImages(
  c: Context<AppEnv>,
  graceMs: number = SWEEP_GRACE_MS,
): Promise<SweepResult> {
  // The bucket is listed first: a photo uploaded and saved after the listing is not in it, and
  // one saved before it is found among the references read afterwards.
  const photos = await storedPhotos(c.env.IMAGES_BUCKET);
  const referenced = await referencedBases(c);
  const cutoff = Date.now() - graceMs;
  const unused = [...photos].filter(
    ([base, photo]) => !referenced.has(base) && photo.newest <= cutoff,
  );
  const keys = unused.flatMap(([, photo]) => photo.keys);
  for (let i = 0; i < keys.length; i += PAGE) {
    await c.env.IMAGES_BUCKET.delete(keys.slice(i, i + PAGE));
  }
  if (unused.length > 0) {
    log(c, 'info', 'swept unused images', { images: unused.map(([base]) => base) });
  }
  return { removed: unused.length, kept: photos.size - unused.length };
}

let lastAutoSweep = 0;

/** The background sweep after a content change: at most once an hour per isolate, never fails. */
export function sweepUnusedImagesIfDue(c: Context<AppEnv>): void {
  const now = Date.now();
  if (now - lastAutoSweep < AUTO_SWEEP_INTERVAL_MS) return;
  lastAutoSweep = now;
  c.executionCtx.waitUntil(
    sweepUnusedImages(c).then(
      () => undefined,
      (err: unknown) => log(c, 'warn', 'image sweep failed', { error: String(err) }),
    ),
  );
}
