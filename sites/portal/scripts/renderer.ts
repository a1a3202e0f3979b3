// The publish renderer: the site's pages built once more for on-demand rendering (Astro's server
// output with @astrojs/node in middleware mode), kept loaded, and asked to render only the pages
// a save changed (src/lib/publish-plan.ts) into a copy of the live build. A save reaches the
// public page in a fraction of a second of rendering, at any number of listings, where a whole
// `astro build` costs seconds before it renders anything (content sync, two Vite builds, the
// integrations). The static build stays the reference: a test renders every page both ways and
// compares the bytes (test/public/renderer.test.ts), and the stack runs a whole build after each
// patch, which also brings the search index, the sitemap and the service worker up to date.
//
// Usage: node scripts/renderer.ts <root> <workDir>, then one JSON request per line on stdin:
//   {}                              → builds and loads the renderer (the first time) and reads
//                                     the data the live site shows: {"result":"ready","ms"}
//   {"outDir": d}                   → the pages changed since the previous request, written into d
//   {"outDir": d, "paths": [p, …]}  → these pages, written into d
// answered by one line each: {"result":"patched","paths","ms"}, {"result":"full","reason"} (this
// change needs a whole build) or {"result":"failed","error"} (nothing written; after a change of
// the site's code, the next request builds the renderer again from the new code).
// Requests are handled one at a time.
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import node from '@astrojs/node';
import { type AstroIntegration, build } from 'astro';
import config from '../astro.config.ts';
import { publishPlan } from '../src/lib/publish-plan.ts';
import { readSiteData, type SiteData } from '../src/lib/site-data.ts';
import { supabaseConfig } from '../src/lib/supabase-config.ts';

const [root = '', workDir = ''] = process.argv.slice(2);
if (!root || !workDir) {
  console.error(
    'Uso: node scripts/renderer.ts <raiz do site> <pasta de trabalho> (pedidos na entrada)',
  );
  process.exit(2);
}

/** They write what only a whole static build has: the sitemap, the search index, the worker. */
const STATIC_ONLY = new Set([
  '@astrojs/sitemap',
  'guia-fortim:search-index',
  'guia-fortim:service-worker',
]);
const bundle = join(workDir, 'server');

type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  locals: { siteData: SiteData },
) => void;

type Renderer = { origin: string; assets: string[]; server: Server };
let renderer: Renderer | undefined;
/** The data of the previous request: what the live site shows, as near as this knows. */
let shown: SiteData | undefined;
/** The data the request in progress renders (handed to each page as locals.siteData). */
let current: SiteData | undefined;

async function load(): Promise<Renderer> {
  await build({
    ...config,
    root,
    configFile: false,
    output: 'server',
    adapter: node({ mode: 'middleware' }),
    outDir: bundle,
    cacheDir: join(workDir, 'cache'),
    integrations: (config.integrations ?? [])
      .flat()
      .filter((i): i is AstroIntegration => !!i && !STATIC_ONLY.has(i.name)),
    experimental: { ...config.experimental, incrementalBuild: false },
  });
  // A fresh module each time: after a change of the site's code, the bundle is built again here.
  const entry = `${pathToFileURL(join(bundle, 'server', 'entry.mjs')).href}?${Date.now()}`;
  const { handler } = (await import(entry)) as { handler: Handler };
  const server = createServer((req, res) => {
    handler(req, res, () => res.writeHead(404).end(), { siteData: current as SiteData });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    assets: assetNames(join(bundle, 'client')),
    server,
  };
}

const assetNames = (dir: string) => {
  try {
    return readdirSync(join(dir, '_astro')).sort();
  } catch {
    return [];
  }
};

/** The file a static build writes for a page (build.format 'file', clean URLs). */
const fileOf = (path: string) =>
  path === '/' ? 'index.html' : /\.\w+$/.test(path) ? path.slice(1) : `${path.slice(1)}.html`;

async function render(origin: string, outDir: string, paths: string[]) {
  // Every page settled before answering: none is still being written when the caller moves on.
  const rendered = await Promise.allSettled(
    paths.map(async (path) => {
      const response = await fetch(origin + encodeURI(path));
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${path}: resposta ${response.status}`);
      const file = join(outDir, fileOf(path));
      await mkdir(dirname(file), { recursive: true });
      // The copy's files are hard links to the live build's: a new file, never a write through.
      rmSync(file, { force: true });
      writeFileSync(file, body);
    }),
  );
  for (const page of rendered) if (page.status === 'rejected') throw page.reason;
}

type Request = { outDir?: string; paths?: string[] };

async function answer(request: Request): Promise<Record<string, unknown>> {
  const started = performance.now();
  renderer ??= await load();
  const ms = () => Math.round(performance.now() - started);
  if (!request.outDir) {
    shown = await readSiteData(supabaseConfig());
    return { result: 'ready', ms: ms() };
  }
  // The live build came from other code (a change since this renderer was built): its pages
  // would not match. The next request builds the renderer again, from the code there is then.
  if (assetNames(request.outDir).join() !== renderer.assets.join()) {
    renderer.server.close();
    renderer = undefined;
    return { result: 'failed', error: 'o código do site mudou desde que o renderizador foi feito' };
  }
  current = await readSiteData(supabaseConfig());
  // A change made between a whole build's read and the read after it is missed here; the whole
  // build that follows every patch publishes it.
  const plan = request.paths
    ? { paths: request.paths }
    : shown
      ? publishPlan(shown, current)
      : null;
  shown = current;
  if (!plan) return { result: 'full', reason: 'o renderizador ainda não conhecia os dados' };
  if ('full' in plan) return { result: 'full', reason: plan.full };
  await render(renderer.origin, request.outDir, plan.paths);
  return { result: 'patched', paths: plan.paths, ms: ms() };
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  try {
    console.log(JSON.stringify(await answer(JSON.parse(line) as Request)));
  } catch (error) {
    // On stdout like the result line: the reader closes a request's log at that line.
    console.log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    const message = error instanceof Error ? error.message : String(error);
    const reason = (message.split('\n').find((l) => l.trim()) ?? 'erro desconhecido')
      .replaceAll(root, '')
      .slice(0, 200);
    console.log(JSON.stringify({ result: 'failed', error: reason }));
  }
}
