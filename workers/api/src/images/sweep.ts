// Photos uploaded but never saved to a row — a form abandoned, a save that failed, a worker that
// died between the upload and the save, or mid-upload with only some objects stored — would stay
// in R2 forever, as would photos whose cleanup after a purge failed. The sweep deletes every
// stored photo nothing shows or may show again (the database's referenced_images: live rows,
// trashed rows, the history of rows that still exist) once all its objects — every size in every
// format (keys.ts) — are older than a grace period, long enough for a form being filled in to be
// saved. Deleted means moved to the quarantine (quarantine.ts), where the sweep also deletes for
// good what has waited past the backups' reach. It runs with the admin's token (the function is
// for admins): on demand (POST /api/images/sweep) and in the background after content changes, at
// most hourly per isolate (content-changed.ts).
import type { Context } from 'hono';
import { database, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { log } from '../log.ts';
import { keyBaseOf, keyBaseOfKey } from './keys.ts';
import { expireQuarantine, QUARANTINE_MS, retire } from './quarantine.ts';

export const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;
const PAGE = 1000;

/** Key bases of every stored photo something shows or may show again. */
async function referencedBases(c: Context<AppEnv>): Promise<Set<string>> {
  const urls = await dataOf<string[]>(database(c).rpc('referenced_images'));
  const bases = new Set<string>();
  for (const url of urls) {
    const base = keyBaseOf(c.env.PUBLIC_IMAGES_URL, url);
    if (base) bases.add(base);
  }
  return bases;
}

/** Every stored photo's object keys (all sizes and formats) and its newest upload time. */
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

export type SweepResult = {
  /** Photos moved to the quarantine. */
  removed: number;
  kept: number;
  /** Objects deleted for good from the quarantine. */
  expired: number;
};

/**
 * Moves to the quarantine the photos nothing references whose objects are all older than
 * `graceMs`, then deletes what has waited there longer than `quarantineMs`.
 */
export async function sweepUnusedImages(
  c: Context<AppEnv>,
  graceMs: number = SWEEP_GRACE_MS,
  quarantineMs: number = QUARANTINE_MS,
): Promise<SweepResult> {
  // The bucket is listed first: a photo uploaded and saved after the listing is not in it, and
  // one saved before it is found among the references read afterwards.
  const photos = await storedPhotos(c.env.IMAGES_BUCKET);
  const referenced = await referencedBases(c);
  const cutoff = Date.now() - graceMs;
  const unused = [...photos].filter(
    ([base, photo]) => !referenced.has(base) && photo.newest <= cutoff,
  );
  await retire(
    c.env.IMAGES_BUCKET,
    unused.flatMap(([, photo]) => photo.keys),
  );
  if (unused.length > 0) {
    log(c, 'info', 'swept unused images', { images: unused.map(([base]) => base) });
  }
  const expired = await expireQuarantine(c.env.IMAGES_BUCKET, quarantineMs);
  return { removed: unused.length, kept: photos.size - unused.length, expired };
}
