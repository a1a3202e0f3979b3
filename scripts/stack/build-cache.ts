// The caches of built things kept under node_modules/.cache (the panel, the site Worker's bundle),
// one directory per input hash: a build is written to `<hash>.<pid>-<uuid>.tmp` and renamed into
// place, so builds in several processes never share a directory.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Drops all but the `keep` most recently used builds besides `current`, and temporary directories
 * older than a day (a build whose process died).
 */
export function pruneBuildCache(cache: string, current: string, keep: number): void {
  const entries = readdirSync(cache).map((name) => {
    const path = join(cache, name);
    return { name, path, used: statSync(path).mtimeMs };
  });
  const stale = Date.now() - 86_400_000;
  const builds = entries
    .filter((e) => !e.name.endsWith('.tmp') && e.name !== current)
    .sort((a, b) => b.used - a.used);
  for (const entry of [
    ...builds.slice(keep),
    ...entries.filter((e) => e.name.endsWith('.tmp') && e.used < stale),
  ]) {
    rmSync(entry.path, { recursive: true, force: true });
  }
}
