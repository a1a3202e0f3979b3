// The API worker as the stack runs it: under wrangler dev (or on workerd directly, for the events
// benchmark), on a leash, watched, with its secrets in a file rather than on a command line.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '@guia-fortim/db/testing';
import { workerUrls } from './addresses.ts';
import type { BuildsConfig } from './build-service.ts';
import { leashed } from './leash.ts';
import { ROOT } from './root.ts';
import { run } from './run.ts';
import { writeSecretsFile } from './secrets-file.ts';
import { restartWhenSilent } from './watchdog.ts';

const WRANGLER_BIN = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');

/** What wrangler dev prints when Miniflare started a crashed workerd again. */
const RUNTIME_CRASHED = 'The Workers runtime crashed unexpectedly';

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
  /** The reviews' key the database holds (the review routes answer 503 without). */
  reviewKey?: string;
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

/**
 * The worker, on a leash and watched: started again when its runtime stops answering (see
 * watchdog.ts). Its secrets — the ingest key, the photo sweep's and the reviews' keys, the deploy hook's address
 * (which holds the hook's secret) and the builds API's token — never go on a command line:
 * wrangler dev reads them from a file only this user may read (secrets-file.ts), workerd-api.ts
 * from its environment.
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
    ...(options.reviewKey ? { REVIEW_KEY: options.reviewKey } : {}),
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
