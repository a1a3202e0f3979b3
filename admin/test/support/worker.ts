// The real worker (workers/api under wrangler dev, on workerd) for the screens that call it, over
// the test's own db/local: the panel's calls cross the same routes, CORS, token checks and
// database functions as in production. Started as the worker's own tests start it
// (@guia-fortim/api/testing/stack), in a Node child process as db/local is (database.ts), by the
// same helper (startChildScript, @guia-fortim/local-supabase/process): under happy-dom, Vite
// rewrites the `new URL(…, import.meta.url)` that finds wrangler's directory, and fetch is the
// browser's. A change to a public page asks the local build service (the stand-in for Workers
// Builds, @guia-fortim/api/testing/hook) to publish again, as it asks Cloudflare.
import { startChildScript } from '@guia-fortim/local-supabase/process';

export type TestWorker = {
  /** The worker's origin: the panel's apiUrl. */
  url: string;
  /** Stops the worker and the build service: nothing of theirs listens afterwards. */
  stop: () => Promise<void>;
};

// Imported by name, from the test's own cwd (admin depends on @guia-fortim/api). Stopped by
// SIGTERM or, should the test process die, when its stdin closes. DEBUG_WORKER=1 prints what
// workerd logged (one JSON line per request) when it stops.
const SCRIPT = `
const { mkdtempSync, rmSync } = await import('node:fs');
const { tmpdir } = await import('node:os');
const { join } = await import('node:path');
const { startDeployHook } = await import('@guia-fortim/api/testing/hook');
const { startWorker } = await import('@guia-fortim/api/testing/stack');
const options = JSON.parse(process.argv[1]);
const dir = mkdtempSync(join(tmpdir(), 'gf-admin-worker-'));
let hook;
let worker;
const stop = async () => {
  if (process.env.DEBUG_WORKER) console.error(worker?.output());
  await worker?.stop().catch(() => {});
  await hook?.stop().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
};
try {
  hook = await startDeployHook();
  worker = await startWorker({
    supabaseUrl: options.supabaseUrl,
    publishableKey: options.publishableKey,
    builds: hook.builds,
    persistTo: join(dir, 'wrangler'),
    siteUrl: options.siteUrl,
  });
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}
console.log(JSON.stringify({ url: worker.url }));
let stopping;
const quit = () => (stopping ??= stop().finally(() => process.exit(0)));
process.on('SIGTERM', quit);
process.stdin.on('end', quit);
process.stdin.resume();
`;

/**
 * Starts the worker for the database at `database.url`. `panelOrigin` is the page's origin
 * (happy-dom's fetch asks CORS as a browser does): the worker allows it as the site's, under
 * whose /admin/ the panel is served.
 */
export async function startTestWorker(
  database: { url: string; publishableKey: string },
  panelOrigin: string,
): Promise<TestWorker> {
  const { facts, stop } = await startChildScript<{ url: string }>('o worker', SCRIPT, {
    supabaseUrl: database.url,
    publishableKey: database.publishableKey,
    siteUrl: panelOrigin,
  });
  return { url: facts.url, stop };
}
