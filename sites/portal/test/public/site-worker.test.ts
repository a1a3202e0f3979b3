// The site Worker (src/worker.ts) as it is deployed: the static build with the Worker bundle
// built for it (scripts/worker-build.ts) in `_worker/`, run by wrangler's own engine
// (unstable_startWorker) over a db/local with the demo content. PageRenderer renders a save's
// pages byte for byte as the static build of the same data, stores them in R2 under the site's
// code with the data version they show, and the Worker serves them while they are newer than the
// build it serves, with the build's headers; a deleted listing answers the 404 page. Builds
// swapped in under the running Worker (patchConfig, as the stack does when a build goes live)
// and a restart over the same R2 state keep to that rule: a build that read before a save never
// hides it, a build that includes it (or a deleted listing's gone marker) is served again.
import { existsSync } from 'node:fs';
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ListingPagesChange, RenderedPages } from '@guia-fortim/domain';
import { LISTING_PATH, type ListingKind, listingPath } from '@guia-fortim/domain';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unstable_startWorker } from 'wrangler';
import { buildSite } from '../../scripts/build.ts';
import {
  ASSETS_IGNORE,
  buildSiteWorker,
  siteCode,
  WORKER_DIR,
} from '../../scripts/worker-build.ts';
import { pagesOfListings } from '../../src/lib/publish-plan.ts';
import { localSiteEnv } from './local-site-env.ts';

// Builds (static ~10 s, Worker ~10 s at rest; several times that on a loaded 2-core runner).
const BUILDS_MS = 480_000;
const TEST_MS = 120_000;

/** The `_headers` rule the deploy writes (scripts/stack/headers.ts), reduced to what is checked. */
const HEADERS = `/*
  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-test'
  X-Frame-Options: DENY
  X-Content-Type-Options: nosniff
`;

type R2Object = {
  key: string;
  text(): Promise<string>;
  customMetadata?: Record<string, string>;
};
type R2Bucket = {
  get(key: string): Promise<R2Object | null>;
  put(key: string, body: string, options?: object): Promise<unknown>;
  delete(key: string): Promise<void>;
  list(options?: object): Promise<{ objects: { key: string }[] }>;
};
type SiteWorker = {
  url: URL;
  bucket: R2Bucket;
  render(changes: ListingPagesChange[]): Promise<RenderedPages>;
  /**
   * Reloads the running Worker onto another build (its assets and, in `_worker/`, its Worker), as
   * the stack does when a new build goes live (scripts/stack/site-worker.ts): patchConfig, then
   * its reload complete. The R2 state on disk is the same.
   */
  swap(build: string): Promise<void>;
  stop(): Promise<void>;
};

let supabase: LocalSupabase | undefined;
let root = '';
let env: Record<string, string> = {};
/** The static build with its Worker, of the demo content as it was first. */
let live = '';
let code = '';
let buildVersion = 0;
let running: SiteWorker | undefined;
const timings: Record<string, number> = {};

const sql = (text: string) =>
  (supabase as LocalSupabase).database.query<Record<string, string>>(text);

/** The file a static build writes for a page. */
const fileOf = (path: string) =>
  path === '/' ? 'index.html' : /\.\w+$/.test(path) ? path.slice(1) : `${path.slice(1)}.html`;

async function staticBuild(name: string): Promise<string> {
  const dir = join(root, name);
  const started = performance.now();
  const result = await buildSite(dir, env);
  timings[`static build ${name}`] = Math.round(performance.now() - started);
  if (!result.ok) throw new Error(`O build do site falhou:\n${result.log.slice(-4000)}`);
  await writeFile(join(dir, '_headers'), HEADERS);
  return dir;
}

/**
 * The Worker built into `live`, serving the assets in `assets` (a build of the same code), as the
 * stack runs it (scripts/stack/site-worker.ts). One at a time: they share the R2 state on disk.
 */
