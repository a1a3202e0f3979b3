// The one local origin of `npm start`: the live site build (with the panel and its config.json
// inside, as `npm run deploy` assembles the Pages output) served by Cloudflare's own Pages asset
// server, the code `wrangler pages dev <dir>` runs (wrangler's `unstable_generateASSETSBinding`,
// behind a pass-through worker in workerd via Miniflare): `_headers`, `_redirects`, trailing
// slashes and `.html`, 404.html, compression, exactly as wrangler implements them.
//
// Why not `wrangler pages dev .data/site/current` itself (measured, see scripts/README.md):
// it parses `_headers` and `_redirects` once and only re-reads them when that file changes in
// place, so after the atomic swap of the `current` link it serves the new build's files with the
// old build's headers (its Content-Security-Policy script hashes) and redirects; restarting it for
// each build takes seconds during which the origin refuses connections. Here the only own code is
// the choice of build: the asset server of the live build (readlink of `current` per request;
// a new one, with its own `_headers`/`_redirects`, when the link changes).
//
// It runs in its own process (`node pages-origin.ts <root> <port>`): wrangler's asset server
// replaces the process's global fetch, Request and Response with Miniflare's.
import { readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_generateASSETSBinding } from 'wrangler';

/** What `wrangler pages dev` runs when a project has no Functions (wrangler/templates/pages-shim.ts). */
const PAGES_SHIM = `export default {
  async fetch(request, env) {
    const response = await env.ASSETS.fetch(request.url, request);
    return new Response(response.body, response);
  },
};`;

type AssetsFetch = (request: Request) => Promise<Response>;

/** A directory no build has: asked for, the asset server answers the site's 404 page. */
const NOWHERE = '/__nenhuma-pagina__/';

/**
 * wrangler's asset server answers 502 with the error it caught — the build's absolute path in
 * it — when a path cannot even be looked up: a name under a file (`/index.html/x`, or
 * `/_headers/index.html`, which it tries for `/_headers`) or a name too long (ENOTDIR,
 * ENAMETOOLONG from its lstat). Such a path names no file, and Pages answers it with the site's
 * 404 page: so does this origin, from the same server (with the same `_headers`), and no error
 * body reaches a visitor.
 */
async function assetOrNotFound(fetchAsset: AssetsFetch, request: Request): Promise<Response> {
  const response = await fetchAsset(request);
  if (response.status !== 502) return response;
  await response.body?.cancel();
  return fetchAsset(new Request(new URL(NOWHERE, request.url), request));
}

export async function servePages(root: string, port: number): Promise<Miniflare> {
  const log = new Log(LogLevel.WARN);
  const servers = new Map<string, { fetch: Promise<AssetsFetch>; stop: AbortController }>();
  const live = (): AssetsFetch | Promise<AssetsFetch> => {
    let target: string;
    try {
      target = join(root, readlinkSync(join(root, 'current')));
    } catch {
      return async () =>
        new Response('O site está sendo publicado. Tente de novo em instantes.', { status: 503 });
    }
    let server = servers.get(target);
    if (!server) {
      const stop = new AbortController();
      server = {
        // Typed as returning the function; it returns a promise of it (wrangler 4.164).
        fetch: Promise.resolve(
          unstable_generateASSETSBinding({
            directory: target,
            log: log as never,
            signal: stop.signal,
          }) as unknown as AssetsFetch | Promise<AssetsFetch>,
        ),
        stop,
      };
      servers.set(target, server);
      // Keep the previous build's server for requests still reading it; drop older ones.
      for (const old of [...servers.keys()].slice(0, -2)) {
        servers.get(old)?.stop.abort();
        servers.delete(old);
      }
    }
    return server.fetch;
  };
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      log,
      modules: true,
      script: PAGES_SHIM,
      compatibilityDate: '2025-01-01',
      serviceBindings: {
        ASSETS: async (request) => assetOrNotFound(await live(), request as never) as never,
      },
    }),
  );
  await mf.ready;
  return mf;
}

if (import.meta.main) {
  const [root = '', port = '0'] = process.argv.slice(2);
  const mf = await servePages(root, Number(port));
  const stop = () => mf.dispose().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
