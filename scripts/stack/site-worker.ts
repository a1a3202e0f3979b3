// The one local origin of `npm start`: the site Worker that production deploys
// (sites/portal/wrangler.jsonc: static assets with the build's `_headers` and `_redirects`, its
// html_handling and 404 page), run by wrangler dev's own engine (`unstable_startWorker`, what
// `wrangler dev` runs) over the live build under <root>, the target of its `current` link.
//
// A new build swaps the link; this process then reloads the Worker onto the new directory
// (patchConfig). wrangler's proxy holds the requests that arrive during the reload, so none is
// refused, and the new build's `_headers` (its inline scripts' hashes) apply with its files.
// (`wrangler dev --assets <root>/current` reads `_headers` once and keeps the old build's after
// the link moves; restarting it per build refuses connections for seconds.) When the Worker
// serves the new build, its directory is written to <root>/served: the stack reports a build
// live only then (siteWorkerOrigin in parts.ts).
//
// It runs in its own process (`node site-worker.ts <root> <port>`), on the stack's leash, so the
// workerd wrangler starts under it ends with the stack however the stack ends.
import { readlinkSync, renameSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SITE_WORKER_CONFIG = join(
  import.meta.dirname,
  '..',
  '..',
  'sites',
  'portal',
  'wrangler.jsonc',
);

/** The file this origin writes, once it serves a build: that build's directory. */
export const SERVED_FILE = 'served';

const liveDir = (root: string) => join(root, readlinkSync(join(root, 'current')));

export async function serveSite(root: string, port: number) {
  // Imported here: the stack process reads SERVED_FILE from this module and never runs wrangler.
  const { unstable_startWorker } = await import('wrangler');
  let serving = liveDir(root);
  const worker = await unstable_startWorker({
    config: SITE_WORKER_CONFIG,
    // The build to serve in place of the configuration's directory, as `wrangler dev --assets`.
    assets: serving,
    dev: {
      server: { hostname: '127.0.0.1', port },
      inspector: false,
      watch: false,
      logLevel: 'warn',
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
        await worker.patchConfig({ assets: live } as never);
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
  const [root = '', port = '0'] = process.argv.slice(2);
  const site = await serveSite(root, Number(port));
  const stop = () => site.stop().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
