// Photos nothing shows any more do not leave R2 at once: they wait under QUARANTINE_PREFIX for as
// long as the database's backups reach back (QUARANTINE_MS, Supabase Pro's 7 daily backups), so a
// database restored from a backup finds every photo it shows — copied back from the quarantine
// (README, "Backups and restore"). The sweep deletes what has waited longer. Objects under the
// prefix are no photo to the rest of the worker (no key base matches them, keys.ts; the sweep's
// listing of stored photos skips them); like every object of the bucket they stay readable at
// their own, unguessable address while they wait.

export const QUARANTINE_PREFIX = 'quarantine/';
export const QUARANTINE_MS = 7 * 24 * 60 * 60 * 1000;
const PAGE = 1000;
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

/** Deletes for good what has waited in quarantine longer than `waitMs`; answers how many. */
export async function expireQuarantine(bucket: R2Bucket, waitMs: number): Promise<number> {
  const cutoff = Date.now() - waitMs;
  let expired = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({
      prefix: QUARANTINE_PREFIX,
      limit: PAGE,
      ...(cursor ? { cursor } : {}),
    });
    const old = page.objects.filter((o) => o.uploaded.getTime() <= cutoff).map((o) => o.key);
    if (old.length > 0) await bucket.delete(old);
    expired += old.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return expired;
}
