// What a worker's local R2 bucket holds, read from wrangler's own files under its persist
// directory, not through the worker, so a check does not trust the code under test.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** Objects in the bucket (wrangler keeps one blob file per object). */
export function localR2ObjectCount(persistTo: string): number {
  const blobs = join(persistTo, 'v3', 'r2', 'images', 'blobs');
  return existsSync(blobs) ? readdirSync(blobs).length : 0;
}

/** The keys in the bucket, sorted, from wrangler's metadata database. */
export function localR2Keys(persistTo: string): string[] {
  return localR2Objects(persistTo).map((o) => o.key);
}

/** Every object in the bucket, sorted by key, with when it was put (ms, as R2's `uploaded`). */
export function localR2Objects(persistTo: string): { key: string; uploaded: number }[] {
  const dir = join(persistTo, 'v3', 'r2', 'miniflare-R2BucketObject');
  if (!existsSync(dir)) return [];
  const objects: { key: string; uploaded: number }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sqlite'))) {
    const db = new DatabaseSync(join(dir, file), { readOnly: true });
    try {
      // The bucket's database holds _mf_objects; other object stores in the directory do not.
      const table = db
        .prepare("select 1 from sqlite_master where type = 'table' and name = '_mf_objects'")
        .get();
      if (!table) continue;
      const found = db.prepare('select key, uploaded from _mf_objects').all() as {
        key: string;
        uploaded: number;
      }[];
      objects.push(...found.map((r) => ({ key: r.key, uploaded: Number(r.uploaded) })));
    } finally {
      db.close();
    }
  }
  return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
