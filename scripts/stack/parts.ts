// The pieces `npm start` and the browser suites bring up: the worker under wrangler dev, the
// admin panel and public site builds, the one local origin. Each returns a handle that stops it.
import { createHash, randomUUID } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { CONFIG_PATH, type PanelConfig } from '@guia-fortim/admin/config';
import { newStatsIngestKey, setStatsIngestKey } from '@guia-fortim/db/stats-key';
import { newImageSweepKey, setImageSweepKey } from '@guia-fortim/db/sweep-key';
import { freePort, type StartedServer, startServer } from '@guia-fortim/db/testing';
import { type LocalSupabase, projectKeys, startLocalSupabase } from '@guia-fortim/local-supabase';
import { buildEnv, buildSite, type SiteEnv } from '@guia-fortim/portal/build';
import { adminRewrites } from '../deploy/admin-routes.ts';
import { pruneBuildCache } from './build-cache.ts';
import { type BuildService, type BuildsConfig, startBuildService } from './build-service.ts';
import { copyDemoPhotos } from './demo-photo-cache.ts';
import { inlineScriptHashes, renderHeaders, type SiteOrigins } from './headers.ts';
import { leashed, spawnLeashed } from './leash.ts';
import { writeSecretsFile } from './secrets-file.ts';
import type { BuildSite } from './site-builder.ts';
import { SERVED_FILE } from './site-worker.ts';
import { placeSiteWorker } from './site-worker-bundles.ts';
import { type RunningTurnstile, TEST_SECRETS, TEST_SITEKEYS } from './turnstile.ts';
import { restartWhenSilent } from './watchdog.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
const WRANGLER_BIN = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');

/**
 * The stack's own registry of running Workers (wrangler's dev registry): the API worker's service
 * binding to the site Worker (SITE_PAGES) finds it there, as on Cloudflare by its name. One per
 * data directory, so two stacks on one machine never call each other's Worker.
 */
export const stackRegistry = (dataDir: string) => join(dataDir, 'registry');

/** What wrangler dev prints when Miniflare started a crashed workerd again. */
export const RUNTIME_CRASHED = 'The Workers runtime crashed unexpectedly';

/** Fails with a clear message when something else already listens on the port. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(
        new Error(
          `A porta ${port} (${what}) já está em uso. Feche o outro processo ou escolha outra porta.`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/**
 * Runs a command to completion on a leash (it ends if this process does), collecting its output;
 * never throws for a non-zero exit.
 */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; onLine?: (line: string) => void },
): Promise<{ ok: boolean; log: string }> {
  return new Promise((resolve) => {
    const child = spawnLeashed(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
    });
    let log = '';
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      log += text;
      if (options.onLine)
        for (const line of text.split('\n')) if (line.trim()) options.onLine(line);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => resolve({ ok: false, log: `${log}\n${error}` }));
    child.on('close', (code) => resolve({ ok: code === 0, log }));
  });
}

export type WorkerOptions = {
  /**
   * The dev registry where the worker's service binding finds the site Worker (stackRegistry);
   * by default one of its own under persistDir, where no site Worker runs.
   */
  registryDir?: string;
  port: number;
  persistDir: string;
  supabaseUrl: string;
  publishableKey: string;
  siteUrl: string;
  /** Workers Builds (the local build service): the site's deploy hook and the builds API. */
  builds: BuildsConfig;
  /** The listing statistics' ingest key the database holds (POST /api/events answers 503 without). */
  statsIngestKey?: string;
  /** The photo sweep's key the database holds (without it the sweep moves no photo). */
  imageSweepKey?: string;
  /**
   * Each request's client as Cloudflare's edge gives it (CF-Connecting-IP), as in production, so
   * one process can play many visitors (the benchmark). Otherwise every client is this machine
   * (the worker's LOCAL_CLIENTS): locally the header is whatever a client sent.
   */
  edgeClients?: boolean;
  /**
   * `wrangler dev` (default: reloads on change) or the same bundle and bindings on workerd
   * directly (workerd-api.ts), what the events benchmark measures.
   */
  runtime?: WorkerRuntime;
  /** Progress lines (a restart after the runtime stopped answering). */
  log?: (line: string) => void;
};

