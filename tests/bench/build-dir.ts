// Building the public site apart from every other build in this checkout, measured: the same
// isolation the stacks' builds get (buildSite in @guia-fortim/portal/build — a working directory
// and a content cache of its own per build).
import { mkdir, mkdtemp } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEnv, buildSite, type SiteEnv } from '@guia-fortim/portal/build';

export type BuildTime = { ms: number; maxRssKb: number };

const PORTAL_DIR = dirname(fileURLToPath(import.meta.resolve('@guia-fortim/portal/package.json')));

/** A fresh directory for a bench build, under sites/portal/.astro (ignored by git). */
export async function portalTempDir(prefix: string): Promise<string> {
  const parent = join(PORTAL_DIR, '.astro', 'bench');
  await mkdir(parent, { recursive: true });
  return mkdtemp(join(parent, prefix));
}

/** Builds into `outDir` in a child process; its time and peak memory. */
export async function buildApart(
  outDir: string,
  source: Pick<SiteEnv, 'siteUrl' | 'supabaseUrl' | 'publishableKey'> & { apiUrl?: string },
): Promise<BuildTime> {
  // Build-time measurements need no worker; pages measured in a browser get a running one.
  const apiUrl = source.apiUrl ?? 'http://127.0.0.1:8787';
  const env = buildEnv({ ...source, apiUrl, imagesUrl: `${apiUrl}/images` });
  const result = await buildSite(outDir, env);
  if (!result.ok) throw new Error(`O build do site falhou:\n${result.log.slice(-4000)}`);
  return JSON.parse(result.log.trim().split('\n').at(-1) ?? '{}') as BuildTime;
}
