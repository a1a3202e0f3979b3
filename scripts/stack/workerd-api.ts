// The API worker on workerd through Miniflare, without `wrangler dev`: what `npm run bench`
// sends its 500 beacons a second to. The same worker as under wrangler dev: the bundle
// `wrangler deploy` uploads (built by `wrangler deploy --dry-run --outdir`), the bindings wrangler
// reads from wrangler.jsonc (`unstable_getMiniflareWorkerOptions`), the variables startWorker
// passes. What is left out is wrangler dev's reloading proxy, a second workerd every request
// crosses: on 2 cores a worker answering `new Response('ok')` gets 440 requests a second at 32
// connections under wrangler dev and 875 here (scripts/README.md).
//
// It runs in its own process (`node workerd-api.ts <port> <persistDir> <bundleDir>`, variables as
// JSON in GF_WORKER_VARS, so the ingest key is not in the process list), like site-worker.ts.
// Without the service binding to the site Worker (SITE_PAGES): Miniflare alone resolves it only
// among its own Workers, and what is measured here is the statistics' beacons, which render no
// page (the worker logs each listing change's render as not made).
import { join } from 'node:path';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

export const API_DIR = join(import.meta.dirname, '..', '..', 'workers', 'api');

export async function serveApi(options: {
  port: number;
  persistDir: string;
  bundleDir: string;
  vars: Record<string, string>;
}): Promise<Miniflare> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(API_DIR, 'wrangler.jsonc'));
  // The bundle is one ES module: wrangler's rules for importing other files do not apply, and
  // module names are relative to the bundle's directory.
  const { modulesRules: _rules, serviceBindings: _site, ...bindings } = workerOptions;
  // wrangler's copy of Miniflare's option types and Miniflare's own are declared apart.
  const v4Options = {
    ...bindings,
    rootPath: options.bundleDir,
    name: 'guia-fortim-api',
    modules: true,
    scriptPath: join(options.bundleDir, 'index.js'),
    bindings: { ...(workerOptions.bindings as Record<string, string>), ...options.vars },
    host: '127.0.0.1',
    port: options.port,
    resourcePersistencePath: options.persistDir,
    // /cdn-cgi/local/scheduled, as under wrangler dev: how the stack fires the photo sweep.
    unsafeTriggerHandlers: true,
    log: new Log(LogLevel.WARN),
  } as Parameters<typeof convertV4MiniflareOptions>[0];
  const mf = new Miniflare(convertV4MiniflareOptions(v4Options));
  await mf.ready;
  return mf;
}

if (import.meta.main) {
  const [port = '0', persistDir = '', bundleDir = ''] = process.argv.slice(2);
  const vars = JSON.parse(process.env.GF_WORKER_VARS ?? '{}') as Record<string, string>;
  // Miniflare starts workerd with this process's environment: the secrets stay here.
  delete process.env.GF_WORKER_VARS;
  const mf = await serveApi({ port: Number(port), persistDir, bundleDir, vars });
  const stop = () => mf.dispose().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
