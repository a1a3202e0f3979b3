// The publish renderer: the site's pages built once more for on-demand rendering (Astro's server
// output with @astrojs/node in middleware mode), kept loaded, and asked to render only the pages
// a save changed (src/lib/publish-plan.ts) into a copy of the live build. A save reaches the
// public page in a fraction of a second of rendering, at any number of listings, where a whole
// `astro build` costs seconds before it renders anything (content sync, two Vite builds, the
// integrations). The static build stays the reference: a test renders every page both ways and
// compares the bytes (test/public/renderer.test.ts), and the stack runs a whole build after each
// patch, which also brings the search index, the sitemap and the service worker up to date. A
// save published while a whole build runs is rendered again on that build before it goes live.
//
// Usage: node scripts/renderer.ts <root> <workDir>, then one JSON request per line on stdin:
//   {"mark": true}                       → before a whole build: reads the data it is about to
//                                          build from: {"result":"marked"}
//   {"built": b, "outDir": o, "patched"} → after that build (or the stack's first, unmarked), in
//                                          b, with whether a save was patched live since the
//                                          mark: what goes live. o, a copy of b with the pages
//                                          changed since the mark ({"result":"patched","paths"});
//                                          b as it is ("built"); or neither ("kept": the build
//                                          lacks a patched save and cannot be brought up to it)
//   {"prepare": true}                    → after a build went live: makes the renderer, again if
//                                          the site's code changed: {"result":"ready"}
//   {"live": l, "outDir": o}             → a save: the pages changed since l was published, in
//                                          o, a copy of the live build l
//   {"live": l, "outDir": o, "paths"}    → these pages, in such a copy
// answered by one line each, with "ms": also {"result":"full","reason"} (no patch: the whole
// build publishes this change) or {"result":"failed","error"} (not made yet, or made from other
// code than the site's now). Requests are handled one at a time.
import { createHash } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import node from '@astrojs/node';
import { type AstroIntegration, build } from 'astro';
import config from '../astro.config.ts';
import { publishPlan } from '../src/lib/publish-plan.ts';
import { readSiteData, type SiteData } from '../src/lib/site-data.ts';
import { supabaseConfig } from '../src/lib/supabase-config.ts';
import { printFailure } from './failure.ts';

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

type Renderer = { origin: string; code: string; server: Server };
let renderer: Renderer | undefined;
/** What the live site shows: the data its latest published build or patch was made from. */
let shown: SiteData | undefined;
/** The data the whole build in progress reads (at least: it reads after the mark). */
let marked: SiteData | undefined;
/** The site's code when it was marked. */
let markedCode = '';
/** The data the request in progress renders (handed to each page as locals.siteData). */
let current: SiteData | undefined;

async function load(code: string): Promise<Renderer> {
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
  return { origin: `http://127.0.0.1:${port}`, code, server };
}

/** The site's code the pages come from: its sources and the shared rules they import. */
const SOURCES = [
  join(root, 'src'),
  join(root, 'astro.config.ts'),
  dirname(fileURLToPath(import.meta.resolve('@guia-fortim/domain'))),
];

function sourceDigest(): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!statSync(path).isDirectory()) {
      hash.update(path).update(readFileSync(path));
      return;
    }
    for (const name of readdirSync(path).sort()) add(join(path, name));
  };
  for (const source of SOURCES) add(source);
  return hash.digest('hex');
}

/**
 * A copy of the live build to write into: the same directories, each file a hard link to the
 * live one's (no byte is copied; 10,000 listing pages take a fraction of a second). render()
 * replaces the files it writes, so the live build never changes.
 */
function linkCopy(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkCopy(source, target);
    else linkSync(source, target);
  }
}

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

const readData = () => readSiteData(supabaseConfig());

/** `pages` rendered on a hard-linked copy of the build `from`, in `outDir`, from `current`. */
async function publishOnto(from: string, outDir: string, pages: string[]) {
  linkCopy(from, outDir);
  await render((renderer as Renderer).origin, outDir, pages);
}

