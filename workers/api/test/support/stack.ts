// The real parts the tests run against: db/local (Auth + REST over PGlite, the same migrations
// and row-level security as production) and this worker under `wrangler dev` (workerd, local R2,
// the Images binding simulated with sharp).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type StartedServer, startServer } from '@guia-fortim/db/testing';
import type { JWK } from 'jose';
import type { BuildsConfig } from './hook.ts';

const PACKAGE_DIR = new URL('../..', import.meta.url).pathname;
const WRANGLER = join(
  createRequire(import.meta.url).resolve('wrangler/package.json'),
  '..',
  'bin',
  'wrangler.js',
);

export type SigningKey = { kid: string; privateJwk: JWK };

export type LocalSupabase = {
  url: string;
  publishableKey: string;
  secretKey: string;
  /** The legacy HS256 secret (Supabase still accepts tokens signed with it). */
  jwtSecret: string;
  /** The legacy anon key: a JWT with role anon. */
  anonKey: string;
  /** The ES256 key that signs access tokens, read from the project's keys file. */
  signingKey: SigningKey;
  server: StartedServer;
};

/**
 * db/local in its own process, with a data directory (not memory) so the project's keys are on
 * disk: the tests sign tokens with the real key (expired ones) to prove the worker checks more
 * than the signature.
 */
export async function startSupabase(dir: string): Promise<LocalSupabase> {
  const dataDir = join(dir, 'supabase');
  const server = await startServer({
    command: process.execPath,
    args: [new URL('./supabase-main.ts', import.meta.url).pathname, dataDir],
    readyPath: '/auth/v1/.well-known/jwks.json',
    timeoutMs: 60_000,
  });
  const keys = JSON.parse(readFileSync(join(dataDir, 'keys.json'), 'utf8')) as {
    publishableKey: string;
    secretKey: string;
    legacyJwtSecret: string;
    anonKey: string;
    signingKey: SigningKey;
  };
  return {
    url: server.url,
    publishableKey: keys.publishableKey,
    secretKey: keys.secretKey,
    jwtSecret: keys.legacyJwtSecret,
    anonKey: keys.anonKey,
    signingKey: keys.signingKey,
    server,
  };
}

export type WorkerOptions = {
  supabaseUrl: string;
  publishableKey: string;
  /** Workers Builds (test/support/hook.ts): the site's deploy hook and the builds API. */
  builds: BuildsConfig;
  /** Local R2 and Durable Object storage. */
  persistTo: string;
  jwtSecret?: string;
  /** The listing statistics' ingest key (set in the database with setStatsIngestKey). */
  statsIngestKey?: string;
  /** The events' repeat window in ms, shorter than the product's for the tests (see README). */
  statsRepeatWindowMs?: number;
  /** The photo sweep's key (set in the database with setImageSweepKey), or a forged one. */
  imageSweepKey?: string;
  /** Objects per list call of the photo sweep, smaller than R2's 1000 (see README). */
  sweepPageSize?: number;
  /** The reviews' key (set in the database with setReviewKey). */
  reviewKey?: string;
  /**
   * The site's origin (the first of ALLOWED_ORIGINS), where the Cron Trigger's catch-up reads
   * the live build's /site-build.json; by default the local site's, where no test runs one.
   */
  siteUrl?: string;
  /**
   * wrangler's dev registry, where the SITE_PAGES binding finds a site Worker run with the same
   * one (site-worker.ts); by default the suite's own, never the machine's.
   */
  registryDir?: string;
};

export async function startWorker(options: WorkerOptions): Promise<StartedServer> {
  mkdirSync(options.persistTo, { recursive: true });
  const vars: Record<string, string> = {
    SUPABASE_URL: options.supabaseUrl,
    SUPABASE_PUBLISHABLE_KEY: options.publishableKey,
    ALLOWED_ORIGINS: options.siteUrl ?? 'http://127.0.0.1:4321,http://localhost:4321',
    PUBLIC_IMAGES_URL: 'http://127.0.0.1:{port}/images',
    CLOUDFLARE_API_URL: options.builds.apiUrl,
    CLOUDFLARE_ACCOUNT_ID: options.builds.accountId,
    ...(options.statsRepeatWindowMs !== undefined
      ? { STATS_REPEAT_WINDOW_MS: String(options.statsRepeatWindowMs) }
      : {}),
    ...(options.sweepPageSize !== undefined
      ? { SWEEP_PAGE_SIZE: String(options.sweepPageSize) }
      : {}),
  };
  // Secrets go in a file only this user reads (`--env-file`), not on the command line, which
  // every process of the machine can read.
  const secrets = {
    DEPLOY_HOOK_URL: options.builds.hookUrl,
    BUILDS_API_TOKEN: options.builds.token,
    ...(options.jwtSecret ? { SUPABASE_JWT_SECRET: options.jwtSecret } : {}),
    ...(options.statsIngestKey ? { STATS_INGEST_KEY: options.statsIngestKey } : {}),
    ...(options.imageSweepKey ? { IMAGE_SWEEP_KEY: options.imageSweepKey } : {}),
    ...(options.reviewKey ? { REVIEW_KEY: options.reviewKey } : {}),
  };
  const secretsFile = join(options.persistTo, 'secrets.env');
  writeFileSync(
    secretsFile,
    Object.entries(secrets)
      .map(([key, value]) => `${key}='${value}'\n`)
      .join(''),
    { mode: 0o600 },
  );
  return startServer({
    command: process.execPath,
    args: [
      WRANGLER,
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      '{port}',
      '--persist-to',
      options.persistTo,
      '--show-interactive-dev-session=false',
      '--env-file',
      secretsFile,
      ...Object.entries(vars).flatMap(([key, value]) => ['--var', `${key}:${value}`]),
    ],
    cwd: PACKAGE_DIR,
    // Offline machines: no telemetry attempts.
    env: {
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_REGISTRY_PATH: options.registryDir ?? join(options.persistTo, 'registry'),
    },
    readyPath: '/health',
    timeoutMs: 90_000,
  });
}

export type Session = { id: string; email: string; token: string };

async function authCall(
  supabaseUrl: string,
  publishableKey: string,
  path: string,
  body: object,
): Promise<Session> {
  const response = await fetch(`${supabaseUrl}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as {
    access_token?: string;
    user?: { id: string; email: string };
  };
  if (!response.ok || !json.access_token || !json.user) {
    throw new Error(`${path} falhou (${response.status}): ${JSON.stringify(json)}`);
  }
  return { id: json.user.id, email: json.user.email, token: json.access_token };
}

export const signUp = (url: string, key: string, email: string, password: string) =>
  authCall(url, key, 'signup', { email, password, data: {} });

export const signIn = (url: string, key: string, email: string, password: string) =>
  authCall(url, key, 'token?grant_type=password', { email, password });
