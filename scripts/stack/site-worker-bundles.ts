// The site Worker's bundle for each build of a stack, as `npm run build:site` makes it: built by
// sites/portal/scripts/worker-build.ts into the build's `_worker/`, beside the assets it serves,
// with the Worker's variables (the public addresses it reads the data from) in its configuration.
// The bundle depends only on the site's code and the build's environment (siteCode), not on the
// data: bundles are kept by that code, so a content build reuses it (a hard-linked copy) and only
// a change of code or addresses builds it again. Workers Builds builds it every time.
import { randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  ASSETS_IGNORE,
  buildSiteWorker,
  siteCode,
  WORKER_DIR,
} from '@guia-fortim/portal/worker-build';
import { pruneBuildCache } from './build-cache.ts';

/** Where the bundles are kept, one directory per siteCode. */
export const SITE_WORKER_CACHE = join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '.cache',
  'guia-fortim-site-worker',
);
/** Bundles kept besides the current one (other stacks' addresses, a branch switch). */
const KEEP = 6;

/** What the Worker reads at run time, written into its configuration's `vars`. */
export type WorkerVars = Record<string, string>;

/** Puts the Worker for `env` into the build `siteDir`, from the cache or built now. */
export async function placeSiteWorker(
  siteDir: string,
  env: Record<string, string>,
  vars: WorkerVars,
  options: { onLine?: (line: string) => void } = {},
): Promise<{ ok: boolean; log: string; reason?: string }> {
  const code = siteCode(env);
  const cached = join(SITE_WORKER_CACHE, code);
  let log = '';
  if (!existsSync(join(cached, 'wrangler.json'))) {
    const built = await buildSiteWorker(siteDir, env, { onLine: options.onLine });
    if (!built.ok) return built;
    log = built.log;
    mkdirSync(SITE_WORKER_CACHE, { recursive: true });
    const temp = join(SITE_WORKER_CACHE, `${code}.${process.pid}-${randomUUID()}.tmp`);
    cpSync(join(siteDir, WORKER_DIR), temp, { recursive: true });
    try {
      renameSync(temp, cached);
    } catch {
      // Another stack put the same bundle in place first.
      rmSync(temp, { recursive: true, force: true });
    }
    pruneBuildCache(SITE_WORKER_CACHE, code, KEEP);
  } else {
    const now = new Date();
    utimesSync(cached, now, now);
  }
  const worker = join(siteDir, WORKER_DIR);
  rmSync(worker, { recursive: true, force: true });
  cpSync(cached, worker, { recursive: true });
  writeFileSync(join(siteDir, ASSETS_IGNORE), `${WORKER_DIR}\n${ASSETS_IGNORE}\n`);
  const config = join(worker, 'wrangler.json');
  const parsed = JSON.parse(readFileSync(config, 'utf8')) as { vars?: WorkerVars };
  writeFileSync(config, JSON.stringify({ ...parsed, vars: { ...parsed.vars, ...vars } }));
  return { ok: true, log };
}
