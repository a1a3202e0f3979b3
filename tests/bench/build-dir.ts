// Building the public site apart from every other build in this checkout, measured. The output
// directory is inside sites/portal: Astro keeps a build's prerender chunks in `<outDir>/.prerender`
// only then (otherwise in the shared sites/portal/.astro/.prerender, which a concurrent build
// deletes); the content cache is per build too (see scripts/stack/astro-build.ts).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../../scripts/stack/parts.ts';
import {
  buildEnv,
  PORTAL_DIR,
  runNode,
  type SiteSource,
} from '../../sites/portal/scripts/build-site.ts';

export type BuildTime = { ms: number; maxRssKb: number };

export async function portalTempDir(prefix: string): Promise<string> {
  const parent = join(PORTAL_DIR, '.astro', 'bench');
  await mkdir(parent, { recursive: true });
  return mkdtemp(join(parent, prefix));
}

/** Builds into `outDir` (made by portalTempDir) in a child process; its time and peak memory. */
export async function buildApart(outDir: string, source: SiteSource): Promise<BuildTime> {
  const cacheDir = `${outDir}-cache`;
  try {
    const output = await runNode(
      [join(ROOT, 'scripts', 'stack', 'astro-build.ts'), PORTAL_DIR, outDir, cacheDir],
      PORTAL_DIR,
      buildEnv(source),
    );
    return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as BuildTime;
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}
