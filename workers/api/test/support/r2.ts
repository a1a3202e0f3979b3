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
  const dir = join(persistTo, 'v3', 'r2', 'miniflare-R2BucketObject');
  if (!existsSync(dir)) return [];
  const keys: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sqlite'))) {
    const db = new DatabaseSync(join(dir, file), { readOnly: true });
    try {
      // The bucket's database holds _mf_objects; other object stores in the directory do not.
      const table = db
        .prepare("select 1 from sqlite_master where type = 'table' and name = '_mf_objects'")
        .get();
      if (!table) continue;
      const found = db.prepare('select key from _mf_objects').all() as { key: string }[];
      keys.push(...found.map((r) => r.key));
    } finally {
      db.close();
    }
  }
  return keys.sort();
}