export type WorkerRuntime = 'wrangler-dev' | 'workerd';

/** The worker's address on `port`, and where it serves the stored photos (GET /images/*). */
const workerUrls = (port: number) => ({
  apiUrl: `http://127.0.0.1:${port}`,
  imagesUrl: `http://127.0.0.1:${port}/images`,
});

/**
 * The worker, on a leash and watched: started again when its runtime stops answering (see
 * watchdog.ts). Its secrets — the ingest key, the deploy hook's address (which holds the hook's
 * secret) and the builds API's token — never go on a command line: wrangler dev reads them from a file only this user
 * may read (secrets-file.ts), workerd-api.ts from its environment.
 */
export async function startWorker(options: WorkerOptions) {
  const imagesUrl = workerUrls(options.port).imagesUrl;
  const vars = {
    SUPABASE_URL: options.supabaseUrl,
    SUPABASE_PUBLISHABLE_KEY: options.publishableKey,
    ALLOWED_ORIGINS: options.siteUrl,
    PUBLIC_IMAGES_URL: imagesUrl,
    CLOUDFLARE_API_URL: options.builds.apiUrl,
    CLOUDFLARE_ACCOUNT_ID: options.builds.accountId,
    ...(options.edgeClients ? {} : { LOCAL_CLIENTS: '1' }),
  };
  const secrets = {
    DEPLOY_HOOK_URL: options.builds.hookUrl,
    BUILDS_API_TOKEN: options.builds.token,
    ...(options.statsIngestKey ? { STATS_INGEST_KEY: options.statsIngestKey } : {}),
    ...(options.imageSweepKey ? { IMAGE_SWEEP_KEY: options.imageSweepKey } : {}),
  };
  mkdirSync(options.persistDir, { recursive: true });
  const start =
    options.runtime === 'workerd'
      ? await workerdStarter(options, { ...vars, ...secrets })
      : wranglerDevStarter(options, vars, secrets);
  const server = await restartWhenSilent(start, {
    healthPath: '/health',
    name: 'A API (worker)',
    crashMark: RUNTIME_CRASHED,
    log: options.log,
  });
  return Object.assign(server, { imagesUrl });
}

const registryOf = (options: WorkerOptions) =>
  options.registryDir ?? join(options.persistDir, 'registry');

function wranglerDevStarter(
  options: WorkerOptions,
  vars: Record<string, string>,
  secrets: Record<string, string>,
) {
  const secretsFile = writeSecretsFile(join(options.persistDir, 'secrets.env'), secrets);
  // wrangler's own script on this Node, not through npx: npx spends half a second or more finding
  // it, on every start and every watchdog restart.
  const [command, args] = leashed(process.execPath, [
    WRANGLER_BIN,
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--persist-to',
    options.persistDir,
    '--log-level',
    'warn',
    '--env-file',
    secretsFile,
    ...Object.entries(vars).flatMap(([key, value]) => ['--var', `${key}:${value}`]),
  ]);
  return () =>
    startServer({
      command,
      args,
      port: options.port,
      cwd: join(ROOT, 'workers', 'api'),
      env: {
        WRANGLER_SEND_METRICS: 'false',
        CI: process.env.CI ?? 'true',
        WRANGLER_REGISTRY_PATH: registryOf(options),
      },
      readyPath: '/health',
      timeoutMs: 90_000,
    });
}