async function startSite(assets: string): Promise<SiteWorker> {
  await running?.stop();
  const worker = await unstable_startWorker({
    config: join(live, WORKER_DIR, 'wrangler.json'),
    assets,
    bindings: {
      SUPABASE_URL: { type: 'plain_text', value: env.SUPABASE_URL },
      SUPABASE_PUBLISHABLE_KEY: { type: 'plain_text', value: env.SUPABASE_PUBLISHABLE_KEY },
    },
    dev: {
      server: { hostname: '127.0.0.1', port: 0 },
      inspector: false,
      watch: false,
      logLevel: 'warn',
      persist: join(root, 'state'),
      registry: join(root, 'registry'),
    },
  } as never);
  await worker.ready;
  // wrangler's engine is Miniflare: its bindings reach the Worker's R2 bucket. Found again after
  // a reload: Miniflare's proxies to the bindings of the runtime before it no longer answer. The
  // runtime controller may hold no Miniflare for a moment around reloadComplete (once in the last
  // five clean-clone CI runs): it is waited for.
  const bucketOf = async () => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mf = (
        worker.raw as unknown as {
          runtimes: {
            mf?: {
              getR2Bucket(name: string): Promise<R2Bucket>;
            };
          }[];
        }
      ).runtimes
        .map((runtime) => runtime.mf)
        .find((mf) => mf);
      if (mf) return mf.getR2Bucket('PAGES');
      if (Date.now() > deadline) throw new Error('sem o Miniflare do Worker');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const site: SiteWorker = {
    url: await worker.url,
    bucket: await bucketOf(),
    render: (changes) => renderThroughCaller(changes),
    async swap(build) {
      // patchConfig can resolve before the reload starts (scripts/stack/site-worker.ts).
      const reloaded = new Promise((resolve) =>
        (worker.raw as unknown as NodeJS.EventEmitter).once('reloadComplete', resolve),
      );
      await worker.patchConfig({
        config: join(build, WORKER_DIR, 'wrangler.json'),
        assets: build,
      } as never);
      await reloaded;
      site.url = await worker.url;
      site.bucket = await bucketOf();
    },
    async stop() {
      if (running === site) running = undefined;
      await worker.dispose();
    },
  };
  running = site;
  return site;
}

/**
 * A Worker with the API worker's service binding to PageRenderer (found through the dev
 * registry, as the stack's API worker finds it): the RPC is made from a Worker, as in
 * production, and this process only waits for its answer (a call through Miniflare's proxy from
 * here blocks this thread, where db/local answers the Worker's reads).
 */
const CALLER = `export default {
  async fetch(request, env) {
    try {
      return Response.json(await env.RENDERER.renderListings(await request.json()));
    } catch (error) {
      return new Response(String(error?.stack ?? error), { status: 500 });
    }
  },
};
`;
let caller: { url: URL; dispose(): Promise<void> } | undefined;

async function startCaller() {
  const entrypoint = join(root, 'caller.mjs');
  await writeFile(entrypoint, CALLER);
  const worker = await unstable_startWorker({
    name: 'site-worker-test-caller',
    entrypoint,
    compatibilityDate: '2026-11-01',
    bindings: {
      RENDERER: { type: 'service', service: 'guia-fortim-site', entrypoint: 'PageRenderer' },
    },
    dev: {
      server: { hostname: '127.0.0.1', port: 0 },
      inspector: false,
      watch: false,
      logLevel: 'warn',
      persist: join(root, 'caller-state'),
      registry: join(root, 'registry'),
    },
  } as never);
  await worker.ready;
  caller = { url: await worker.url, dispose: () => worker.dispose() };
}

async function renderThroughCaller(changes: ListingPagesChange[]): Promise<RenderedPages> {
  const response = await fetch((caller as { url: URL }).url, {
    method: 'POST',
    body: JSON.stringify(changes),
  });
  if (response.status !== 200) throw new Error(`renderListings: ${await response.text()}`);
  return (await response.json()) as RenderedPages;
}

/**
 * A build's directory made from the output of build `from` (a copy, under `name`), with the
 * Worker built for this code beside it (`live`'s: the same sources and environment, so the same
 * bundle a Worker build of it writes). `version` rewrites its site-build.json; `mark` appends a
 * comment only this copy has (markOf) to those pages' files, which tells its assets apart from
 * any page rendered of the same data.
 */
