// The pieces `npm start` and the browser suites bring up: the worker under wrangler dev, the
// admin panel and public site builds, the one local origin. Each returns a handle that stops it.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join } from 'node:path';
import { startServer } from '@guia-fortim/db/testing';
import { copyDemoPhotos } from '../../sites/portal/scripts/build-site.ts';
import { renderHeaders, type SiteOrigins } from './headers.ts';
import { createOrigin } from './origin.ts';
import type { BuildSite, Publisher } from './publisher.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
const ASTRO_BUILD = join(import.meta.dirname, 'astro-build.ts');

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

/** Runs a command to completion, collecting its output; never throws for a non-zero exit. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; onLine?: (line: string) => void },
): Promise<{ ok: boolean; log: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
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
  port: number;
  persistDir: string;
  supabaseUrl: string;
  publishableKey: string;
  siteUrl: string;
  deployHookUrl: string;
};

export async function startWorker(options: WorkerOptions) {
  const vars = {
    SUPABASE_URL: options.supabaseUrl,
    SUPABASE_PUBLISHABLE_KEY: options.publishableKey,
    ALLOWED_ORIGINS: options.siteUrl,
    PUBLIC_IMAGES_URL: `http://127.0.0.1:${options.port}/images`,
    DEPLOY_HOOK_URL: options.deployHookUrl,
  };
  const server = await startServer({
    command: 'npx',
    args: [
      '--no-install',
      'wrangler',
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--persist-to',
      options.persistDir,
      '--log-level',
      'warn',
      ...Object.entries(vars).flatMap(([key, value]) => ['--var', `${key}:${value}`]),
    ],
    port: options.port,
    cwd: join(ROOT, 'workers', 'api'),
    env: { WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? 'true' },
    readyPath: '/health',
    timeoutMs: 90_000,
  });
  return { ...server, imagesUrl: vars.PUBLIC_IMAGES_URL };
}

export type SiteEnv = {
  siteUrl: string;
  supabaseUrl: string;
  publishableKey: string;
  apiUrl: string;
  imagesUrl: string;
};

/** Environment the site and panel builds read (one list, see .env.example). */
export function buildEnv(env: SiteEnv): Record<string, string> {
  return {
    SITE_URL: env.siteUrl,
    SUPABASE_URL: env.supabaseUrl,
    SUPABASE_PUBLISHABLE_KEY: env.publishableKey,
    PUBLIC_SUPABASE_URL: env.supabaseUrl,
    PUBLIC_SUPABASE_PUBLISHABLE_KEY: env.publishableKey,
    PUBLIC_API_URL: env.apiUrl,
    PUBLIC_IMAGES_URL: env.imagesUrl,
    VITE_SUPABASE_URL: env.supabaseUrl,
    VITE_SUPABASE_PUBLISHABLE_KEY: env.publishableKey,
    VITE_API_URL: env.apiUrl,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

/**
 * A BuildSite for the Publisher: astro build into the fresh directory, then its _headers.
 * `data` is where the build reads its content when that differs from the browser's Supabase.
 */
export function siteBuilder(
  env: SiteEnv,
  options: {
    onLine?: (line: string) => void;
    data?: { url: string; key: string };
    /** Copy the drawn demo photos (/demo/…, referenced by the seed) into each build. */
    demoPhotos?: boolean;
  } = {},
): BuildSite {
  const portal = join(ROOT, 'sites', 'portal');
  return async (outDir) => {
    // Astro writes a static build's prerender chunks under <cwd>/.astro/ when outDir lies outside
    // the working directory, and deletes them when it finishes: concurrent builds (another stack,
    // the bench) in one checkout would delete each other's. Each build gets its own working
    // directory inside the project, so the chunks still resolve its node_modules, and its own
    // content cache (see astro-build.ts).
    const workDir = join(portal, '.astro', 'stack-builds', basename(outDir));
    mkdirSync(workDir, { recursive: true });
    const args = [ASTRO_BUILD, portal, outDir, join(workDir, 'cache')];
    const result = await run(process.execPath, args, {
      cwd: workDir,
      env: {
        ...buildEnv(env),
        ...(options.data
          ? { SUPABASE_URL: options.data.url, SUPABASE_PUBLISHABLE_KEY: options.data.key }
          : {}),
      },
      onLine: options.onLine,
    });
    rmSync(workDir, { recursive: true, force: true });
    if (result.ok) {
      const origins: SiteOrigins = {
        supabaseUrl: env.supabaseUrl,
        apiUrl: env.apiUrl,
        imagesUrl: env.imagesUrl,
      };
      const https = env.siteUrl.startsWith('https:');
      writeFileSync(join(outDir, '_headers'), renderHeaders(origins, { https }));
      if (options.demoPhotos) await copyDemoPhotos(outDir);
    }
    return result;
  };
}

export async function buildAdmin(env: SiteEnv, outDir: string, onLine?: (line: string) => void) {
  return run('npx', ['--no-install', 'vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: join(ROOT, 'admin'),
    env: buildEnv(env),
    onLine,
  });
}

export async function startOrigin(publisher: Publisher, adminDir: string | null, port: number) {
  const server = createOrigin({ publisher, adminDir });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