/** Bundles the worker once (as `wrangler deploy` would), then starts it on workerd directly. */
async function workerdStarter(options: WorkerOptions, vars: Record<string, string>) {
  const bundleDir = join(options.persistDir, 'bundle');
  const bundled = await run(
    'npx',
    ['--no-install', 'wrangler', 'deploy', '--dry-run', '--outdir', bundleDir],
    { cwd: join(ROOT, 'workers', 'api'), env: { WRANGLER_SEND_METRICS: 'false' } },
  );
  if (!bundled.ok) throw new Error(`O empacotamento do worker falhou:\n${bundled.log}`);
  const [command, args] = leashed(process.execPath, [
    join(import.meta.dirname, 'workerd-api.ts'),
    String(options.port),
    options.persistDir,
    bundleDir,
  ]);
  return () =>
    startServer({
      command,
      args,
      port: options.port,
      env: { WRANGLER_SEND_METRICS: 'false', GF_WORKER_VARS: JSON.stringify(vars) },
      readyPath: '/health',
      timeoutMs: 90_000,
    });
}

export type ApiOptions = {
  /** Where db/local (unless in memory) and the worker's R2 persist. */
  dataDir: string;
  ports: { site: number; supabase: number; api: number };
  /** In-memory database (tests). */
  memory?: boolean;
  reset?: boolean;
  /** Load the demo content and accounts into an empty database (default true). */
  seed?: boolean;
  /** Workers Builds as the worker reaches it: the local build service (startLocalBuilds). */
  builds: BuildsConfig;
  /**
   * The local Turnstile: Auth then asks for its CAPTCHA and the site renders its widget, with the
   * always-passing test keys, as production does with its own keys. Without it, CAPTCHA is off.
   */
  turnstile?: Pick<RunningTurnstile, 'origin' | 'siteverifyUrl'>;
  log?: (line: string) => void;
  workerRuntime?: WorkerRuntime;
  /** The worker takes each request's client from CF-Connecting-IP (see WorkerOptions). */
  edgeClients?: boolean;
};

export type Api = {
  supabase: LocalSupabase;
  worker: Awaited<ReturnType<typeof startWorker>>;
  /** The origins the site and the panel talk to. */
  env: SiteEnv;
  stop: () => Promise<void>;
};

/** db/local's directory in the stack's data directory (none for a database in memory). */
const supabaseDataDir = (options: { dataDir: string; memory?: boolean }) =>
  options.memory ? undefined : join(options.dataDir, 'supabase');

/**
 * The origins the site and the panel talk to, known from the ports and the publishable key before
 * any service answers (stackPublishableKey): the stack prepares the site while they start.
 */
export function stackEnv(
  ports: ApiOptions['ports'],
  publishableKey: string,
  turnstile?: ApiOptions['turnstile'],
): SiteEnv {
  return {
    siteUrl: `http://127.0.0.1:${ports.site}`,
    supabaseUrl: `http://127.0.0.1:${ports.supabase}`,
    publishableKey,
    ...workerUrls(ports.api),
    ...(turnstile
      ? { turnstile: { siteKey: TEST_SITEKEYS.passes, origin: turnstile.origin } }
      : {}),
  };
}

/** The publishable key the stack's Supabase will answer to (its data directory keeps it). */
export async function stackPublishableKey(options: {
  dataDir: string;
  memory?: boolean;
}): Promise<string> {
  return (await projectKeys({ dataDir: supabaseDataDir(options) })).publishableKey;
}

/**
 * db/local and the worker under wrangler dev in front of it, for a site on ports.site built by the
 * local build service: what `npm start` and `npm run dev` both run behind their origin.
 * `onDatabase` is called once the database answers, before the worker starts (the stack begins
 * the site's first build then).
 */
