// The site Worker beside a static build: `buildSiteWorker(siteDir, env)` builds the Worker bundle
// (scripts/astro-worker-build.ts, in a process of its own, with the environment the static build
// of siteDir was made with: buildEnv) and places it in <siteDir>/_worker/, with its generated
// wrangler.json pointing at siteDir as its assets, and <siteDir>/.assetsignore keeping both out
// of the assets. `wrangler deploy -c <siteDir>/_worker/wrangler.json` (or wrangler dev, or
// unstable_startWorker with that config) then runs the site: the static build for every address,
// and the pages rendered after a save where they are newer (src/worker.ts).
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { runBuildScript } from './build-process.ts';
import { siteCode } from './site-code.ts';

export { siteCode };

/** Where in a build the Worker bundle goes. */
export const WORKER_DIR = '_worker';
/** The file that keeps the bundle (and itself) out of the build's assets. */
export const ASSETS_IGNORE = '.assetsignore';

const SCRIPT = join(import.meta.dirname, 'astro-worker-build.ts');

export type WorkerBuildResult = {
  ok: boolean;
  log: string;
  /** Why it failed, in one line. */
  reason?: string;
  /** The site's code the bundle carries (siteCode(env)): the prefix of its pages in R2. */
  code: string;
};

/**
 * Builds the site Worker for the static build in `siteDir` (made with the same `env`) and places
 * it in <siteDir>/_worker/. `cacheDir`: Astro's cache directory for this build (never shared by
 * two builds at once); without it, one of its own. `onLine`: every line the build prints.
 */
export async function buildSiteWorker(
  siteDir: string,
  env: Record<string, string>,
  options: { cacheDir?: string; onLine?: (line: string) => void } = {},
): Promise<WorkerBuildResult> {
  const code = siteCode(env);
  const { answer, log, ended } = await runBuildScript(SCRIPT, {
    name: `worker-${basename(siteDir)}`,
    env,
    onLine: options.onLine,
    args: (workDir) => [join(workDir, 'out'), options.cacheDir ?? join(workDir, 'cache'), code],
    take: (workDir) => placeWorker(join(workDir, 'out', 'server'), siteDir),
  });
  if (answer?.result !== 'ok') {
    return {
      ok: false,
      log,
      reason: answer?.error ?? ended ?? 'o build do Worker terminou sem resposta',
      code,
    };
  }
  return { ok: true, log, code };
}

/** The bundle in <siteDir>/_worker/, its configuration serving siteDir, which ignores it. */
function placeWorker(server: string, siteDir: string): void {
  const worker = join(siteDir, WORKER_DIR);
  rmSync(worker, { recursive: true, force: true });
  renameSync(server, worker);
  const file = join(worker, 'wrangler.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as {
    assets?: Record<string, unknown>;
  } & Record<string, unknown>;
  writeFileSync(
    file,
    JSON.stringify({
      ...config,
      // The adapter's record of where it was made from: paths of the temporary build.
      configPath: undefined,
      userConfigPath: undefined,
      assets: { ...config.assets, directory: '..' },
    }),
  );
  writeFileSync(join(siteDir, ASSETS_IGNORE), `${WORKER_DIR}\n${ASSETS_IGNORE}\n`);
}
