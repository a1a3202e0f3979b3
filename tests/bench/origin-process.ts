// The built public site served by the real local origin (scripts/stack/origin.ts, compressed) in
// its own process, so a load generator or Lighthouse in the bench process does not share its
// event loop. The site is built through a SiteBuilder into `root`, as `npm start` does.
import { join } from 'node:path';
import { type StartedServer, startServer } from '@guia-fortim/db/testing';
import { createOrigin, newDeployHookSecret } from '@guia-fortim/stack/origin';
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
    args: [import.meta.filename, root],
    port,
    readyPath: '/',
  });
}

if (import.meta.main) {
  const root = process.argv[2] ?? '';
  const publisher = new SiteBuilder(root, async () => ({ ok: false, log: 'sem build aqui' }));
  if (!publisher.liveDir()) throw new Error(`Nenhum site publicado em ${join(root, 'current')}`);
  createOrigin({ publisher, admin: null, deployHookSecret: newDeployHookSecret() }).listen(
    Number(process.env.PORT),
    '127.0.0.1',
  );
}
