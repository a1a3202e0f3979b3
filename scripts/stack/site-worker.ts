// The one local origin of `npm start`: the site Worker that production deploys, run by wrangler
// dev's own engine (`unstable_startWorker`, what `wrangler dev` runs) from the live build under
// <root>, the target of its `current` link: each build holds the static assets and, in `_worker/`,
// the Worker bundle built with them and its configuration (sites/portal/scripts/worker-build.ts),
// as `npm run build:site` writes them for Workers Builds. The Worker's R2 bucket of rendered
// pages persists under <persistDir>, and it registers in the stack's own dev registry
// (<registryDir>), where the API worker's service binding finds it, as on Cloudflare.
//
// A new build swaps the link; this process then reloads the Worker onto the new directory
// (patchConfig). wrangler's proxy holds the requests that arrive during the reload, so none is
// refused, and the new build's `_headers` (its inline scripts' hashes) apply with its files.
// (`wrangler dev --assets <root>/current` reads `_headers` once and keeps the old build's after
// the link moves; restarting it per build refuses connections for seconds.) When the Worker
// serves the new build, its directory is written to <root>/served: the stack reports a build
// live only then (siteWorkerOrigin in parts.ts).
//
// It runs in its own process (`node site-worker.ts <root> <port> <persistDir> <registryDir>`,
// the Worker's variables as JSON in GF_SITE_VARS), on the stack's leash, so the workerd wrangler
// starts under it ends with the stack however the stack ends.
import { readlinkSync, renameSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKER_DIR } from '@guia-fortim/portal/worker-build';

/** The file this origin writes, once it serves a build: that build's directory. */
export const SERVED_FILE = 'served';

const liveDir = (root: string) => join(root, readlinkSync(join(root, 'current')));

/** A build's Worker: the bundle and configuration the build wrote beside its assets. */
const workerOf = (build: string) => ({
  config: join(build, WORKER_DIR, 'wrangler.json'),
  assets: build,
});

export async function serveSite(options: {
  root: string;
  port: number;
  persistDir: string;
  registryDir: string;
  vars: Record<string, string>;
}) {
  const { root, port } = options;
  // Imported here: the stack process reads SERVED_FILE from this module and never runs wrangler.
  const { unstable_startWorker } = await import('wrangler');
  let serving = liveDir(root);
  const worker = await unstable_startWorker({
    ...workerOf(serving),
    bindings: Object.fromEntries(
      Object.entries(options.vars).map(([name, value]) => [name, { type: 'plain_text', value }]),
    ),
    dev: {
      server: { hostname: '127.0.0.1', port },
      inspector: false,
      watch: false,
      logLevel: 'warn',
      persist: options.persistDir,
      registry: options.registryDir,
    },
  } as never);
  await worker.ready;

  const served = (dir: string) => {
    const next = join(root, `${SERVED_FILE}.${process.pid}`);
    writeFileSync(next, dir);
    renameSync(next, join(root, SERVED_FILE));
  };
  served(serving);

  // One reload at a time, always onto the newest build.
  let following = Promise.resolve();
  const follow = () => {
    following = following
      .then(async () => {
        let live: string;
        try {
          live = liveDir(root);
        } catch {
          return;
        }
        if (live === serving) return;
        // patchConfig can resolve before the reload starts; from reloadComplete on, the proxy
        // sends every request (held ones included) to the Worker serving the new build.
        const reloaded = new Promise((resolve) => worker.raw.once('reloadComplete', resolve));
        await worker.patchConfig(workerOf(live) as never);
        await reloaded;
        serving = live;
        served(live);
      })
      .catch((error) => console.error(`O site não passou ao build novo: ${error}`));
  };
  const watcher = watch(root, follow);
  // A missed filesystem event must not leave an old build live.
  const tick = setInterval(follow, 1_000);
  return {
    stop: async () => {
      clearInterval(tick);
      watcher.close();
      await worker.dispose();
    },
  };
}

if (import.meta.main) {
  const [root = '', port = '0', persistDir = '', registryDir = ''] = process.argv.slice(2);
  const vars = JSON.parse(process.env.GF_SITE_VARS ?? '{}') as Record<string, string>;
  delete process.env.GF_SITE_VARS;
  const site = await serveSite({ root, port: Number(port), persistDir, registryDir, vars });
  const stop = () => site.stop().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
