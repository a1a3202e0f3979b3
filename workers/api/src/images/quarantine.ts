// Photos nothing shows any more do not leave R2 at once: they wait under QUARANTINE_PREFIX for as
// long as the database's backups reach back (QUARANTINE_MS in sweep-bounds.ts, Supabase Pro's 7
// daily backups), so a database restored from a backup finds every photo it shows — copied back
// from the quarantine (README, "Backups and restore"). The sweep deletes what has waited longer,
// a bounded pass per run (images/sweep.ts). Objects under the prefix are no photo to the rest of
// the worker (no key base matches them, keys.ts; the sweep's photo pass lists the photos' folders
// only); like every object of the bucket they stay readable at their own, unguessable address
// while they wait.

export const QUARANTINE_PREFIX = 'quarantine/';
const COPIES_AT_ONCE = 8;

/** Moves `keys` under the quarantine prefix (copy, then delete): the way every photo leaves. */
export async function retire(bucket: R2Bucket, keys: string[]): Promise<void> {
  // A photo's objects at a time (8): a sweep of many photos never holds many bodies at once.
  for (let i = 0; i < keys.length; i += COPIES_AT_ONCE) {
    const batch = keys.slice(i, i + COPIES_AT_ONCE);
    await Promise.all(
      batch.map(async (key) => {
        const object = await bucket.get(key);
        if (!object) return;
        await bucket.put(`${QUARANTINE_PREFIX}${key}`, object.body, {
          httpMetadata: object.httpMetadata,
        });
      }),
    );
    await bucket.delete(batch);
  }
}

/**
 * One run's pass over the quarantine: lists at most `pages` pages of it from `from` (the last key
 * the previous run listed, '' for the start) and deletes for good what was put there at or before
 * `cutoff`. Deleting as it goes leaves `startAfter` valid: it is a key, not a cursor. Answers where
 * the next run goes on ('' once the end was reached: it starts over).
 */
export async function expireQuarantine(
  bucket: R2Bucket,
  options: { cutoff: number; from: string; pages: number; pageSize: number },
): Promise<{ expired: number; pages: number; objects: number; position: string }> {
  let position = options.from.startsWith(QUARANTINE_PREFIX) ? options.from : '';
  let expired = 0;
  let pages = 0;
  let objects = 0;
  while (pages < options.pages) {
    const page = await bucket.list({
      prefix: QUARANTINE_PREFIX,
      limit: options.pageSize,
      ...(position ? { startAfter: position } : {}),
    });
    pages += 1;
    objects += page.objects.length;
    const old = page.objects
      .filter((o) => o.uploaded.getTime() <= options.cutoff)
      .map((o) => o.key);
    if (old.length > 0) await bucket.delete(old);
    expired += old.length;
    if (!page.truncated) return { expired, pages, objects, position: '' };
    position = page.objects.at(-1)?.key ?? position;
  }
  return { expired, pages, objects, position };
}
