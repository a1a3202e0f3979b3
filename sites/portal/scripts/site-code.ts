// The site's code, as one digest: the Worker built from it (scripts/worker-build.ts) carries it as
// SITE_CODE and keeps the pages it renders under it in R2 (src/worker.ts), so a Worker of other
// code never serves them; the stack keeps built bundles by it. It covers what the bundle is made
// of: the site's sources, the shared rules they import (db/domain), the installed packages (the
// root package-lock.json), the build's own configuration and script, and the environment the
// build bakes in (the addresses in buildEnv: PUBLIC_*, SITE_URL, …).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const PORTAL_DIR = join(import.meta.dirname, '..');
const REPO_DIR = join(PORTAL_DIR, '..', '..');

/** What the bundle is made of, besides the environment. */
const SOURCES = [
  join(PORTAL_DIR, 'src'),
  join(PORTAL_DIR, 'public'),
  join(PORTAL_DIR, 'astro.config.ts'),
  join(PORTAL_DIR, 'package.json'),
  join(PORTAL_DIR, 'wrangler.jsonc'),
  join(PORTAL_DIR, 'scripts', 'worker-build.ts'),
  join(PORTAL_DIR, 'scripts', 'astro-worker-build.ts'),
  join(REPO_DIR, 'db', 'domain', 'src'),
  join(REPO_DIR, 'package-lock.json'),
];

/**
 * The digest (sha256, hex) of the site's code and of `env`, the build environment a bundle is
 * built with (what buildEnv gives): the same for every build of the same code and addresses.
 */
export function siteCode(env: Record<string, string>): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!statSync(path).isDirectory()) {
      const name = relative(REPO_DIR, path);
      const content = readFileSync(path);
      hash.update(`${name}\0${content.length}\0`).update(content);
      return;
    }
    for (const name of readdirSync(path).sort()) add(join(path, name));
  };
  for (const source of SOURCES) add(source);
  for (const [name, value] of Object.entries(env).sort(([a], [b]) => (a < b ? -1 : 1))) {
    hash.update(`env\0${name}\0${value}\0`);
  }
  return hash.digest('hex');
}