export async function startApi(
  options: ApiOptions,
  onDatabase?: (supabase: LocalSupabase) => void,
): Promise<Api> {
  const { dataDir, ports } = options;
  const log = options.log ?? (() => {});
  await assertPortFree(ports.supabase, 'Supabase local');
  await assertPortFree(ports.api, 'API (worker)');
  const siteUrl = `http://127.0.0.1:${ports.site}`;
  log('Iniciando o Supabase local (banco, autenticação, REST)…');
  const supabase = await startLocalSupabase({
    port: ports.supabase,
    dataDir: supabaseDataDir(options),
    reset: options.reset ?? false,
    seed: options.seed ?? true,
    siteUrl,
    quiet: !!options.memory,
    ...(options.turnstile
      ? {
          auth: {
            captcha: { secret: TEST_SECRETS.passes, verifyUrl: options.turnstile.siteverifyUrl },
          },
        }
      : {}),
  });
  try {
    // A new ingest key for the listing statistics on every start, as an operator sets one
    // (`npm run stats:key`): the database keeps its hash, the worker gets it as a secret.
    const statsIngestKey = newStatsIngestKey();
    await setStatsIngestKey(supabase.url, supabase.keys.secretKey, statsIngestKey);
    // And the photo sweep's, as `npm run deploy` sets it.
    const imageSweepKey = newImageSweepKey();
    await setImageSweepKey(supabase.url, supabase.keys.secretKey, imageSweepKey);
    onDatabase?.(supabase);
    log('Iniciando a API (worker no workerd)…');
    const worker = await startWorker({
      port: ports.api,
      persistDir: join(dataDir, 'wrangler'),
      registryDir: stackRegistry(dataDir),
      supabaseUrl: supabase.url,
      publishableKey: supabase.keys.publishableKey,
      siteUrl,
      builds: options.builds,
      statsIngestKey,
      imageSweepKey,
      runtime: options.workerRuntime ?? 'wrangler-dev',
      edgeClients: options.edgeClients,
      log,
    });
    const env = stackEnv(ports, supabase.keys.publishableKey, options.turnstile);
    const sweep = fireSweepOnSchedule(worker.url, log);
    return {
      supabase,
      worker,
      env,
      stop: async () => {
        clearInterval(sweep);
        await worker.stop().catch(() => {});
        await supabase.stop();
      },
    };
  } catch (error) {
    await supabase.stop().catch(() => {});
    throw error;
  }
}

/** The API worker's Cron Trigger (workers/api/wrangler.jsonc), every 15 minutes. */
export const SWEEP_CRON = '*/15 * * * *';
const SWEEP_EVERY_MS = 15 * 60 * 1000;

/**
 * wrangler dev never fires a Cron Trigger by itself ("Scheduled Workers are not automatically
 * triggered during local development", it warns); the stack fires the photo sweep on the same
 * schedule through wrangler's local endpoint, /cdn-cgi/local/scheduled, which runs the worker's
 * scheduled() and answers 500 when it threw.
 */