async function copyBuild(
  from: string,
  name: string,
  options: { version?: number; mark?: string[] } = {},
): Promise<string> {
  const dir = join(root, name);
  await cp(from, dir, { recursive: true });
  if (from !== live) {
    await cp(join(live, WORKER_DIR), join(dir, WORKER_DIR), { recursive: true });
    await cp(join(live, ASSETS_IGNORE), join(dir, ASSETS_IGNORE));
  }
  if (options.version !== undefined)
    await writeFile(join(dir, 'site-build.json'), JSON.stringify({ version: options.version }));
  for (const path of options.mark ?? []) await appendFile(join(dir, fileOf(path)), markOf(name));
  return dir;
}

const markOf = (name: string) => `\n<!-- build ${name} -->\n`;

const versionOf = async (build: string) =>
  (JSON.parse(await readFile(join(build, 'site-build.json'), 'utf8')) as { version: number })
    .version;

const get = (site: SiteWorker, path: string, init: RequestInit = {}) =>
  fetch(new URL(encodeURI(path), site.url), { redirect: 'manual', ...init });

const stored = async (site: SiteWorker, path: string, prefix = code) =>
  site.bucket.get(`${prefix}/${fileOf(path)}`);

async function slugOf(kind: ListingKind, where = 'true'): Promise<string> {
  const table = { hospedagem: 'hospedagens', comercio: 'comercios', passeio: 'passeios' }[kind];
  const { rows } = await sql(
    `select slug from public.${table} where ${where} order by created_at, id limit 1`,
  );
  const slug = rows[0]?.slug;
  if (!slug) throw new Error(`nenhum anúncio em ${table}`);
  return slug;
}

const siteVersion = async () => Number((await sql('select public.site_version() as v')).rows[0]?.v);

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, seed: true, quiet: true });
  root = await mkdtemp(join(tmpdir(), 'portal-site-worker-'));
  env = localSiteEnv(supabase);
  live = await staticBuild('live');
  const started = performance.now();
  const worker = await buildSiteWorker(live, env);
  timings['worker build'] = Math.round(performance.now() - started);
  if (!worker.ok)
    throw new Error(`O build do Worker falhou: ${worker.reason}\n${worker.log.slice(-4000)}`);
  code = worker.code;
  buildVersion = (
    JSON.parse(await readFile(join(live, 'site-build.json'), 'utf8')) as {
      version: number;
    }
  ).version;
  await startSite(live);
  await startCaller();
}, BUILDS_MS);

afterAll(async () => {
  await caller?.dispose();
  await running?.stop();
  await supabase?.stop();
  if (root) await rm(root, { recursive: true, force: true });
  console.log(`site-worker timings (ms): ${JSON.stringify(timings)}`);
}, 60_000);

