// Building the public site apart from every other build in this checkout, measured: the same
// isolation the stacks' builds get (astroBuildApart in scripts/stack/parts.ts — a working
// directory and a content cache of its own per build).
import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { astroBuildApart } from '../../scripts/stack/parts.ts';
import { buildEnv, PORTAL_DIR, type SiteSource } from '../../sites/portal/scripts/build-site.ts';

export type BuildTime = { ms: number; maxRssKb: number };

/** A fresh directory for a bench build, under sites/portal/.astro (ignored by git). */
export async function portalTempDir(prefix: string): Promise<string> {
  const parent = join(PORTAL_DIR, '.astro', 'bench');
  await mkdir(parent, { recursive: true });
  return mkdtemp(join(parent, prefix));
}

/** Builds into `outDir` in a child process; its time and peak memory. */
export async function buildApart(outDir: string, source: SiteSource): Promise<BuildTime> {
  const result = await astroBuildApart(outDir, buildEnv(source));
  if (!result.ok) throw new Error(`O build do site falhou:\n${result.log.slice(-4000)}`);
  return JSON.parse(result.log.trim().split('\n').at(-1) ?? '{}') as BuildTime;
}
