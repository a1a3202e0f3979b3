// The one interface through which the local stack, the bench and this package's tests build the
// site: the environment the build reads, and `astro build` apart from every other build of this
// checkout, in a fresh process each time, as Workers Builds runs it (buildSite). The site Worker
// built beside it is scripts/worker-build.ts.
import { basename, join } from 'node:path';
import { runBuildScript } from './build-process.ts';

export { TURNSTILE_ORIGIN, TURNSTILE_PAGES } from '../src/lib/auth/turnstile-pages.ts';

const ASTRO_BUILD = join(import.meta.dirname, 'astro-build.ts');

/** The addresses a build is made for. */
export type SiteEnv = {
  siteUrl: string;
  supabaseUrl: string;
  publishableKey: string;
  apiUrl: string;
  imagesUrl: string;
  /** Turnstile's widget on the account forms (Supabase Auth's CAPTCHA); without it, none. */
  turnstile?: { siteKey: string; origin: string };
};

/** Environment the site build reads (see .env.example). */
export function buildEnv(env: SiteEnv): Record<string, string> {
  return {
    ...(env.turnstile
      ? {
          PUBLIC_TURNSTILE_SITE_KEY: env.turnstile.siteKey,
          PUBLIC_TURNSTILE_ORIGIN: env.turnstile.origin,
        }
      : {}),
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

/** How builds run besides their output directory and environment. */
export type BuildOptions = {
  /** Every line a build prints, as it prints it. */
  onLine?: (line: string) => void;
  /**
   * Astro's cache directory, kept from build to build (never shared by two builds at once): its
   * incremental build restores the listing pages that did not change from there
   * (astro.config.ts). Without it, each build gets an empty one and renders every page.
   */
  cacheDir?: string;
};

/**
 * One `astro build` of the public site into `outDir`, in a process of its own (build-process.ts),
 * apart from every other build in this checkout (stacks, the bench). Its log's last line on
 * success is {"result":"ok","ms","maxRssKb"} (astro-build.ts).
 */
export async function buildSite(
  outDir: string,
  env: Record<string, string>,
  { onLine, cacheDir }: BuildOptions = {},
): Promise<BuildResult> {
  const { answer, log, ended } = await runBuildScript(ASTRO_BUILD, {
    name: basename(outDir),
    env,
    onLine,
    args: (workDir) => [outDir, cacheDir ?? join(workDir, 'cache')],
  });
  return answer?.result === 'ok'
    ? { ok: true, log }
    : { ok: false, log, reason: answer?.error ?? ended };
}