describe('the build', () => {
  it("records its data version, out of the sitemap, and the Worker's code from its sources and environment", async () => {
    expect(buildVersion).toBe(await siteVersion());
    const sitemap = await readFile(join(live, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain('/hospedagem');
    expect(sitemap).not.toContain('site-build');
    expect(code).toBe(siteCode(env));
    expect(siteCode({ ...env, PUBLIC_API_URL: 'https://api.example.org' })).not.toBe(code);
    expect(await readFile(join(live, '.assetsignore'), 'utf8')).toContain(WORKER_DIR);
    const config = JSON.parse(await readFile(join(live, WORKER_DIR, 'wrangler.json'), 'utf8'));
    expect(config).toMatchObject({ main: 'entry.mjs', assets: { directory: '..' } });
    expect(config.vars ?? {}).toEqual({});
  });

  it('keeps the Worker bundle and its configuration out of the assets', async () => {
    const site = running as SiteWorker;
    for (const path of [
      `/${WORKER_DIR}/wrangler.json`,
      `/${WORKER_DIR}/entry.mjs`,
      '/.assetsignore',
    ]) {
      const response = await get(site, path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(await response.text()).toBe(await readFile(join(live, '404.html'), 'utf8'));
    }
  });
});

describe('pages rendered from the data the build shows', () => {
  it(
    'are the static build, byte for byte: every listing page, the lists, the home page, the data files',
    async () => {
      const site = running as SiteWorker;
      const changes: ListingPagesChange[] = [];
      for (const [kind, table] of [
        ['hospedagem', 'hospedagens'],
        ['comercio', 'comercios'],
        ['passeio', 'passeios'],
      ] as const) {
        const { rows } = await sql(`select slug from public.${table}`);
        changes.push({ kind, slugs: rows.map((row) => row.slug as string) });
      }
      const started = performance.now();
      const rendered = await site.render(changes);
      timings['render of every listing'] = Math.round(performance.now() - started);
      expect(rendered.version).toBe(buildVersion);
      expect([...rendered.paths].sort()).toEqual(pagesOfListings(changes).sort());
      expect(rendered.paths.length).toBeGreaterThan(20);
      for (const path of rendered.paths) {
        const page = await stored(site, path);
        expect({ path, version: page?.customMetadata?.version }).toEqual({
          path,
          version: String(buildVersion),
        });
        const same = (await page?.text()) === (await readFile(join(live, fileOf(path)), 'utf8'));
        expect({ path, same }).toEqual({ path, same: true });
      }
      // Of the build's own version: the build's pages are served (the same bytes anyway).
      const home = await get(site, '/');
      expect(home.headers.get('etag')).not.toBeNull();
    },
    TEST_MS,
  );
});

describe('a save', () => {
  let slug = '';
  let rendered: RenderedPages = { version: 0, paths: [] };
  let rebuilt = '';
  /** The build's validator for the listing's page, as a returning visitor's browser keeps it. */
  let buildEtag = '';

  beforeAll(async () => {
    slug = await slugOf('hospedagem');
    buildEtag =
      (await get(running as SiteWorker, listingPath('hospedagem', slug))).headers.get('etag') ?? '';
    await sql(
      `update public.hospedagens set name = 'Pousada Renomeada', price = 321 where slug = '${slug}'`,
    );
    const started = performance.now();
    rendered = await (running as SiteWorker).render([{ kind: 'hospedagem', slugs: [slug] }]);
    timings['render of a save'] = Math.round(performance.now() - started);
    rebuilt = await staticBuild('rebuilt');
  }, BUILDS_MS);

  it("renders the listing's page, its list and data file, the home page and the map", () => {
    expect(rendered.version).toBe(buildVersion + 1);
    expect([...rendered.paths].sort()).toEqual(
      [
        '/',
        '/dados/hospedagem-restantes.json',
        '/dados/mapa.json',
        '/hospedagem',
        listingPath('hospedagem', slug),
      ].sort(),
    );
  });

  it('is served over the older build: the bytes a whole build of the new data writes, with its headers', async () => {
    const site = running as SiteWorker;
    for (const path of rendered.paths) {
      const [response, asset] = await Promise.all([
        get(site, path),
        readFile(join(rebuilt, fileOf(path)), 'utf8'),
      ]);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      const same = (await response.text()) === asset;
      expect({ path, same }).toEqual({ path, same: true });
      // The build's `_headers` for the address (its CSP) and its content type.
      expect(response.headers.get('content-security-policy')).toContain("'sha256-test'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-type')).toMatch(
        path.endsWith('.json') ? /^application\/json/ : /^text\/html/,
      );
    }
    const page = await get(site, listingPath('hospedagem', slug));
    expect(await page.text()).toContain('Pousada Renomeada');
    // As the static asset has it: the same security headers on the page the build serves.
    const other = await get(site, '/mapa');
    expect(other.headers.get('content-security-policy')).toBe(
      page.headers.get('content-security-policy'),
    );
    const head = await get(site, listingPath('hospedagem', slug), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it("is what a returning visitor gets: the build's validator brings the page, the page's own a 304", async () => {
    const site = running as SiteWorker;
    const path = listingPath('hospedagem', slug);
    expect(buildEtag).not.toBe('');
    const returning = await get(site, path, { headers: { 'if-none-match': buildEtag } });
    expect(returning.status).toBe(200);
    expect(await returning.text()).toContain('Pousada Renomeada');
    const etag = returning.headers.get('etag') ?? '';
    expect(etag).not.toBe(buildEtag);
    const again = await get(site, path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another validator (neither the page's nor the build's): the page, whole.
    const other = await get(site, path, { headers: { 'if-none-match': '"outro"' } });
    expect(other.status).toBe(200);
    expect(await other.text()).toContain('Pousada Renomeada');
  });

  it('leaves redirects and the other files to the build', async () => {
    const site = running as SiteWorker;
    const slash = await get(site, `${LISTING_PATH.hospedagem}/`);
    expect(slash.status).toBe(307);
    expect(slash.headers.get('location')).toBe(LISTING_PATH.hospedagem);
    const build = await get(site, '/site-build.json');
    expect(await build.json()).toEqual({ version: buildVersion });
  });

  it(
    'gives way to a build of its version (equal: the build), not to an older one (one less: the page)',
    async () => {
      // The same build with the version the save shows: the static build is served.
      const equal = join(root, 'live-equal');
      await cp(live, equal, { recursive: true });
      await writeFile(
        join(equal, 'site-build.json'),
        JSON.stringify({ version: rendered.version }),
      );
      const path = listingPath('hospedagem', slug);
      let site = await startSite(equal);
      expect(await (await get(site, path)).text()).toBe(
        await readFile(join(live, fileOf(path)), 'utf8'),
      );
      // One less (the live build's own version): the rendered page.
      await writeFile(
        join(equal, 'site-build.json'),
        JSON.stringify({ version: rendered.version - 1 }),
      );
      site = await startSite(equal);
      expect(await (await get(site, path)).text()).toContain('Pousada Renomeada');
      // The whole build of the new data (its version, the save's): its own pages.
      site = await startSite(rebuilt);
      const served = await get(site, path);
      expect(await served.text()).toBe(await readFile(join(rebuilt, fileOf(path)), 'utf8'));
      site = await startSite(live);
    },
    TEST_MS,
  );

  it(
    'never serves a page stored under another code',
    async () => {
      const site = running as SiteWorker;
      const path = listingPath('hospedagem', slug);
      const other = 'f'.repeat(64);
      await site.bucket.put(`${other}/${fileOf(path)}`, 'OUTRO CÓDIGO', {
        customMetadata: { version: String(rendered.version + 1000) },
        httpMetadata: { contentType: 'text/html' },
      });
      await site.bucket.delete(`${code}/${fileOf(path)}`);
      try {
        const text = await (await get(site, path)).text();
        expect(text).not.toContain('OUTRO CÓDIGO');
        expect(text).toBe(await readFile(join(live, fileOf(path)), 'utf8'));
      } finally {
        await site.render([{ kind: 'hospedagem', slugs: [slug] }]);
      }
    },
    TEST_MS,
  );

  it(
    'is never replaced by an older render; a render of the same version replaces it',
    async () => {
      const site = running as SiteWorker;
      const path = listingPath('hospedagem', slug);
      const key = `${code}/${fileOf(path)}`;
      // A newer page than this data (a later save's render that finished first).
      await site.bucket.put(key, 'PÁGINA MAIS NOVA', {
        customMetadata: { version: String(rendered.version + 1) },
        httpMetadata: { contentType: 'text/html; charset=utf-8' },
      });
      const again = await site.render([{ kind: 'hospedagem', slugs: [slug] }]);
      expect(again.version).toBe(rendered.version);
      expect(await (await site.bucket.get(key))?.text()).toBe('PÁGINA MAIS NOVA');
      expect(await (await get(site, path)).text()).toBe('PÁGINA MAIS NOVA');
      // The same version: the same data, written again.
      await site.bucket.put(key, 'MESMA VERSÃO', {
        customMetadata: { version: String(rendered.version) },
      });
      // Two renders at once of the same data: both write, neither fails, the page is whole.
      await Promise.all([
        site.render([{ kind: 'hospedagem', slugs: [slug] }]),
        site.render([{ kind: 'hospedagem', slugs: [slug] }]),
      ]);
      const page = await site.bucket.get(key);
      expect(page?.customMetadata?.version).toBe(String(rendered.version));
      expect(await page?.text()).toBe(await readFile(join(rebuilt, fileOf(path)), 'utf8'));
    },
    TEST_MS,
  );

  describe('and the full builds swapped in under the running Worker (patchConfig)', () => {
    /** The pages of the save that show the listing's name: its page, its list, the home page. */
    const named = () => [listingPath('hospedagem', slug), LISTING_PATH.hospedagem, '/'];

    beforeAll(async () => {
      await startSite(live);
    }, TEST_MS);

    // Whatever build these leave live, the next tests start from `live`.
    afterAll(async () => {
      await startSite(live);
    }, TEST_MS);

    it(
      'a save during a full build is never hidden by it: the build that read before the save, live after it, still shows the save',
      async () => {
        const site = running as SiteWorker;
        // The build that read the data before the save (`live`'s output: the same data, its
        // version) and finished after it: it goes live once the save is rendered.
        const during = await copyBuild(live, 'read-before-save');
        await writeFile(join(during, 'swap-probe.txt'), 'read-before-save');
        expect(await versionOf(during)).toBe(buildVersion);
        expect(rendered.version).toBeGreaterThan(buildVersion);
        await site.swap(during);
        // The Worker serves that build now: a file only it has.
        expect(await (await get(site, '/swap-probe.txt')).text()).toBe('read-before-save');
        for (const path of named()) {
          const response = await get(site, path);
          const text = await response.text();
          expect({ path, status: response.status }).toEqual({ path, status: 200 });
          // The save, as a whole build of the new data shows it; not the build's own page.
          const [asset, after] = await Promise.all([
            readFile(join(during, fileOf(path)), 'utf8'),
            readFile(join(rebuilt, fileOf(path)), 'utf8'),
          ]);
          expect({ path, differs: asset !== after }).toEqual({ path, differs: true });
          expect({ path, same: text === after }).toEqual({ path, same: true });
        }
        expect(await (await get(site, listingPath('hospedagem', slug))).text()).toContain(
          'Pousada Renomeada',
        );
      },
      TEST_MS,
    );

    it(
      'a full build that includes the save replaces the rendered page; a later save is shown again over it',
      async () => {
        const site = running as SiteWorker;
        // The build made after the save (`rebuilt`), its pages marked: what it serves is its own.
        const after = await copyBuild(rebuilt, 'includes-save', { mark: named() });
        expect(await versionOf(after)).toBe(rendered.version);
        await site.swap(after);
        for (const path of named()) {
          const text = await (await get(site, path)).text();
          expect({ path, marked: text.endsWith(markOf('includes-save')) }).toEqual({
            path,
            marked: true,
          });
          expect({
            path,
            same: text === (await readFile(join(after, fileOf(path)), 'utf8')),
          }).toEqual({ path, same: true });
          // The rendered page is still stored, of the version the build shows: the rule, not
          // its absence, serves the build.
          const page = await stored(site, path);
          expect({ path, version: page?.customMetadata?.version }).toEqual({
            path,
            version: String(rendered.version),
          });
        }
        // A later save, rendered while this build is live: newer than it, served over it.
        await sql(
          `update public.hospedagens set name = 'Pousada Renomeada Outra Vez' where slug = '${slug}'`,
        );
        const later = await site.render([{ kind: 'hospedagem', slugs: [slug] }]);
        expect(later.version).toBeGreaterThan(rendered.version);
        for (const path of named()) {
          const [response, page] = await Promise.all([get(site, path), stored(site, path)]);
          const text = await response.text();
          expect({ path, status: response.status }).toEqual({ path, status: 200 });
          expect({ path, version: page?.customMetadata?.version }).toEqual({
            path,
            version: String(later.version),
          });
          expect({ path, same: text === (await page?.text()) }).toEqual({ path, same: true });
          expect({ path, marked: text.includes(markOf('includes-save')) }).toEqual({
            path,
            marked: false,
          });
        }
        expect(await (await get(site, listingPath('hospedagem', slug))).text()).toContain(
          'Pousada Renomeada Outra Vez',
        );
      },
      TEST_MS,
    );
  });
});

describe('a listing deleted, a listing created', () => {
  let deleted = '';
  let created = '';
  let rendered: RenderedPages = { version: 0, paths: [] };

  beforeAll(async () => {
    deleted = await slugOf('passeio');
    await sql(`delete from public.passeios where slug = '${deleted}'`);
    await sql(`
      insert into public.passeios
        (name, description, phone, image_url, price, duracao, ponto_encontro, categoria)
      values ('Passeio Novo', 'Pelo rio.', '5588999110009', '/demo/home/barco-1-hero.jpg', 90,
              '3 horas', 'Porto', 'Natureza');`);
    created = await slugOf('passeio', "name = 'Passeio Novo'");
    rendered = await (running as SiteWorker).render([
      { kind: 'passeio', slugs: [deleted, created] },
    ]);
  }, TEST_MS);

  it("answers the deleted listing's page with the 404 page, and its list no longer shows it", async () => {
    const site = running as SiteWorker;
    expect(rendered.paths).toEqual(
      expect.arrayContaining([listingPath('passeio', deleted), listingPath('passeio', created)]),
    );
    const gone = await get(site, listingPath('passeio', deleted));
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe(await readFile(join(live, '404.html'), 'utf8'));
    expect(gone.headers.get('content-security-policy')).toContain("'sha256-test'");
    const list = await (await get(site, LISTING_PATH.passeio)).text();
    const before = await readFile(join(live, fileOf(LISTING_PATH.passeio)), 'utf8');
    expect(before).toContain(listingPath('passeio', deleted));
    expect(list).not.toContain(listingPath('passeio', deleted));
    expect(list).toContain(listingPath('passeio', created));
  });

  it('gives the created listing its page', async () => {
    const site = running as SiteWorker;
    const page = await get(site, listingPath('passeio', created));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Passeio Novo');
  });

  it(
    'a restart keeps everything: the same build over the same R2 state serves the rendered pages, the same bytes, and the gone page',
    async () => {
      let site = running as SiteWorker;
      const page = listingPath('passeio', created);
      const gone = listingPath('passeio', deleted);
      const kept = [page, LISTING_PATH.passeio, '/'];
      // Served over `live`, older than the delete, which has the deleted page and not the new one.
      expect(await versionOf(live)).toBeLessThan(rendered.version);
      expect(existsSync(join(live, fileOf(gone)))).toBe(true);
      expect(existsSync(join(live, fileOf(page)))).toBe(false);
      const before = await Promise.all(kept.map(async (path) => (await get(site, path)).text()));
      await site.stop();
      site = await startSite(live);
      for (const [index, path] of kept.entries()) {
        const response = await get(site, path);
        const text = await response.text();
        expect({ path, status: response.status }).toEqual({ path, status: 200 });
        expect({ path, same: text === before[index] }).toEqual({ path, same: true });
        const object = await stored(site, path);
        expect({ path, version: object?.customMetadata?.version }).toEqual({
          path,
          version: String(rendered.version),
        });
        expect({ path, same: text === (await object?.text()) }).toEqual({ path, same: true });
      }
      const answer = await get(site, gone);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe(await readFile(join(live, '404.html'), 'utf8'));
    },
    TEST_MS,
  );

  it(
    "the deleted listing's gone marker answers over an older build only: a build of its version or newer is served",
    async () => {
      const site = running as SiteWorker;
      const gone = listingPath('passeio', deleted);
      const marker = await stored(site, gone);
      expect(marker?.customMetadata).toEqual({ version: String(rendered.version), gone: '1' });
      const page = await readFile(join(live, fileOf(gone)), 'utf8');
      // A build made before the delete (it still has the page), one version older: the marker.
      const older = await copyBuild(live, 'before-delete-older', { version: rendered.version - 1 });
      await site.swap(older);
      let answer = await get(site, gone);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe(await readFile(join(older, '404.html'), 'utf8'));
      // The same build claiming the marker's version, then one more: its own page.
      for (const [name, version] of [
        ['before-delete-equal', rendered.version],
        ['before-delete-newer', rendered.version + 1],
      ] as const) {
        const build = await copyBuild(live, name, { version });
        await site.swap(build);
        answer = await get(site, gone);
        expect({ name, status: answer.status }).toEqual({ name, status: 200 });
        expect({ name, same: (await answer.text()) === page }).toEqual({ name, same: true });
      }
      // A whole build after the delete, of the marker's version: its own answers, the 404 page
      // for the deleted listing and its page (marked) for the created one.
      const built = await staticBuild('after-delete');
      expect(await versionOf(built)).toBe(rendered.version);
      expect(existsSync(join(built, fileOf(gone)))).toBe(false);
      const after = await copyBuild(built, 'after-delete-marked', {
        mark: [listingPath('passeio', created)],
      });
      await site.swap(after);
      answer = await get(site, gone);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe(await readFile(join(after, '404.html'), 'utf8'));
      const createdPage = await (await get(site, listingPath('passeio', created))).text();
      expect(createdPage).toBe(
        await readFile(join(after, fileOf(listingPath('passeio', created))), 'utf8'),
      );
      expect(createdPage.endsWith(markOf('after-delete-marked'))).toBe(true);
    },
    BUILDS_MS,
  );
});
