// The one local origin of `npm start`: the site Worker that production deploys, run by wrangler
// dev's own engine (`unstable_startWorker`, what `wrangler dev` runs) from the live build under
// <root>, the target of its `current` link: each build holds the static assets and, in `_worker/`,
// the Worker bundle built with them and its configuration (sites/portal/scripts/worker-build.ts),
// as `npm run build:site` writes them for Workers Builds. The Worker's R2 bucket of rendered
// pages persists under <persistDir>, and it registers in the stack's own dev registry
// (<registryDir>), where the API worker's service binding finds it, as on Cloudflare.
//
// A new build swaps the link; this process then reloads the Worker onto the new directory
// (patchConfig), with no visitor's request open (drain-gate.ts: the reload kills workerd) and the
// new ones held until it ends, so none is refused or cut, and the new build's `_headers` (its
// inline scripts' hashes) apply with its files.
// (`wrangler dev --assets <root>/current` reads `_headers` once and keeps the old build's after
// the link moves; restarting it per build refuses connections for seconds.) When the Worker
// serves the new build, its directory is written to <root>/served: the stack reports a build
// live only then (`serving` in site-origin.ts).
//
// It runs in its own process (`node site-worker.ts <root> <port> <persistDir> <registryDir>`), on
// the stack's leash, so the workerd wrangler starts under it ends with the stack however the
// stack ends.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { WORKER_DIR } from '@guia-fortim/portal/worker-build';
import { startGate } from './drain-gate.ts';

/** The file this origin writes, once it serves a build: that build's directory. */
export const SERVED_FILE = 'served';

const liveDir = (root: string) => join(root, readlinkSync(join(root, 'current')));

/**
 * The live build, once there is one: the stack starts this origin beside the first build of an
 * empty data directory, so that loading wrangler overlaps the build.
 */
async function firstLive(root: string): Promise<string> {
  for (;;) {
    try {
      return liveDir(root);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The digest of a build's Worker (its bundle and configuration). */
function workerDigest(build: string): string {
  const hash = createHash('sha256');
  const add = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) add(path);
      else hash.update(`${path.slice(build.length)}\0`).update(readFileSync(path));
    }
  };
  add(join(build, WORKER_DIR));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A build's Worker, from a copy under <root>/workers/<digest> that outlives the build (builds are
 * pruned), with the build as its assets. Builds of the same code carry the same Worker, so a
 * content build swaps in the assets alone: a configuration change makes wrangler set the Worker
 * up again, and the connections open meanwhile are closed (requests then fail with a socket
 * error), where an assets change keeps them.
 */
function workerOf(root: string, build: string) {
  const digest = workerDigest(build);
  const dir = join(root, 'workers', digest);
  if (!existsSync(join(dir, 'wrangler.json'))) {
    const temp = `${dir}.${process.pid}.tmp`;
    rmSync(temp, { recursive: true, force: true });
    cpSync(join(build, WORKER_DIR), temp, { recursive: true });
    renameSync(temp, dir);
  }
  return { digest, config: join(dir, 'wrangler.json'), assets: build };
}

export async function serveSite(options: {
  root: string;
  port: number;
  persistDir: string;
  registryDir: string;
}) {
  const { root, port } = options;
  // Imported here: the stack process reads SERVED_FILE from this module and never runs wrangler.
  const { unstable_startWorker } = await import('wrangler');
  let serving = await firstLive(root);
  let { digest, ...input } = workerOf(root, serving);
  const worker = await unstable_startWorker({
    ...input,
    dev: {
      // Behind the gate (drain-gate.ts), which visitors reach on `port`.
      server: { hostname: '127.0.0.1', port: 0 },
      inspector: false,
      watch: false,
      logLevel: 'warn',
      persist: options.persistDir,
      registry: options.registryDir,
    },
  } as never);
  await worker.ready;
  const gate = await startGate(port, await worker.url);

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
        const next = workerOf(root, live);
        await gate.whileClosed(async () => {
          const reloaded = new Promise((resolve) => worker.raw.once('reloadComplete', resolve));
          await worker.patchConfig(
            (next.digest === digest
              ? { assets: next.assets }
              : { config: next.config, assets: next.assets }) as never,
          );
          await reloaded;
        });
        if (next.digest !== digest) {
          // The Worker of other code is no longer served: its copy goes.
          rmSync(join(root, 'workers', digest), { recursive: true, force: true });
          digest = next.digest;
        }
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
      await gate.close();
      await worker.dispose();
    },
  };
}

if (import.meta.main) {
  const [root = '', port = '0', persistDir = '', registryDir = ''] = process.argv.slice(2);
  const site = await serveSite({ root, port: Number(port), persistDir, registryDir });
  const stop = () => site.stop().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