function fireSweepOnSchedule(workerUrl: string, log: (line: string) => void) {
  const timer = setInterval(() => {
    fetch(`${workerUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(SWEEP_CRON)}`)
      .then(async (response) => {
        await response.body?.cancel();
        if (!response.ok) log('A varredura de fotos falhou (veja o log do worker).');
      })
      .catch(() => log('A varredura de fotos não encontrou o worker.'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return timer;
}

/** What the panel needs inside the site's assets: its build, its configuration, its routes. */
export type PanelFiles = { dir: string; config: PanelConfig };

/**
 * The panel inside a site build, as Cloudflare Pages serves both: the built panel under admin/,
 * its runtime configuration at /admin/config.json, its single-page routes in `_redirects`.
 */
export function addPanel(outDir: string, panel: PanelFiles) {
  cpSync(panel.dir, join(outDir, 'admin'), { recursive: true });
  writeFileSync(join(outDir, CONFIG_PATH), `${JSON.stringify(panel.config, null, 2)}\n`);
  const redirects = join(outDir, '_redirects');
  const routes = adminRewrites();
  // Again on a restart (the last live build gets this run's panel and addresses): once.
  if (!(existsSync(redirects) && readFileSync(redirects, 'utf8').includes(routes))) {
    appendFileSync(redirects, routes);
  }
}

/**
 * Site builds for the SiteBuilder (or one for `npm run deploy`), as `npm run build:site` makes
 * them: astro build into the fresh directory, its _headers, then the site Worker that serves it
 * (site-worker-bundles.ts), which reads its data from the same Supabase. `data` is where the build
 * reads its content when that differs from the browser's Supabase. Each build runs in a process
 * of its own, as Workers Builds runs it; with `cacheDir`, the builds share Astro's cache
 * (incremental: see sites/portal/README.md).
 */
export function siteBuilder(
  env: SiteEnv,
  options: {
    onLine?: (line: string) => void;
    data?: { url: string; key: string };
    /** Copy the drawn demo photos (/demo/…, referenced by the seed) into each build. */
    demoPhotos?: boolean;
    /** Put the panel into each build (the served origin is the build, as the deployed site Worker's assets). */
    panel?: PanelFiles;
    /** Astro's cache directory, kept between these builds (they run one at a time). */
    cacheDir?: string;
  } = {},
): { build: BuildSite } {
  const siteEnv = {
    ...buildEnv(env),
    ...(options.data
      ? { SUPABASE_URL: options.data.url, SUPABASE_PUBLISHABLE_KEY: options.data.key }
      : {}),
  };
  const { onLine, cacheDir } = options;
  const build: BuildSite = async (outDir) => {
    const result = await buildSite(outDir, siteEnv, { onLine, cacheDir });
    if (!result.ok) return result;
    const origins: SiteOrigins = {
      supabaseUrl: env.supabaseUrl,
      apiUrl: env.apiUrl,
      imagesUrl: env.imagesUrl,
      turnstileUrl: env.turnstile?.origin,
    };
    const https = env.siteUrl.startsWith('https:');
    const scriptHashes = inlineScriptHashes(outDir);
    writeFileSync(join(outDir, '_headers'), renderHeaders(origins, { https, scriptHashes }));
    if (options.demoPhotos) await copyDemoPhotos(outDir);
    if (options.panel) addPanel(outDir, options.panel);
    const worker = await placeSiteWorker(
      outDir,
      siteEnv,
      // The Supabase the deployed site reads (a dry run's build reads demo content elsewhere).
      { SUPABASE_URL: env.supabaseUrl, SUPABASE_PUBLISHABLE_KEY: env.publishableKey },
      { onLine },
    );
    return worker.ok ? { ok: true, log: `${result.log}\n${worker.log}` } : worker;
  };
  return { build };
}

/** What the panel reads from /admin/config.json (admin/src/config.ts) for these origins. */
export function panelConfig(env: SiteEnv): PanelConfig {
  return { supabaseUrl: env.supabaseUrl, publishableKey: env.publishableKey, apiUrl: env.apiUrl };
}

/** Built panels by a hash of their inputs; the panel carries no configuration (config.json). */
const PANEL_CACHE = join(ROOT, 'node_modules', '.cache', 'guia-fortim-panel');
/** Everything the panel build reads: its sources, the shared rules it imports, the lockfile. */
const PANEL_INPUTS = ['admin/src', 'admin/public', 'db/domain', 'package-lock.json']
  .concat(['admin/index.html', 'admin/package.json', 'admin/tsconfig.json', 'admin/vite.config.ts'])
  .map((path) => join(ROOT, path));
/** Builds kept besides the current one (other checkouts' states, a branch switch). */
const PANEL_KEEP = 3;

export function panelSourceHash(): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name));
      return;
    }
    hash
      .update(`${relative(ROOT, path)}\0`)
      .update(readFileSync(path))
      .update('\0');
  };
  for (const input of PANEL_INPUTS) add(input);
  return hash.digest('hex').slice(0, 20);
}

export type PanelBuild = { ok: boolean; dir: string; log: string; cached: boolean };
const panelBuilds = new Map<string, Promise<PanelBuild>>();

/**
 * The built panel for the current sources: reused from the cache when its inputs have not
 * changed, built once otherwise. Stacks starting together in one process share one build; builds
 * in other processes each write their own temporary directory and the first to finish is renamed
 * into place (an atomic rename; the others are discarded), so no two builds share a directory.
 */
