// The one interface through which the local stack, the bench and this package's tests build the
// site: the environment the build reads, and `astro build` apart from every other build of this
// checkout.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';

const PORTAL_DIR = join(import.meta.dirname, '..');
const ASTRO_BUILD = join(import.meta.dirname, 'astro-build.ts');

/** The addresses a build is made for. */
export type SiteEnv = {
  siteUrl: string;
  supabaseUrl: string;
  publishableKey: string;
  apiUrl: string;
  imagesUrl: string;
};

/** Environment the site build reads (see .env.example). */
export function buildEnv(env: SiteEnv): Record<string, string> {
  return {
    SITE_URL: env.siteUrl,
    SUPABASE_URL: env.supabaseUrl,
    SUPABASE_PUBLISHABLE_KEY: env.publishableKey,
    PUBLIC_SUPABASE_URL: env.supabaseUrl,
    PUBLIC_SUPABASE_PUBLISHABLE_KEY: env.publishableKey,
    PUBLIC_API_URL: env.apiUrl,
    PUBLIC_IMAGES_URL: env.imagesUrl,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

/** A build's outcome: its whole output and, when it failed, why in one line. */
export type BuildResult = { ok: boolean; log: string; reason?: string };

/** The reason astro-build.ts prints as its last line when a build fails. */
function failureReason(log: string): string | undefined {
  const last = log.trimEnd().split('\n').at(-1) ?? '';
  try {
    const { error } = JSON.parse(last) as { error?: unknown };
    return typeof error === 'string' ? error : undefined;
  } catch {
    return undefined;
  }
}

/** How a build runs besides its output directory and environment. */
export type BuildOptions = {
  /** Every line the build prints, as it prints it. */
  onLine?: (line: string) => void;
  /**
   * Astro's cache directory, kept from build to build (one per stack, never shared by two builds
   * at once): its incremental build restores the listing pages that did not change from there
   * (astro.config.ts). Without it, each build gets an empty one and renders every page.
   */
  cacheDir?: string;
};

/**
 * `astro build` of the public site into `outDir`, apart from every other build in this checkout
 * (stacks, the bench). Its last log line on success is {"ms","maxRssKb"} (astro-build.ts).
 */
export async function buildSite(
  outDir: string,
  env: Record<string, string>,
  { onLine, cacheDir }: BuildOptions = {},
): Promise<BuildResult> {
  // Astro writes a static build's prerender chunks under <cwd>/.astro/ when outDir lies outside
  // the working directory, and deletes them when it finishes: concurrent builds in one checkout
  // would delete each other's. Each build gets its own working directory inside the project, so
  // the chunks still resolve its node_modules, and a content cache of its own unless it is given
  // one (see astro-build.ts).
  const workDir = join(PORTAL_DIR, '.astro', 'stack-builds', `${basename(outDir)}-${randomUUID()}`);
  mkdirSync(workDir, { recursive: true });
  try {
    return await new Promise((resolve) => {
      const args = [ASTRO_BUILD, PORTAL_DIR, outDir, cacheDir ?? join(workDir, 'cache')];
      const child = spawn(process.execPath, args, {
        cwd: workDir,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      const collect = (chunk: Buffer) => {
        const text = chunk.toString();
        log += text;
        if (onLine) for (const line of text.split('\n')) if (line.trim()) onLine(line);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.on('error', (error) =>
        resolve({ ok: false, log: `${log}\n${error}`, reason: String(error) }),
      );
      child.on('close', (code) =>
        resolve(code === 0 ? { ok: true, log } : { ok: false, log, reason: failureReason(log) }),
      );
    });
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