type Request = {
  mark?: boolean;
  prepare?: boolean;
  built?: string;
  /** With `built`: whether a save was patched live since the mark. */
  patched?: boolean;
  live?: string;
  outDir?: string;
  paths?: string[];
};
type Answer = Record<string, unknown>;

/**
 * After the marked build into `built`: what goes live. Pages are rendered on the build only when
 * the renderer is of the build's code; a build that cannot be brought up to the saves published
 * during it (`patched`) is kept back, and the build that follows brings them.
 */
async function settle(built: string, outDir: string, patched: boolean): Promise<Answer> {
  const code = sourceDigest();
  const before = marked;
  marked = undefined;
  const asItIs = (reason: string, shows: SiteData | undefined): Answer => {
    if (patched) return { result: 'kept', reason };
    shown = shows;
    return { result: 'built', reason };
  };
  // The stack's first build (the renderer is made after it) shows the data of now, as near as
  // this knows.
  if (!before) return asItIs('o build não foi marcado', await readData());
  // The build may be of either code: no save is patched onto it until a build of this code.
  if (markedCode !== code) return asItIs('o código do site mudou durante o build', undefined);
  current = await readData();
  const plan = publishPlan(before, current);
  if ('full' in plan) return asItIs(plan.full, before);
  if (plan.paths.length === 0) {
    shown = current;
    return { result: 'built' };
  }
  if (renderer?.code !== code) return asItIs('o renderizador não é deste código', before);
  await publishOnto(built, outDir, plan.paths);
  shown = current;
  return { result: 'patched', paths: plan.paths };
}

/** After a build went live: the renderer made, again if the site's code changed. */
async function prepare(): Promise<Answer> {
  const code = sourceDigest();
  if (renderer?.code !== code) {
    renderer?.server.close();
    renderer = undefined;
    renderer = await load(code);
  }
  return { result: 'ready' };
}

async function patch(request: Request & { live: string; outDir: string }): Promise<Answer> {
  if (!renderer || !shown) return { result: 'failed', error: 'o renderizador não está pronto' };
  // Pages from other code than the live build's would not match it (its scripts' hashes in
  // _headers, its assets): the whole build publishes, and the preparation after it makes this
  // again.
  if (renderer.code !== sourceDigest()) {
    return { result: 'failed', error: 'o código do site mudou desde que o renderizador foi feito' };
  }
  current = await readData();
  const plan = request.paths ? { paths: request.paths } : publishPlan(shown, current);
  if ('full' in plan) return { result: 'full', reason: plan.full };
  if (plan.paths.length === 0) return { result: 'full', reason: 'nenhum anúncio mudou' };
  await publishOnto(request.live, request.outDir, plan.paths);
  // What the copy shows once swapped in (given pages are the tests' own: no publish).
  if (!request.paths) shown = current;
  return { result: 'patched', paths: plan.paths };
}

async function answer(request: Request): Promise<Answer> {
  if (request.mark) {
    marked = await readData();
    markedCode = sourceDigest();
    return { result: 'marked' };
  }
  if (request.prepare) return prepare();
  if (request.built && request.outDir) {
    return settle(request.built, request.outDir, request.patched === true);
  }
  if (request.live && request.outDir)
    return patch({ ...request, live: request.live, outDir: request.outDir });
  return { result: 'failed', error: 'pedido desconhecido' };
}

// stdin closed: the stack ended, even without stopping this (`kill -9` of `npm start`). Nobody
// reads an answer any more, and the page server must not keep the process alive: it ends now,
// not after the request in hand.
process.stdin.once('end', () => process.exit(0));

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  try {
    const started = performance.now();
    const answered = await answer(JSON.parse(line) as Request);
    console.log(JSON.stringify({ ...answered, ms: Math.round(performance.now() - started) }));
  } catch (error) {
    printFailure(error, root);
  }
}
