// A stand-in for the site Worker under wrangler dev (site-worker/: the name guia-fortim-site and
// its PageRenderer entrypoint), registered in the suite's dev registry, where the API worker's
// SITE_PAGES binding finds it as it would find the real one. It records what it is asked.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@guia-fortim/db/testing';
import type { ListingPagesChange } from '@guia-fortim/domain';

const WRANGLER = join(
  createRequire(import.meta.url).resolve('wrangler/package.json'),
  '..',
  'bin',
  'wrangler.js',
);
const CONFIG = new URL('./site-worker/wrangler.jsonc', import.meta.url).pathname;

export type SiteWorker = {
  /** Every renderListings call received since the last `clear`, in order. */
  calls(): Promise<ListingPagesChange[][]>;
  /** Forgets the calls, stops failing and lets every held call go. */
  clear(): Promise<void>;
  /** Makes every call throw (until `clear`). */
  fail(): Promise<void>;
  /** Leaves every call unanswered, recorded as it arrives (until `release` or `clear`). */
  hold(): Promise<void>;
  /** Answers the held calls, and the next ones at once. */
  release(): Promise<void>;
  output(): string;
  stop(): Promise<void>;
};

export async function startSiteWorker(registryDir: string): Promise<SiteWorker> {
  const persistTo = mkdtempSync(join(tmpdir(), 'gf-site-stand-in-'));
  const server = await startServer({
    command: process.execPath,
    args: [
      WRANGLER,
      'dev',
      '--config',
      CONFIG,
      '--ip',
      '127.0.0.1',
      '--port',
      '{port}',
      '--persist-to',
      persistTo,
      '--show-interactive-dev-session=false',
    ],
    env: { WRANGLER_SEND_METRICS: 'false', WRANGLER_REGISTRY_PATH: registryDir },
    readyPath: '/calls',
    timeoutMs: 90_000,
  });
  const call = async (method: string, path: string) => {
    const response = await fetch(`${server.url}${path}`, { method });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
    return response;
  };
  return {
    calls: async () => (await (await call('GET', '/calls')).json()) as ListingPagesChange[][],
    clear: async () => void (await call('DELETE', '/calls')),
    fail: async () => void (await call('POST', '/fail')),
    hold: async () => void (await call('POST', '/hold')),
    release: async () => void (await call('POST', '/release')),
    output: () => server.output(),
    stop: async () => {
      await server.stop();
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
