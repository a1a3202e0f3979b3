// Builds the public site against a given Supabase into a directory, and adds the demo photos the
// seed refers to (/demo/...), drawn once into a cache. Used by the browser tests and the bench.
import { spawn } from 'node:child_process';
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export const PORTAL_DIR = join(import.meta.dirname, '..');
const ROOT = join(PORTAL_DIR, '..', '..');
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
const PHOTO_CACHE = join(ROOT, 'node_modules', '.cache', 'guia-fortim-demo-photos');

export type SiteSource = { siteUrl: string; supabaseUrl: string; publishableKey: string };

/** The environment `astro build` reads for a given site address and Supabase. */
export function buildEnv(source: SiteSource): Record<string, string> {
  return {
    SITE_URL: source.siteUrl,
    SUPABASE_URL: source.supabaseUrl,
    SUPABASE_PUBLISHABLE_KEY: source.publishableKey,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

/** Runs a Node script to completion; rejects with its output when it fails. */
export function runNode(args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk) => {
      log += chunk;
    });
    child.stderr.on('data', (chunk) => {
      log += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(log)
        : reject(new Error(`node ${args.join(' ')} falhou (código ${code}):\n${log.slice(-4000)}`)),
    );
  });
}

export async function buildSite(outDir: string, source: SiteSource): Promise<void> {
  await runNode([ASTRO, 'build', '--outDir', outDir], PORTAL_DIR, buildEnv(source));
}

/** Draws the demo photos missing from the cache (all of them take about a minute). */
export async function drawDemoPhotos(): Promise<void> {
  await mkdir(PHOTO_CACHE, { recursive: true });
  await runNode([join(ROOT, 'db', 'seed', 'photos.ts'), PHOTO_CACHE], ROOT);
}

/** Copies the drawn demo photos into a built site. */
export async function copyDemoPhotos(outDir: string): Promise<void> {
  await cp(join(PHOTO_CACHE, 'demo'), join(outDir, 'demo'), { recursive: true });
}
