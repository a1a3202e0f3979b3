// The built public site served by the real local origin (the site Worker under wrangler dev's
// engine, scripts/stack/site-worker.ts, as `npm start` runs it) in its own process, so a load generator
// or Lighthouse in the bench process does not share its event loop. The site is built through a
// SiteBuilder into `root`, as `npm start` does.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type StartedServer, startServer } from '@guia-fortim/db/testing';
import { type BuildSite, SiteBuilder } from '@guia-fortim/stack/site-builder';

/** Builds the site into a SiteBuilder root (`builds/<n>` and the `current` link). */
export async function publishSite(root: string, build: BuildSite): Promise<string> {
  const publisher = new SiteBuilder(root, build);
  publisher.request();
  await publisher.idle();
  const live = publisher.liveDir();
  if (!live) throw new Error(`O build do site falhou:\n${publisher.lastLog().slice(-4000)}`);
  return live;
}

/** Starts the origin over an already published root on `port`. */
export function serveSite(root: string, port: number): Promise<StartedServer> {
  return startServer({
    command: process.execPath,
    args: [
      fileURLToPath(import.meta.resolve('@guia-fortim/stack/site-worker')),
      root,
      String(port),
      join(root, 'worker-state'),
      join(root, 'registry'),
    ],
    port,
    env: { WRANGLER_SEND_METRICS: 'false' },
    readyPath: '/',
  });
}