export function panelBuild(onLine?: (line: string) => void): Promise<PanelBuild> {
  const key = panelSourceHash();
  let build = panelBuilds.get(key);
  if (!build) {
    build = buildPanelOnce(key, onLine);
    panelBuilds.set(key, build);
    build.then((result) => result.ok || panelBuilds.delete(key));
  }
  return build;
}

async function buildPanelOnce(key: string, onLine?: (line: string) => void): Promise<PanelBuild> {
  const dir = join(PANEL_CACHE, key);
  if (existsSync(join(dir, 'index.html'))) {
    const now = new Date();
    utimesSync(dir, now, now);
    return { ok: true, dir, log: '', cached: true };
  }
  mkdirSync(PANEL_CACHE, { recursive: true });
  const temp = join(PANEL_CACHE, `${key}.${process.pid}-${randomUUID()}.tmp`);
  const result = await run(
    'npx',
    ['--no-install', 'vite', 'build', '--outDir', temp, '--emptyOutDir'],
    // Whatever the caller's NODE_ENV (Playwright's runner sets one): a production build, or MUI's
    // emotion writes style text the panel's policy blocks.
    { cwd: join(ROOT, 'admin'), onLine, env: { NODE_ENV: 'production' } },
  );
  if (!result.ok) {
    rmSync(temp, { recursive: true, force: true });
    return { ok: false, dir, log: result.log, cached: false };
  }
  try {
    renameSync(temp, dir);
  } catch {
    // Another process put the same build in place first.
    rmSync(temp, { recursive: true, force: true });
    if (!existsSync(join(dir, 'index.html'))) {
      return {
        ok: false,
        dir,
        log: `${result.log}\nO build do painel não pôde ser guardado.`,
        cached: false,
      };
    }
  }
  pruneBuildCache(PANEL_CACHE, key, PANEL_KEEP);
  return { ok: true, dir, log: result.log, cached: false };
}

/**
 * The site origin: the site Worker (site-worker.ts, wrangler dev's engine over the live build
 * under `root`, the Worker the build holds), in its own process on a leash. Its R2 bucket of
 * rendered pages persists in `persistDir`; it registers in the stack's dev registry
 * (`registryDir`, stackRegistry), where the API worker's service binding finds it.
 * `serving(dir)` resolves once a swapped-in build is what it serves.
 */
export async function startOrigin(
  root: string,
  port: number,
  options: {
    persistDir: string;
    registryDir: string;
    /**
     * Started ahead of its first build: it answers once a build is live (site-worker.ts waits for
     * one), and `signal` stops it when that build fails.
     */
    beforeBuild?: AbortSignal;
  },
): Promise<StartedServer & { serving: (dir: string) => Promise<void> }> {
  const [command, args] = leashed(process.execPath, [
    join(import.meta.dirname, 'site-worker.ts'),
    root,
    String(port),
    options.persistDir,
    options.registryDir,
  ]);
  const server = await startServer({
    command,
    args,
    port,
    env: { WRANGLER_SEND_METRICS: 'false' },
    readyPath: '/',
    // Ahead of the first build: as long as that build may take.
    timeoutMs: options.beforeBuild ? 600_000 : 60_000,
    ...(options.beforeBuild ? { signal: options.beforeBuild } : {}),
  });
  const served = () => {
    try {
      return readFileSync(join(root, SERVED_FILE), 'utf8');
    } catch {
      return null;
    }
  };
  return Object.assign(server, {
    serving: async (dir: string) => {
      // The Worker reloads within a second (measured 23 ms on a quiet machine); past this, the
      // origin is down or restarting and the build stays live for it to find.
      const deadline = Date.now() + 30_000;
      while (served() !== dir && Date.now() < deadline && server.process.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  });
}

/**
 * Workers Builds on this machine (build-service.ts), on a port of its own (a free test-range one
 * unless given); its runner, the stack's SiteBuilder, is attached once it exists.
 */
export async function startLocalBuilds(port?: number): Promise<BuildService> {
  return startBuildService({ port: port ?? (await freePort()) });
}
